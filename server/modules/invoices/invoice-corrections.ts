/**
 * Correcting a published invoice under NĐ 70/2025 (contract/invoices-corrections.ts, docs/invoices.md
 * "Corrections"): a replacement bills the same orders on a new invoice that names the wrong one; an
 * adjustment is a new invoice of signed amounts (a return, a discount after the sale, a wrong price)
 * or of information only, that names it and bills no order. Both need the agreement with a business
 * buyer first, and are published by the same job as any invoice (server/modules/invoices/invoice-jobs.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type * as v from 'valibot';
import { fold } from '@contract/fold';
import type { InvoiceAdjustSchema, InvoiceBuyer, InvoiceReplaceSchema } from '@contract/invoices';
import {
  adjustLinesProblem,
  adjustmentTotals,
  agreementRefusal,
  decreaseRefusal,
  listedLinesProblem,
  listRefusal,
  returnsToAdjust,
  type AdjustLineInput,
  type InvoiceReturns,
} from '@contract/invoices-corrections';
import type { InvoiceVatRate } from '@contract/invoices-totals';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { einvoiceFiles, einvoiceOrders, einvoices } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { enqueueJob } from '@server/kernel/jobs';
import { orderReturnedLines } from '@server/modules/warehouse';
import { invoiceableOrders } from './invoice-draft';
import { findInvoice, insertInvoice, invoiceOrderIds, publishJob, totalsColumns, type InvoiceRow } from './invoice-write';
import type { MeInvoiceSettings } from './meinvoice-client';

type Agreement = v.InferOutput<typeof InvoiceAdjustSchema>['agreement'];
type Writer = { accountId: number; settings: MeInvoiceSettings };

/** Only a published invoice that is still the buyer's (not replaced, not an adjustment itself) is corrected. */
function correctable(original: InvoiceRow, what: string): void {
  if (original.status !== 'issued' || original.cancelState)
    throw badRequest('VALIDATION_FAILED', `Chỉ ${what} được hóa đơn đã phát hành, chưa bị thay thế`);
  if (original.adjustsId) throw badRequest('VALIDATION_FAILED', `Hóa đơn điều chỉnh không ${what} được: hãy ${what} hóa đơn gốc`);
}

function checkAgreement(original: InvoiceRow, buyer: { tax_code: string | null }, agreement: Agreement): void {
  const refusal = agreementRefusal(buyer.tax_code ? buyer : original.buyer, agreement, {
    issuedOn: original.issuedOn,
    today: vietnamDay(),
  });
  if (refusal) throw badRequest('VALIDATION_FAILED', refusal, { agreement: refusal });
}

/** A correction of `original` still on its way to the provider (or refused there): one at a time. */
async function correctionUnderWay(db: Db, original: InvoiceRow, column: 'replacesId' | 'adjustsId'): Promise<boolean> {
  const [row] = await db
    .select({ id: einvoices.id })
    .from(einvoices)
    .where(
      and(
        eq(einvoices.companyId, original.companyId),
        eq(einvoices[column], original.id),
        inArray(einvoices.status, column === 'replacesId' ? ['pending', 'failed', 'issued'] : ['pending', 'failed']),
      ),
    );
  return Boolean(row);
}

/** A replacement (Điều 19 NĐ 123/2020 as NĐ 70/2025 amends it): the same orders on a new invoice that names the one it replaces. */
export async function replaceInvoice(
  db: Db,
  input: v.InferOutput<typeof InvoiceReplaceSchema> & Writer & { id: string },
): Promise<InvoiceRow> {
  const original = await findInvoice(db, input.company, input.id);
  correctable(original, 'thay thế');
  checkAgreement(original, input.buyer, input.agreement);
  if (await correctionUnderWay(db, original, 'replacesId')) throw conflict('Hóa đơn này đã có hóa đơn thay thế');
  // meInvoice refuses it too (HasAdjustmentInvoice): once adjusted, an invoice is corrected by adjusting again.
  if ((await leftOf(db, original)).adjusted)
    throw badRequest('VALIDATION_FAILED', 'Hóa đơn đã có hóa đơn điều chỉnh nên không thay thế được: hãy lập thêm hóa đơn điều chỉnh');
  const orders = await invoiceableOrders(db, input.company, await invoiceOrderIds(db, original.id), original.id);
  return db.transaction(async (tx) => {
    await tx.update(einvoiceOrders).set({ active: false }).where(eq(einvoiceOrders.invoiceId, original.id));
    return insertInvoice(tx, {
      companyId: input.company,
      accountId: input.accountId,
      settings: input.settings,
      orders,
      buyer: { ...input.buyer, code: original.buyer.code },
      paymentMethod: input.payment_method,
      notSubject: input.not_subject_lines,
      note: original.note,
      replaces: original,
      reason: input.reason,
      agreement: input.agreement,
    });
  });
}

