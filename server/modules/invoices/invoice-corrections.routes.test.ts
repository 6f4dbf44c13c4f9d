/**
 * Correcting published invoices under NĐ 70/2025 over HTTP, against the meInvoice simulator
 * (contract/invoices-corrections.ts, docs/invoices.md "Corrections"): no cancel once published, the
 * agreement a business buyer signs first and its scan, replacements, adjustments down (a return, a
 * discount after the sale) and up and of information only, what is left to decrease, one invoice at
 * meInvoice whatever the faults, and the overdue warning.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@contract/envelope';
import { invoicePaths, type InvoiceRecord } from '@contract/invoices';
import type { InvoiceReturns } from '@contract/invoices-corrections';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { einvoices, providerConnections } from '@server/kernel/db/schema';
import { INVOICE_BUYER, startInvoiceKit, type InvoiceKit } from '@server/testing/invoices.kit';

let kit: InvoiceKit;
let token: string;

beforeAll(async () => {
  kit = await startInvoiceKit({ providerTimeoutMs: 500 });
  token = kit.accountant.access;
  await kit.drain();
});
afterAll(async () => {
  await kit?.stop();
});

const company = () => kit.anKhang;
const buyer = INVOICE_BUYER;
const agreement = { signed_on: vietnamDay(), buyer_representative: 'Nguyễn Thị Châu', error: 'Sai số lượng hàng trả lại' };
const atSimulator = (refId: string) => kit.sims.simulators.meinvoice.invoices().filter((invoice) => invoice.RefID === refId);

function call<T = InvoiceRecord>(path: string, body?: Record<string, unknown>) {
  return kit.server.call<T>(`/invoice/api/einvoice/${path}`, body ? { token, body: { company: company(), ...body } } : { token });
}
const detail = async (id: string) => (await call(`${id}/?company=${company()}`)).body.data;

/** A completed order billed to the business buyer and published. */
async function published(withBuyer: Record<string, unknown> = buyer): Promise<InvoiceRecord> {
  const order = await kit.completedOrder();
  const issued = await call('', { order_ids: [order.id], buyer: withBuyer });
  expect(issued.status, issued.body.message).toBe(201);
  await kit.drain();
  const invoice = await detail(issued.body.data.id);
  expect(invoice.status).toBe('issued');
  return invoice;
}

