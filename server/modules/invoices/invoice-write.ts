/**
 * Issuing, cancelling an invoice never published and sending again (corrections: invoice-corrections.ts) (docs/invoices.md "Issuing"). Each writes the invoice and its
 * links in one transaction with the job that calls the provider (server/kernel/jobs.ts): the
 * partial unique index on active links refuses a second invoice for an order, even from two clicks
 * at once, and the job's dedupe key plus the invoice's RefID at meInvoice make the publishing
 * happen once whatever the retries and restarts.
 */
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { fold } from '@contract/fold';
import type { InvoiceBuyer, InvoiceIssueSchema } from '@contract/invoices';
import { cancelRefusal } from '@contract/invoices-corrections';
import { invoiceTotals, type InvoiceTotals } from '@contract/invoices-totals';
import type { OrderRecord } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { einvoiceOrders, einvoices } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { enqueueJob } from '@server/kernel/jobs';
import { uniqueViolation } from '@server/kernel/sql';
import { orderLineDrugFacts } from '@server/modules/orders';
import { activeInvoicesOf, alreadyInvoiced, invoiceableOrders, lineSources } from './invoice-draft';
import type { MeInvoiceSettings } from './meinvoice-client';

export const PUBLISH_QUEUE = 'einvoice.publish';
export const CANCEL_QUEUE = 'einvoice.cancel';

export type InvoiceRow = typeof einvoices.$inferSelect;
type Issue = v.InferOutput<typeof InvoiceIssueSchema>;

function searchText(buyer: InvoiceBuyer, orders: readonly OrderRecord[], number: string | null = null): string {
  return fold(
    [number, buyer.legal_name, buyer.name, buyer.tax_code, buyer.code, ...orders.map((order) => order.code ?? order.local_no)]
      .filter(Boolean)
      .join(' '),
  );
}

export function publishJob(invoice: Pick<InvoiceRow, 'id' | 'companyId' | 'sendNo'>) {
  return {
    queue: PUBLISH_QUEUE,
    companyId: invoice.companyId,
    dedupeKey: `einvoice:${invoice.id}:${invoice.sendNo}`,
    payload: { companyId: invoice.companyId, invoiceId: invoice.id },
  };
}

/** An invoice's lines and totals as its row keeps them. */
export function totalsColumns(totals: InvoiceTotals) {
  return {
    lines: totals.lines,
    byRate: totals.by_rate,
    totalSale: totals.total_sale,
    totalDiscount: totals.total_discount,
    totalWithoutVat: totals.total_without_vat,
    totalVat: totals.total_vat,
    total: totals.total,
    amountInWords: totals.amount_in_words,
  };
}

export async function insertInvoice(
  tx: Db,
  input: {
    companyId: number;
    accountId: number;
    settings: MeInvoiceSettings;
    orders: OrderRecord[];
    buyer: InvoiceBuyer;
    paymentMethod: string;
    notSubject: readonly string[];
    note: string | null;
    replaces?: InvoiceRow;
    reason?: string;
    agreement?: InvoiceRow['agreement'];
  },
): Promise<InvoiceRow> {
  // The lots are those the orders' goods left with by now: the invoice keeps them as sent (docs/invoices.md "Medicines").
  const drugFacts = await orderLineDrugFacts(
    tx,
    input.companyId,
    input.orders.map((order) => order.id),
  );
  const totals = invoiceTotals(lineSources(input.orders, input.notSubject, drugFacts));
  const [row] = await tx
    .insert(einvoices)
    .values({
      id: uuidv7(),
      companyId: input.companyId,
      refId: crypto.randomUUID(),
      status: 'pending',
      replacesId: input.replaces?.id ?? null,
      replaceReason: input.reason ?? null,
      agreement: input.agreement ?? null,
      templateNo: input.settings.templateNo,
      series: input.settings.series,
      customerId: input.orders[0]!.customer_id,
      buyer: input.buyer,
      paymentMethod: input.paymentMethod,
      note: input.note,
      ...totalsColumns(totals),
      searchText: searchText(input.buyer, input.orders),
      createdBy: input.accountId,
    })
    .returning();
  if (!row) throw new Error('invoice not stored');
  await tx
    .insert(einvoiceOrders)
    .values(input.orders.map((order) => ({ invoiceId: row.id, companyId: input.companyId, orderId: order.id })));
  await enqueueJob(tx, publishJob(row));
  return row;
}

