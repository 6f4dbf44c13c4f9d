/**
 * The e-invoice calls (contract/invoices.ts invoicePaths, server/modules/invoices): the settings,
 * the list with its counts per status, one invoice, what an invoice for some orders would say, the
 * buyer's other invoiceable orders, the goods returned not yet adjusted, the files, and the writes
 * (issue, cancel, replace, adjust, send again, the agreement's scan, the list of an adjustment of
 * several invoices). Every read starts its key with ['invoices', company], so one invalidation
 * after a write refreshes them all; an invoice still being published (number, then files) or cancelled is asked
 * again every two seconds until the job is done.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  invoicePaths,
  type BuyerInput,
  type InvoiceAdjustInput,
  type InvoiceableOrder,
  type InvoiceDraft,
  type InvoiceListBonus,
  type InvoiceRecord,
  type InvoiceSettingsInput,
  type InvoiceSettingsRecord,
  type PaymentMethod,
} from '@contract/invoices';
import type { InvoiceReturns } from '@contract/invoices-corrections';
import { addDays } from '@contract/calendar-days';
import { apiRequest } from '@/api/client';
import { downloadFile, postForm } from '@/api/files';
import { companyQueryKeys } from '@/api/query-keys';
import type { InvoiceFilter } from '../model/invoice-filter';

export const invoiceKeys = companyQueryKeys('invoices');

/** Still changing on the server: being published, its files being fetched, or being cancelled. */
const busy = (invoice: Pick<InvoiceRecord, 'status' | 'cancel_state' | 'has_pdf' | 'status_message'>) =>
  invoice.status === 'pending' ||
  invoice.cancel_state === 'requested' ||
  (invoice.status === 'issued' && !invoice.has_pdf && !invoice.status_message);
const POLL_MS = 2_000;

export type InvoiceSettingsAnswer = {
  settings: InvoiceSettingsRecord | null;
  defaults: { tax_code: string; seller_legal_name: string; seller_address: string; seller_phone: string | null };
  simulator_available: boolean;
};

export function useInvoiceSettings(companyId: number) {
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'settings'),
    retry: false,
    queryFn: async () => (await apiRequest<InvoiceSettingsAnswer>(invoicePaths.settings, { query: { company: companyId } })).data,
  });
}

export async function saveInvoiceSettings(input: InvoiceSettingsInput): Promise<string> {
  const answer = await apiRequest<InvoiceSettingsRecord>(invoicePaths.settings, { method: 'PUT', body: input });
  return answer.message ?? 'Đã lưu cấu hình hóa đơn điện tử';
}

export type InvoiceList = { rows: InvoiceRecord[]; count: number; bonus: InvoiceListBonus | undefined };

export function useInvoiceList(companyId: number, filter: InvoiceFilter) {
  const query = { company: companyId, page: filter.page, limit: filter.limit, search: filter.search, status: filter.status };
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'list', query),
    retry: false,
    placeholderData: keepPreviousData,
    refetchInterval: (state) => (state.state.data?.rows.some(busy) ? POLL_MS : false),
    queryFn: async (): Promise<InvoiceList> => {
      const answer = await apiRequest<InvoiceRecord[]>(invoicePaths.invoices, { query });
      return { rows: answer.data, count: answer.count ?? answer.data.length, bonus: answer.bonus as InvoiceListBonus | undefined };
    },
  });
}

export function useInvoice(companyId: number, id: string) {
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'one', id),
    retry: false,
    refetchInterval: (state) => (state.state.data && busy(state.state.data) ? POLL_MS : false),
    queryFn: async () =>
      (await apiRequest<InvoiceRecord>(invoicePaths.invoice(id), { query: { company: companyId }, redirectOnForbidden: false })).data,
  });
}

/**
 * Goods returned through the warehouse (return receipts) that no decrease of the published invoice
 * `id` adjusted yet, to fill the adjusting invoice's returned quantities; asked only when `enabled`.
 * An answer without its lists reads as nothing returned.
 */
export function useInvoiceReturns(companyId: number, id: string, enabled: boolean) {
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'returns', id),
    enabled,
    retry: false,
    queryFn: async (): Promise<InvoiceReturns> => {
      const { data } = await apiRequest<Partial<InvoiceReturns> | null>(invoicePaths.returns(id), {
        query: { company: companyId },
        redirectOnForbidden: false,
      });
      return {
        lines: Array.isArray(data?.lines) ? data.lines : [],
        receipts: Array.isArray(data?.receipts) ? data.receipts : [],
      };
    },
  });
}

/** The invoices of an order, newest first (the order's page). */
export function useOrderInvoices(companyId: number, orderId: string) {
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'order', orderId),
    retry: false,
    refetchInterval: (state) => (state.state.data?.some(busy) ? POLL_MS : false),
    queryFn: async () =>
      (
        await apiRequest<InvoiceRecord[]>(invoicePaths.invoices, {
          query: { company: companyId, order: orderId, limit: 20 },
          redirectOnForbidden: false,
        })
      ).data,
  });
}