async function uploadScan(id: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('company', String(company()));
  form.append('file', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'bien-ban.pdf');
  const response = await fetch(`${kit.server.url}/api${invoicePaths.agreementScan(id)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Envelope<InvoiceRecord> };
}

const adjust = (id: string, body: Record<string, unknown>) => call(`${id}/adjust/`, { reason: 'Khách trả lại hàng', agreement, ...body });
const returned = (line: InvoiceRecord['lines'][number], quantity: number) => ({
  line_no: line.line_no,
  item_name: line.item_name,
  quantity,
  unit_price: line.unit_price,
  discount: Math.round((line.discount * quantity) / line.quantity),
  vat_rate: line.vat_rate,
});

describe('no cancel once published', () => {
  it('refuses to cancel a published invoice and changes nothing', async () => {
    const invoice = await published();
    const asked = await call(`${invoice.id}/cancel/`, { reason: 'Sai đơn giá' });
    expect(asked.status).toBe(400);
    expect(asked.body.message).toBe('Hóa đơn đã phát hành không được hủy (NĐ 70/2025): hãy lập hóa đơn điều chỉnh hoặc thay thế');
    expect(await detail(invoice.id)).toMatchObject({ status: 'issued', cancel_state: null });
    expect(atSimulator(invoice.ref_id)[0]!.IsDelete).toBeFalsy();
  });

  it('cancels an invoice meInvoice refused, after which the order may be invoiced again', async () => {
    const order = await kit.completedOrder();
    const [connection] = await kit.server.deps.db.select().from(providerConnections).where(eq(providerConnections.provider, 'meinvoice'));
    const settings = connection!.settings as Record<string, unknown>;
    await kit.server.deps.db
      .update(providerConnections)
      .set({ settings: { ...settings, series: 'C26TZZ' } })
      .where(eq(providerConnections.id, connection!.id));
    const issued = await call('', { order_ids: [order.id], buyer });
    await kit.drain();
    await kit.server.deps.db.update(providerConnections).set({ settings }).where(eq(providerConnections.id, connection!.id));
    expect((await detail(issued.body.data.id)).status).toBe('failed');
    await call(`${issued.body.data.id}/cancel/`, { reason: 'Lập nhầm' });
    await kit.drain();
    expect(await detail(issued.body.data.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Lập nhầm' });
    expect((await call('', { order_ids: [order.id], buyer })).status).toBe(201);
  });

  it('keeps an invoice published after all (its answer was lost) instead of cancelling it', async () => {
    const order = await kit.completedOrder();
    kit.sims.faults.meinvoice.push({ kind: 'fail-after', path: '/api/integration/invoice', times: 50 });
    const issued = await call('', { order_ids: [order.id], buyer });
    await kit.drain();
    kit.sims.faults.meinvoice.clear();
    expect((await detail(issued.body.data.id)).status).toBe('failed');
    await call(`${issued.body.data.id}/cancel/`, { reason: 'Lập nhầm' });
    await kit.drain();
    const kept = await detail(issued.body.data.id);
    expect(kept).toMatchObject({ status: 'issued', cancel_state: null, number: atSimulator(kept.ref_id)[0]!.InvNo });
    expect(kept.status_message).toMatch(/^Không hủy: hóa đơn đã được phát hành trên meInvoice/);
    expect(atSimulator(kept.ref_id)[0]!.IsDelete).toBeFalsy();
  });
});

describe('the agreement first', () => {
  it('refuses a correction for a business buyer without an agreement, or one dated wrong, and keeps nothing', async () => {
    const invoice = await published();
    const before = (await kit.server.deps.db.select({ id: einvoices.id }).from(einvoices)).length;
    const none = await call(`${invoice.id}/replace/`, { reason: 'Sai mã số thuế', buyer });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^Người mua là doanh nghiệp: cần biên bản thỏa thuận/);
    const future = await adjust(invoice.id, {
      kind: 'decrease',
      agreement: { ...agreement, signed_on: addDays(vietnamDay(), 2) },
      lines: [returned(invoice.lines[0]!, 1)],
    });
    expect(future.body.message).toBe('Ngày ký biên bản không được sau hôm nay');
    const early = await adjust(invoice.id, {
      kind: 'decrease',
      agreement: { ...agreement, signed_on: addDays(invoice.issued_on!, -1) },
      lines: [returned(invoice.lines[0]!, 1)],
    });
    expect(early.body.message).toBe('Ngày ký biên bản không được trước ngày lập hóa đơn bị sai');
    expect((await kit.server.deps.db.select({ id: einvoices.id }).from(einvoices)).length).toBe(before);
  });

  it('needs no agreement for a private buyer (a notice is enough)', async () => {
    const invoice = await published({ ...buyer, tax_code: null, legal_name: 'Nguyễn Văn An' });
    const answer = await adjust(invoice.id, { kind: 'decrease', agreement: null, lines: [returned(invoice.lines[0]!, 1)] });
    expect(answer.status, answer.body.message).toBe(201);
  });
});

describe('replacing', () => {
  it('replaces an invoice with a wrong tax code, keeps the agreement and its scan', async () => {
    const invoice = await published({ ...buyer, tax_code: '0312345673' });
    const replaced = await call(`${invoice.id}/replace/`, { reason: 'Sai mã số thuế người mua', buyer, agreement });
    expect(replaced.status, replaced.body.message).toBe(201);
    expect(replaced.body.data.agreement).toEqual({ ...agreement, has_scan: false });
    expect((await call(`${invoice.id}/replace/`, { reason: 'Lần hai', buyer, agreement })).status).toBe(409);

    const scan = await uploadScan(replaced.body.data.id, new TextEncoder().encode('%PDF-1.4 biên bản'));
    expect(scan.status, scan.body.message).toBe(200);
    expect(scan.body.data.agreement?.has_scan).toBe(true);
    const refused = await uploadScan(replaced.body.data.id, new TextEncoder().encode('not a scan'));
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe('Tệp "bien-ban.pdf" không phải ảnh JPEG, PNG, WebP hoặc tệp PDF');
    const served = await fetch(`${kit.server.url}/api${invoicePaths.agreementScan(replaced.body.data.id)}?company=${company()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(await served.arrayBuffer())).toBe('%PDF-1.4 biên bản');

    await kit.drain();
    const replacement = await detail(replaced.body.data.id);
    expect(replacement).toMatchObject({ status: 'issued', replaces: { id: invoice.id }, correction_reason: 'Sai mã số thuế người mua' });
    expect(replacement.buyer.tax_code).toBe('0100109106');
    expect((await detail(invoice.id)).status).toBe('replaced');
    expect(atSimulator(replacement.ref_id)[0]).toMatchObject({ ReferenceType: 1, OrgTransactionID: invoice.transaction_id });
  });
});