/** A second invoice for an order lost a race with the first: say which order, as the check before would have. */
async function raceLost(db: Db, companyId: number, orders: readonly OrderRecord[], error: unknown): Promise<never> {
  if (uniqueViolation(error) !== 'einvoice_orders_one_active') throw error;
  const invoiced = await activeInvoicesOf(
    db,
    companyId,
    orders.map((order) => order.id),
  );
  const order = orders.find((candidate) => invoiced.has(candidate.id));
  throw order ? alreadyInvoiced(order, invoiced.get(order.id)!) : conflict('Đơn hàng đã có hóa đơn');
}

export async function issueInvoice(db: Db, input: Issue & { accountId: number; settings: MeInvoiceSettings }): Promise<InvoiceRow> {
  const orders = await invoiceableOrders(db, input.company, input.order_ids);
  const buyer: InvoiceBuyer = { ...input.buyer, code: orders[0]!.customer_code };
  try {
    return await db.transaction((tx) =>
      insertInvoice(tx, {
        companyId: input.company,
        accountId: input.accountId,
        settings: input.settings,
        orders,
        buyer,
        paymentMethod: input.payment_method,
        notSubject: input.not_subject_lines,
        note: input.note,
      }),
    );
  } catch (error) {
    return raceLost(db, input.company, orders, error);
  }
}

export async function findInvoice(db: Db, companyId: number, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.companyId, companyId), eq(einvoices.id, id)));
  if (!row) throw notFound('Không tìm thấy hóa đơn');
  return row;
}

export async function invoiceOrderIds(db: Db, invoiceId: string): Promise<string[]> {
  const rows = await db.select({ orderId: einvoiceOrders.orderId }).from(einvoiceOrders).where(eq(einvoiceOrders.invoiceId, invoiceId));
  return rows.map((row) => row.orderId);
}

/**
 * Cancels an invoice the provider never published (it refused it): a published one is adjusted or
 * replaced instead (contract/invoices-corrections.ts cancelRefusal). It is a job because a refused
 * invoice may still exist there after a lost answer: the job looks it up by RefID first.
 */
export async function requestCancel(db: Db, companyId: number, id: string, reason: string): Promise<InvoiceRow> {
  const invoice = await findInvoice(db, companyId, id);
  if (invoice.status === 'cancelled' || invoice.status === 'replaced')
    throw badRequest('VALIDATION_FAILED', 'Hóa đơn đã hủy hoặc đã bị thay thế');
  if (invoice.cancelState === 'requested') throw conflict('Hóa đơn đang được hủy');
  const refusal = cancelRefusal(invoice);
  if (refusal) throw badRequest('VALIDATION_FAILED', refusal);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(einvoices)
      .set({ cancelState: 'requested', cancelReason: reason, sendNo: invoice.sendNo + 1, updatedAt: new Date() })
      .where(eq(einvoices.id, id))
      .returning();
    await enqueueJob(tx, {
      queue: CANCEL_QUEUE,
      companyId,
      dedupeKey: `einvoice-cancel:${id}:${row!.sendNo}`,
      payload: { companyId, invoiceId: id },
    });
    return row!;
  });
}

/**
 * Sends a failed invoice again (same RefID: still one at the provider) with the template and series
 * the settings have now, or fetches the files of an issued one.
 */
export async function retryInvoice(
  db: Db,
  companyId: number,
  id: string,
  settings: Pick<MeInvoiceSettings, 'templateNo' | 'series'>,
): Promise<InvoiceRow> {
  const invoice = await findInvoice(db, companyId, id);
  if (invoice.status !== 'failed' && invoice.status !== 'issued')
    throw badRequest('VALIDATION_FAILED', 'Chỉ gửi lại hóa đơn phát hành lỗi');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(einvoices)
      .set({
        sendNo: invoice.sendNo + 1,
        ...(invoice.status === 'failed' ? { status: 'pending', templateNo: settings.templateNo, series: settings.series } : {}),
        statusMessage: null,
        providerCode: null,
        updatedAt: new Date(),
      })
      .where(eq(einvoices.id, id))
      .returning();
    await enqueueJob(tx, publishJob(row!));
    return row!;
  });
}