/** What `original` still has to decrease: its amount before VAT per rate, and each line's quantity, less the adjustments so far. */
async function leftOf(db: Db, original: InvoiceRow) {
  const adjustments = await db
    .select({ kind: einvoices.adjustKind, lines: einvoices.lines, byRate: einvoices.byRate })
    .from(einvoices)
    .where(
      and(
        eq(einvoices.companyId, original.companyId),
        eq(einvoices.adjustsId, original.id),
        inArray(einvoices.status, ['pending', 'issued']),
      ),
    );
  const byRate = new Map<InvoiceVatRate, number>(original.byRate.map((rate) => [rate.vat_rate, rate.amount_without_vat]));
  const byLine = new Map<number, number>(original.lines.map((line) => [line.line_no, line.quantity]));
  for (const adjustment of adjustments) {
    for (const rate of adjustment.byRate) byRate.set(rate.vat_rate, (byRate.get(rate.vat_rate) ?? 0) + rate.amount_without_vat);
    if (adjustment.kind !== 'decrease') continue;
    for (const line of adjustment.lines) {
      const source = original.lines.find((candidate) => candidate.order_line_id && candidate.order_line_id === line.order_line_id);
      if (source) byLine.set(source.line_no, (byLine.get(source.line_no) ?? 0) - line.quantity);
    }
  }
  return { byRate, byLine, adjusted: adjustments.length > 0 };
}

/**
 * Goods the warehouse took back from the invoice's orders that no decrease has adjusted yet
 * (returnsAdjust): what the adjust dialog fills in as "Hàng trả lại". Nothing for an invoice that
 * cannot be adjusted.
 */
export async function invoiceReturns(db: Db, companyId: number, id: string): Promise<InvoiceReturns> {
  const original = await findInvoice(db, companyId, id);
  if (original.status !== 'issued' || original.cancelState || original.adjustsId) return { lines: [], receipts: [] };
  const returned = await orderReturnedLines(db, companyId, await invoiceOrderIds(db, original.id));
  const lines = returnsToAdjust(original.lines, returned.byOrderLine, (await leftOf(db, original)).byLine);
  return { lines, receipts: lines.length > 0 ? returned.receipts : [] };
}

/** A list's invoices add what they billed to what a decrease may take back (their own adjustments are not counted). */
function withListed(left: Awaited<ReturnType<typeof leftOf>>, listed: readonly InvoiceRow[]) {
  const byRate = new Map(left.byRate);
  for (const row of listed)
    for (const rate of row.byRate) byRate.set(rate.vat_rate, (byRate.get(rate.vat_rate) ?? 0) + rate.amount_without_vat);
  return { ...left, byRate };
}

/** A line of the original keeps the original's goods, unit and rate whatever the caller sent: only quantity and price change. */
function withOriginalGoods(original: InvoiceRow, lines: readonly AdjustLineInput[]): AdjustLineInput[] {
  return lines.map((line) => {
    if (line.line_no === null) return line;
    const source = original.lines.find((candidate) => candidate.line_no === line.line_no);
    if (!source) throw badRequest('VALIDATION_FAILED', `Dòng ${line.line_no} không có trong hóa đơn gốc`);
    return { ...line, item_code: source.item_code, item_name: source.item_name, unit: source.unit, vat_rate: source.vat_rate };
  });
}

/** The other invoices an adjustment lists (Mẫu 01/BK-ĐCTT), each checked: the buyer's, published the same month. */
async function listedInvoices(db: Db, original: InvoiceRow, ids: readonly string[]): Promise<InvoiceRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.companyId, original.companyId), inArray(einvoices.id, [...ids])));
  if (rows.length !== ids.length) throw notFound('Không tìm thấy hóa đơn trong bảng kê');
  const judged = (row: InvoiceRow) => ({
    id: row.id,
    status: row.status,
    customer_id: row.customerId,
    buyer: row.buyer,
    issued_on: row.issuedOn,
    adjusts: row.adjustsId,
    replaced_by: null,
  });
  for (const row of rows) {
    const refusal = listRefusal(judged(original), judged(row));
    if (refusal) throw badRequest('VALIDATION_FAILED', `${refusal} (hóa đơn số ${row.number ?? row.id})`, { listed: refusal });
  }
  return rows;
}

