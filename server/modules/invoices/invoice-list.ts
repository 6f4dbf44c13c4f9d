/**
 * Invoices as the wire carries them (contract/invoices.ts InvoiceRecord), and the list: newest
 * first, filtered by status, buyer, order, dates and words (number, buyer, tax code, order codes,
 * folded), with a `bonus` of counts per status over every match.
 */
import { and, count, desc, eq, gte, inArray, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { InvoiceListBonus, InvoiceListQuery, InvoiceRecord, InvoiceStatus, PaymentMethod } from '@contract/invoices';
import { signDueDay, signOverdue, type AdjustKind } from '@contract/invoices-corrections';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { accounts, einvoiceFiles, einvoiceOrders, einvoices, orders } from '@server/kernel/db/schema';
import { selectPage } from '@server/kernel/lists';
import { wordConditions } from '@server/kernel/sql';
import type { InvoiceRow } from './invoice-write';

type Query = v.InferOutput<typeof InvoiceListQuery>;

export async function invoiceRecords(db: Db, rows: readonly InvoiceRow[]): Promise<InvoiceRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [links, files, creators, related] = await Promise.all([
    db
      .select({ invoiceId: einvoiceOrders.invoiceId, id: orders.id, code: orders.code })
      .from(einvoiceOrders)
      .innerJoin(orders, eq(orders.id, einvoiceOrders.orderId))
      .where(inArray(einvoiceOrders.invoiceId, ids)),
    db
      .select({ invoiceId: einvoiceFiles.invoiceId, kind: einvoiceFiles.kind })
      .from(einvoiceFiles)
      .where(inArray(einvoiceFiles.invoiceId, ids)),
    db
      .select({ id: accounts.id, name: accounts.fullName })
      .from(accounts)
      .where(inArray(accounts.id, [...new Set(rows.map((row) => row.createdBy))])),
    // the invoices these replace or adjust, and those replacing or adjusting these
    db
      .select({
        id: einvoices.id,
        number: einvoices.number,
        replacesId: einvoices.replacesId,
        adjustsId: einvoices.adjustsId,
        adjustKind: einvoices.adjustKind,
        listed: einvoices.listed,
        status: einvoices.status,
        total: einvoices.total,
      })
      .from(einvoices)
      .where(
        and(
          eq(einvoices.companyId, rows[0]!.companyId),
          or(
            inArray(einvoices.replacesId, ids),
            inArray(einvoices.adjustsId, ids),
            // adjustments listing these (Mẫu 01/BK-ĐCTT)
            ...ids.map((id) => sql`${einvoices.listed} @> ${JSON.stringify([{ id }])}::jsonb`),
            inArray(
              einvoices.id,
              rows.flatMap((row) => [row.replacesId, row.adjustsId].filter((id): id is string => id !== null)),
            ),
          ),
        ),
      ),
  ]);
  const today = vietnamDay();
  return rows.map((row) => {
    const replaces = row.replacesId ? related.find((other) => other.id === row.replacesId) : undefined;
    const replacedBy = related.find((other) => other.replacesId === row.id && other.status !== 'cancelled');
    const adjusts = row.adjustsId ? related.find((other) => other.id === row.adjustsId) : undefined;
    const madeOn = vietnamDay(row.createdAt);
    const kinds = files.filter((file) => file.invoiceId === row.id).map((file) => file.kind);
    return {
      id: row.id,
      company: row.companyId,
      ref_id: row.refId,
      status: row.status as InvoiceStatus,
      status_message: row.statusMessage,
      provider_code: row.providerCode,
      replaces: replaces ? { id: replaces.id, number: replaces.number } : null,
      replaced_by: replacedBy ? { id: replacedBy.id, number: replacedBy.number } : null,
      adjusts: adjusts ? { id: adjusts.id, number: adjusts.number } : null,
      adjust_kind: row.adjustKind as AdjustKind | null,
      adjusted_by: related
        .filter(
          (other) => (other.adjustsId === row.id || other.listed.some((listed) => listed.id === row.id)) && other.status !== 'cancelled',
        )
        .map((other) => ({
          id: other.id,
          number: other.number,
          adjust_kind: other.adjustKind as AdjustKind,
          status: other.status as InvoiceStatus,
          total: other.total,
        })),
      listed: row.listed,
      correction_reason: row.replaceReason,
      agreement: row.agreement ? { ...row.agreement, has_scan: kinds.includes('agreement') } : null,
      made_on: madeOn,
      sign_due_on: signDueDay(madeOn),
      sign_overdue: signOverdue({ status: row.status, made_on: madeOn }, today),
      template_no: row.templateNo,
      series: row.series,
      number: row.number,
      issued_on: row.issuedOn,
      transaction_id: row.transactionId,
      tax_authority_code: row.taxAuthorityCode,
      customer_id: row.customerId,
      buyer: row.buyer,
      orders: links.filter((link) => link.invoiceId === row.id).map((link) => ({ id: link.id, code: link.code })),
      payment_method: row.paymentMethod as PaymentMethod,
      note: row.note,
      lines: row.lines,
      by_rate: row.byRate,
      total_sale: row.totalSale,
      total_discount: row.totalDiscount,
      total_without_vat: row.totalWithoutVat,
      total_vat: row.totalVat,
      total: row.total,
      amount_in_words: row.amountInWords,
      has_pdf: kinds.includes('pdf'),
      has_xml: kinds.includes('xml'),
      cancel_state: row.cancelState as InvoiceRecord['cancel_state'],
      cancel_reason: row.cancelReason,
      cancelled_at: row.cancelledAt?.toISOString() ?? null,
      created_by_name: creators.find((creator) => creator.id === row.createdBy)?.name ?? '',
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

function filters(query: Query): SQL[] {
  const conditions: SQL[] = [eq(einvoices.companyId, query.company), ...wordConditions(einvoices.searchText, query.search)];
  if (query.customer) conditions.push(eq(einvoices.customerId, query.customer));
  if (query.order) {
    conditions.push(
      inArray(
        einvoices.id,
        sql`(select ${einvoiceOrders.invoiceId} from ${einvoiceOrders} where ${einvoiceOrders.companyId} = ${query.company} and ${einvoiceOrders.orderId} = ${query.order})`,
      ),
    );
  }
  // Days in Vietnam's time (UTC+7).
  if (query.date_from) conditions.push(gte(einvoices.createdAt, new Date(`${query.date_from}T00:00:00+07:00`)));
  if (query.date_to) conditions.push(lt(einvoices.createdAt, new Date(Date.parse(`${query.date_to}T00:00:00+07:00`) + 86_400_000)));
  return conditions;
}

export async function listInvoices(db: Db, query: Query): Promise<{ rows: InvoiceRecord[]; count: number; bonus: InvoiceListBonus }> {
  const base = filters(query);
  const where = and(...base, ...(query.status ? [eq(einvoices.status, query.status)] : []));
  // The count is the status tabs' counts added up (one statement for both), so only the page is the kernel's.
  const [rows, groups] = await Promise.all([
    selectPage(db.select().from(einvoices).where(where).$dynamic(), [desc(einvoices.createdAt), desc(einvoices.id)], query),
    db
      .select({ status: einvoices.status, n: count(), total: sum(einvoices.total) })
      .from(einvoices)
      .where(and(...base))
      .groupBy(einvoices.status),
  ]);
  const byStatus = Object.fromEntries(groups.map((group) => [group.status, group.n])) as InvoiceListBonus['by_status'];
  const matching = query.status ? groups.filter((group) => group.status === query.status) : groups;
  return {
    rows: await invoiceRecords(db, rows),
    count: matching.reduce((total, group) => total + group.n, 0),
    bonus: { by_status: byStatus, total: matching.reduce((total, group) => total + Number(group.total ?? 0), 0) },
  };
}