describe('adjusting', () => {
  it('adjusts down for a return: negative amounts, the original stays and lists it, meInvoice holds it as an adjustment', async () => {
    const invoice = await published();
    const line = invoice.lines[0]!;
    const answer = await adjust(invoice.id, { kind: 'decrease', lines: [{ ...returned(line, 1), item_name: 'Tên khác' }] });
    expect(answer.status, answer.body.message).toBe(201);
    expect(answer.body.data).toMatchObject({ status: 'pending', adjusts: { id: invoice.id }, adjust_kind: 'decrease', orders: [] });
    await kit.drain();
    const adjustment = await detail(answer.body.data.id);
    const unit = Math.round(line.total / line.quantity);
    expect(adjustment.status).toBe('issued');
    // The goods are the original line's, whatever name was sent.
    expect(adjustment.lines[0]).toMatchObject({ item_name: line.item_name, quantity: 1 });
    expect(adjustment.total).toBeLessThan(0);
    expect(Math.abs(adjustment.total + unit)).toBeLessThanOrEqual(1);
    expect(adjustment.amount_in_words).toMatch(/^Giảm [a-zà-ỹ]/u);
    const original = await detail(invoice.id);
    expect(original).toMatchObject({
      status: 'issued',
      adjusted_by: [{ id: adjustment.id, adjust_kind: 'decrease', total: adjustment.total }],
    });
    expect(atSimulator(adjustment.ref_id)[0]).toMatchObject({ ReferenceType: 2, TotalAmount: adjustment.total });
    expect(atSimulator(invoice.ref_id)[0]!.AdjustedBy).toBe(adjustment.transaction_id);
  });

  it('fills a decrease with the goods the warehouse took back from the invoiced order, until an adjustment has taken them', async () => {
    const owner = kit.an.access;
    const order = await kit.createOrder({
      customerCode: 'KH000001',
      lines: [{ variant: kit.variant('Hapacol 500'), unit: kit.variant('Hapacol 500').units.at(-1)!.unit, quantity: 3 }],
    });
    for (const status of ['confirmed', 'delivering', 'completed']) {
      const moved = await kit.server.call(`/order/api/updatestatusordercompany/${order.id}/`, {
        method: 'PUT',
        token: owner,
        body: { company: company(), status },
      });
      expect(moved.status, status).toBe(200);
    }
    const back = await kit.server.call<{ id: string }>('/warehouse/api/import-receipt-return-order/', {
      method: 'POST',
      token: owner,
      body: { company: company(), order: order.id, document_date: vietnamDay(), lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] },
    });
    expect(back.status, back.body.message).toBe(201);
    const issued = await call('', { order_ids: [order.id], buyer });
    expect(issued.status, issued.body.message).toBe(201);
    await kit.drain();
    const invoice = await detail(issued.body.data.id);
    const line = invoice.lines.find((candidate) => candidate.order_line_id === order.lines[0]!.id)!;

    const returns = await call<InvoiceReturns>(`${invoice.id}/returns/?company=${company()}`);
    expect(returns.status).toBe(200);
    expect(returns.body.data.lines).toEqual([{ line_no: line.line_no, quantity: 1 }]);
    expect(returns.body.data.receipts).toEqual([{ code: expect.stringMatching(/^PN\d+$/), document_date: vietnamDay() }]);

    expect((await adjust(invoice.id, { kind: 'decrease', lines: [returned(line, 1)] })).status).toBe(201);
    await kit.drain();
    expect((await call<InvoiceReturns>(`${invoice.id}/returns/?company=${company()}`)).body.data).toEqual({ lines: [], receipts: [] });
  });

  it('never takes back more than was sold: per line and per rate, counting earlier adjustments', async () => {
    const invoice = await published();
    const line = invoice.lines[0]!;
    const tooMany = await adjust(invoice.id, { kind: 'decrease', lines: [returned(line, line.quantity + 1)] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Dòng ${line.line_no} (${line.item_name}) chỉ còn ${line.quantity} để điều chỉnh giảm`);
    expect((await adjust(invoice.id, { kind: 'decrease', lines: [returned(line, line.quantity - 1)] })).status).toBe(201);
    // Still being published: one adjustment at a time.
    expect((await adjust(invoice.id, { kind: 'decrease', lines: [returned(line, 1)] })).status).toBe(409);
    await kit.drain();
    const rest = await adjust(invoice.id, { kind: 'decrease', lines: [returned(line, 2)] });
    expect(rest.body.message).toBe(`Dòng ${line.line_no} (${line.item_name}) chỉ còn 1 để điều chỉnh giảm`);
    const rate = invoice.by_rate[0]!;
    const discount = { line_no: null, item_name: 'Chiết khấu thương mại', quantity: 1, vat_rate: rate.vat_rate };
    const past = await adjust(invoice.id, { kind: 'decrease', lines: [{ ...discount, unit_price: rate.amount_without_vat }] });
    expect(past.body.message).toBe(`Điều chỉnh giảm vượt quá giá trị còn lại của hóa đơn ở thuế suất ${rate.vat_rate}`);
    const within = await adjust(invoice.id, { kind: 'decrease', lines: [{ ...discount, unit_price: 1_000 }] });
    expect(within.status, within.body.message).toBe(201);
  });

  it('adjusts up at positive amounts, and information only with the buyer corrected at zero', async () => {
    const invoice = await published();
    const up = await adjust(invoice.id, {
      kind: 'increase',
      reason: 'Thiếu phí vận chuyển',
      lines: [{ line_no: null, item_name: 'Phí vận chuyển', unit: 'Lần', quantity: 1, unit_price: 50_000, vat_rate: '8%' }],
    });
    expect(up.status, up.body.message).toBe(201);
    expect(up.body.data).toMatchObject({ total: 54_000, total_vat: 4_000, adjust_kind: 'increase' });
    await kit.drain();
    const noBuyer = await adjust(invoice.id, { kind: 'info', reason: 'Sai tên đơn vị' });
    expect(noBuyer.body.message).toBe('Vui lòng nhập thông tin người mua đã sửa');
    const withLines = await adjust(invoice.id, {
      kind: 'info',
      buyer,
      lines: up.body.data.lines.length ? [returned(invoice.lines[0]!, 1)] : [],
    });
    expect(withLines.body.message).toBe('Điều chỉnh thông tin không có dòng hàng');
    const info = await adjust(invoice.id, {
      kind: 'info',
      reason: 'Sai tên đơn vị',
      buyer: { ...buyer, legal_name: 'Nhà thuốc Minh Châu 2' },
    });
    expect(info.status, info.body.message).toBe(201);
    await kit.drain();
    const done = await detail(info.body.data.id);
    expect(done).toMatchObject({ status: 'issued', total: 0, lines: [], buyer: { legal_name: 'Nhà thuốc Minh Châu 2' } });
    expect(atSimulator(done.ref_id)[0]!.Lines).toEqual([expect.objectContaining({ Amount: 0 })]);
  });

  it('refuses to adjust an adjustment, a replaced invoice, or an amount of zero, and to replace an adjusted one', async () => {
    const invoice = await published();
    const first = await adjust(invoice.id, { kind: 'decrease', lines: [returned(invoice.lines[0]!, 1)] });
    await kit.drain();
    const again = await adjust(first.body.data.id, { kind: 'decrease', lines: [returned(invoice.lines[0]!, 1)] });
    expect(again.body.message).toBe('Hóa đơn điều chỉnh không điều chỉnh được: hãy điều chỉnh hóa đơn gốc');
    const zero = await adjust(invoice.id, {
      kind: 'increase',
      lines: [{ line_no: null, item_name: 'Không', quantity: 1, unit_price: 0, vat_rate: '8%' }],
    });
    expect(zero.body.message).toBe('Số tiền điều chỉnh phải lớn hơn 0');
    const adjusted = await call(`${invoice.id}/replace/`, { reason: 'Sai mã số thuế', buyer, agreement });
    expect(adjusted.body.message).toBe('Hóa đơn đã có hóa đơn điều chỉnh nên không thay thế được: hãy lập thêm hóa đơn điều chỉnh');
    const other = await published();
    await call(`${other.id}/replace/`, { reason: 'Sai mã số thuế', buyer, agreement });
    await kit.drain();
    const replaced = await adjust(other.id, { kind: 'decrease', lines: [returned(other.lines[0]!, 1)] });
    expect(replaced.body.message).toBe('Chỉ điều chỉnh được hóa đơn đã phát hành, chưa bị thay thế');
  });

  it.each([
    ['an answer held past the timeout', { kind: 'timeout', delayMs: 1_500 }],
    ['a 500 after it was published', { kind: 'fail-after' }],
  ])('publishes one adjustment at meInvoice through %s', async (_label, fault) => {
    const invoice = await published();
    kit.sims.faults.meinvoice.push({ ...(fault as { kind: 'timeout' }), path: '/api/integration/invoice' });
    const answer = await adjust(invoice.id, { kind: 'decrease', lines: [returned(invoice.lines[0]!, 1)] });
    await kit.drain();
    const done = await detail(answer.body.data.id);
    expect(done.status, done.status_message ?? '').toBe('issued');
    expect(atSimulator(done.ref_id)).toHaveLength(1);
  });

  it("refuses another company's invoice as not found", async () => {
    const invoice = await published();
    const other = await kit.server.login('0907654321');
    const answer = await kit.server.call(`/invoice/api/einvoice/${invoice.id}/adjust/`, {
      token: other.access,
      body: { company: kit.minhPhat, kind: 'decrease', reason: 'x', agreement, lines: [returned(invoice.lines[0]!, 1)] },
    });
    expect([403, 404]).toContain(answer.status);
    expect((await detail(invoice.id)).adjusted_by).toEqual([]);
  });
});

describe('one adjustment for several invoices of a buyer in a month (Mẫu 01/BK-ĐCTT)', () => {
  it('lists the others, counts them in what may be decreased, shows it on each, and exports the list', async () => {
    const first = await published();
    const second = await published();
    const rate = first.by_rate[0]!;
    const discount = { line_no: null, item_name: 'Chiết khấu thương mại', quantity: 1, vat_rate: rate.vat_rate };
    const withLine = await adjust(first.id, { kind: 'decrease', listed: [second.id], lines: [returned(first.lines[0]!, 1)] });
    expect(withLine.body.message).toMatch(/^Điều chỉnh nhiều hóa đơn: các dòng không gắn với một dòng của hóa đơn gốc/);
    const other = await published({ ...buyer, tax_code: '0312345673' });
    const wrongBuyer = await adjust(first.id, { kind: 'decrease', listed: [other.id], lines: [{ ...discount, unit_price: 1_000 }] });
    expect(wrongBuyer.body.message).toBe(`Bảng kê chỉ gồm hóa đơn của cùng một người mua (hóa đơn số ${other.number})`);
    await kit.server.deps.db
      .update(einvoices)
      .set({ issuedOn: addDays(second.issued_on!, -40) })
      .where(eq(einvoices.id, second.id));
    const lastMonth = await adjust(first.id, { kind: 'decrease', listed: [second.id], lines: [{ ...discount, unit_price: 1_000 }] });
    expect(lastMonth.body.message).toMatch(/^Bảng kê chỉ gồm hóa đơn lập trong cùng tháng/);
    await kit.server.deps.db.update(einvoices).set({ issuedOn: second.issued_on }).where(eq(einvoices.id, second.id));

    // More than one invoice billed at the rate, less than both.
    const amount = rate.amount_without_vat + 1_000;
    const answer = await adjust(first.id, {
      kind: 'decrease',
      reason: 'Chiết khấu theo doanh số tháng',
      listed: [second.id],
      lines: [{ ...discount, unit_price: amount }],
    });
    expect(answer.status, answer.body.message).toBe(201);
    expect(answer.body.data.listed).toEqual([expect.objectContaining({ id: second.id, number: second.number, total: second.total })]);
    await kit.drain();
    const adjusting = await detail(answer.body.data.id);
    expect(adjusting.status).toBe('issued');
    expect(atSimulator(adjusting.ref_id)[0]!.InvoiceNote).toBe('Chiết khấu theo doanh số tháng (kèm bảng kê Mẫu 01/BK-ĐCTT, 2 hóa đơn)');
    for (const invoice of [first, second]) expect((await detail(invoice.id)).adjusted_by.map((row) => row.id)).toEqual([adjusting.id]);

    const sheet = await fetch(`${kit.server.url}/api${invoicePaths.adjustmentList(adjusting.id)}?company=${company()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sheet.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await sheet.arrayBuffer());
    const rows = workbook.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => row[4])).toEqual([first.number, second.number, adjusting.number]);
    expect(rows.map((row) => row[8])).toEqual([first.total, second.total, adjusting.total]);
    expect(rows[0]![5]).toBeInstanceOf(Date);
    const notList = await kit.server.call(`/invoice/api/einvoice/${first.id}/list/?company=${company()}`, { token });
    expect(notList.status).toBe(404);
  });
});

describe('signing by the next working day', () => {
  it('warns on an invoice still not published after the next working day, not on a published one', async () => {
    const invoice = await published();
    const longAgo = new Date(Date.now() - 6 * 86_400_000);
    await kit.server.deps.db
      .update(einvoices)
      .set({ createdAt: longAgo })
      .where(and(eq(einvoices.companyId, company()), eq(einvoices.id, invoice.id)));
    expect(await detail(invoice.id)).toMatchObject({ sign_overdue: false, made_on: vietnamDay(longAgo) });
    await kit.server.deps.db
      .update(einvoices)
      .set({ status: 'failed' })
      .where(and(eq(einvoices.companyId, company()), eq(einvoices.id, invoice.id)));
    expect(await detail(invoice.id)).toMatchObject({ status: 'failed', sign_overdue: true });
  });
});