/** An adjusting invoice (ReferenceType 2 at meInvoice): signed amounts, or the buyer corrected with no amount. */
export async function adjustInvoice(
  db: Db,
  input: v.InferOutput<typeof InvoiceAdjustSchema> & Writer & { id: string },
): Promise<InvoiceRow> {
  const original = await findInvoice(db, input.company, input.id);
  correctable(original, 'điều chỉnh');
  const problem = adjustLinesProblem(input.kind, input.lines);
  if (problem) throw badRequest('VALIDATION_FAILED', problem, { lines: problem });
  if (input.kind === 'info' && !input.buyer)
    throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập thông tin người mua đã sửa', { buyer: 'Bắt buộc' });
  const buyer: InvoiceBuyer = input.kind === 'info' && input.buyer ? { ...input.buyer, code: original.buyer.code } : original.buyer;
  checkAgreement(original, buyer, input.agreement);
  if (await correctionUnderWay(db, original, 'adjustsId'))
    throw conflict('Hóa đơn này có một hóa đơn điều chỉnh chưa phát hành xong: chờ nó phát hành hoặc gửi lại trước');
  const listedProblem = listedLinesProblem(input.listed, input.lines);
  if (listedProblem) throw badRequest('VALIDATION_FAILED', listedProblem, { lines: listedProblem });
  const listed = await listedInvoices(db, original, input.listed);
  const lines = withOriginalGoods(original, input.lines);
  const totals = adjustmentTotals(input.kind, lines);
  if (input.kind === 'decrease') {
    const refusal = decreaseRefusal(withListed(await leftOf(db, original), listed), totals, lines);
    if (refusal) throw badRequest('VALIDATION_FAILED', refusal, { lines: refusal });
  }
  // A line of the original keeps the order line it came from: what is left of it is counted by it.
  totals.lines.forEach((line, index) => {
    const source = original.lines.find((candidate) => candidate.line_no === lines[index]!.line_no);
    line.order_line_id = source?.order_line_id ?? '';
  });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(einvoices)
      .values({
        id: uuidv7(),
        companyId: input.company,
        refId: crypto.randomUUID(),
        status: 'pending',
        adjustsId: original.id,
        adjustKind: input.kind,
        replaceReason: input.reason,
        agreement: input.agreement,
        listed: listed.map((row) => ({
          id: row.id,
          number: row.number,
          issued_on: row.issuedOn,
          template_no: row.templateNo,
          series: row.series,
          total: row.total,
        })),
        templateNo: input.settings.templateNo,
        series: input.settings.series,
        customerId: original.customerId,
        buyer,
        paymentMethod: original.paymentMethod,
        ...totalsColumns(totals),
        searchText: fold([original.number, buyer.legal_name, buyer.name, buyer.tax_code, buyer.code].filter(Boolean).join(' ')),
        createdBy: input.accountId,
      })
      .returning();
    await enqueueJob(tx, publishJob(row!));
    return row!;
  });
}

/** The scan of the agreement, kept beside the correcting invoice (one; a new upload takes its place). */
export async function saveAgreementScan(db: Db, invoice: InvoiceRow, file: { type: string; bytes: Uint8Array }): Promise<void> {
  if (!invoice.replacesId && !invoice.adjustsId)
    throw badRequest('VALIDATION_FAILED', 'Chỉ hóa đơn điều chỉnh hoặc thay thế mới kèm biên bản thỏa thuận');
  if (!invoice.agreement) throw badRequest('VALIDATION_FAILED', 'Hóa đơn này không có biên bản thỏa thuận để đính kèm');
  const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  await db
    .insert(einvoiceFiles)
    .values({ invoiceId: invoice.id, companyId: invoice.companyId, kind: 'agreement', contentType: file.type, bytes })
    .onConflictDoUpdate({
      target: [einvoiceFiles.invoiceId, einvoiceFiles.kind, einvoiceFiles.companyId],
      set: { contentType: file.type, bytes },
    });
}