export function useInvoiceableOrders(companyId: number, customerId: string | null) {
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'invoiceable', customerId),
    enabled: customerId !== null,
    retry: false,
    queryFn: async () =>
      (await apiRequest<InvoiceableOrder[]>(invoicePaths.invoiceableOrders, { query: { company: companyId, customer: customerId } })).data,
  });
}

/**
 * The buyer's published invoices made around the month of `issuedOn` (from the first day of the
 * month before, for one made then and published in the month, to the month's last day): those the
 * list of an adjustment (Mẫu 01/BK-ĐCTT) may take, once the contract's listRefusal judged them.
 */
export function useBuyerIssuedInvoices(companyId: number, customerId: string | null, issuedOn: string | null) {
  const month = issuedOn?.slice(0, 7) ?? null;
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'customer', customerId, 'issued', month),
    enabled: customerId !== null && month !== null,
    retry: false,
    queryFn: async () => {
      const first = `${month}-01`;
      const query = {
        company: companyId,
        customer: customerId,
        status: 'issued',
        date_from: `${addDays(first, -1).slice(0, 7)}-01`,
        date_to: addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1),
        limit: 200,
      };
      return (await apiRequest<InvoiceRecord[]>(invoicePaths.invoices, { query, redirectOnForbidden: false })).data;
    },
  });
}

export function useInvoiceDraft(companyId: number, orderIds: readonly string[], notSubject: readonly string[]) {
  return useQuery({
    queryKey: invoiceKeys.of(companyId, 'draft', orderIds, notSubject),
    enabled: orderIds.length > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await apiRequest<InvoiceDraft>(invoicePaths.preview, {
          method: 'POST',
          body: { company: companyId, order_ids: orderIds, not_subject_lines: notSubject },
        })
      ).data,
  });
}

/** The agreement with the buyer as sent (contract/invoices-corrections.ts AgreementSchema). */
export type AgreementInput = { signed_on: string; buyer_representative: string; error: string };

export type IssueInput = {
  order_ids: string[];
  buyer: BuyerInput;
  payment_method: PaymentMethod;
  not_subject_lines: string[];
  note: string | null;
};

/** The writes, each refreshing every invoice read of the company. */
export function useInvoiceWrites(companyId: number) {
  const client = useQueryClient();
  const refreshed = useCallback(
    async <T>(write: Promise<T>): Promise<T> => {
      const result = await write;
      await client.invalidateQueries({ queryKey: invoiceKeys.all(companyId) });
      return result;
    },
    [client, companyId],
  );
  const post = (path: string, body: Record<string, unknown>) =>
    refreshed(apiRequest<InvoiceRecord>(path, { method: 'POST', body: { company: companyId, ...body } }).then((answer) => answer.data));
  return {
    issue: (input: IssueInput) => post(invoicePaths.invoices, input),
    cancel: (id: string, reason: string) => post(invoicePaths.cancel(id), { reason }),
    replace: (id: string, input: Omit<IssueInput, 'order_ids' | 'note'> & { reason: string; agreement: AgreementInput | null }) =>
      post(invoicePaths.replace(id), input),
    /** Answers the new adjusting invoice (pending until the job publishes it). */
    adjust: (id: string, input: Omit<InvoiceAdjustInput, 'company'>) => post(invoicePaths.adjust(id), input),
    retry: (id: string) => post(invoicePaths.retry(id), {}),
    /** The agreement's scan (PDF or photo, the server checks type and size) on the adjusting or replacing invoice `id`. */
    uploadAgreementScan: (id: string, file: File) => {
      const form = new FormData();
      form.set('company', String(companyId));
      form.append('file', file, file.name);
      return refreshed(postForm<InvoiceRecord>(invoicePaths.agreementScan(id), form).then((answer) => answer.data));
    },
  };
}

export function downloadInvoiceFile(
  companyId: number,
  invoice: Pick<InvoiceRecord, 'id' | 'number'>,
  kind: 'pdf' | 'xml',
): Promise<string> {
  return downloadFile(
    kind === 'pdf' ? invoicePaths.pdf(invoice.id) : invoicePaths.xml(invoice.id),
    { company: companyId },
    `hoa-don-${invoice.number ?? invoice.id}.${kind}`,
  );
}

/** The agreement's scan the invoice `invoice` carries, as the browser's download. */
export function downloadAgreementScan(companyId: number, invoice: Pick<InvoiceRecord, 'id' | 'number'>): Promise<string> {
  return downloadFile(
    invoicePaths.agreementScan(invoice.id),
    { company: companyId },
    `bien-ban-thoa-thuan-${invoice.number ?? invoice.id}`,
  );
}

/** The list of the invoices an adjusting invoice adjusts together (Mẫu 01/BK-ĐCTT), an Excel file. */
export function downloadAdjustmentList(companyId: number, invoice: Pick<InvoiceRecord, 'id' | 'number'>): Promise<string> {
  return downloadFile(
    invoicePaths.adjustmentList(invoice.id),
    { company: companyId },
    `bang-ke-dieu-chinh-${invoice.number ?? invoice.id}.xlsx`,
  );
}
