/**
 * E-invoices over HTTP against the meInvoice simulator: settings checked with the
 * provider before they are kept, issuing a completed order, its files, the refusals a person can
 * act on, at most one invoice per order (double clicks, timeouts, answers lost after the work, a
 * job run again), the VAT switch and other companies (corrections: invoice-corrections.routes.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDraft, InvoiceRecord, InvoiceSettingsRecord } from '@contract/invoices';
import { findConnection, updateConnectionSecrets, type Connection } from '@server/kernel/connections';
import { einvoices, providerConnections } from '@server/kernel/db/schema';
import { INVOICE_BUYER, startInvoiceKit, type InvoiceKit } from '@server/testing/invoices.kit';

let kit: InvoiceKit;
let token: string;

beforeAll(async () => {
  // A short provider timeout, so a held answer counts as a timeout in half a second.
  kit = await startInvoiceKit({ providerTimeoutMs: 500 });
  token = kit.accountant.access;
  await kit.drain(); // the demo's two invoices
});
afterAll(async () => {
  await kit?.stop();
});

const company = () => kit.anKhang;
const buyer = INVOICE_BUYER;

function issue(orderIds: string[], extra: Record<string, unknown> = {}, as = token) {
  return kit.server.call<InvoiceRecord>('/invoice/api/einvoice/', {
    token: as,
    body: { company: company(), order_ids: orderIds, buyer, ...extra },
  });
}
function detail(id: string) {
  return kit.server.call<InvoiceRecord>(`/invoice/api/einvoice/${id}/?company=${company()}`, { token });
}
const atSimulator = (refId: string) => kit.sims.simulators.meinvoice.invoices().filter((invoice) => invoice.RefID === refId);

describe('settings', () => {
  it('shows the demo account without its password', async () => {
    const answer = await kit.server.call<{ settings: InvoiceSettingsRecord }>(`/invoice/api/einvoice-settings/?company=${company()}`, {
      token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.settings).toMatchObject({
      environment: 'simulator',
      tax_code: '0312345673',
      template_no: '1',
      connected: true,
    });
    expect(answer.body.data.settings.password_hint).toBe('••••2026');
    expect(JSON.stringify(answer.body)).not.toContain('Demo@2026');
  });

  const form = (overrides: Record<string, unknown>) => ({
    company: company(),
    environment: 'simulator',
    app_id: 'demo-app-ankhang',
    tax_code: '0312345673',
    username: 'ketoan@ankhang.vn',
    template_no: '1',
    series: `c${String(new Date().getFullYear() % 100)}taa`,
    seller_legal_name: 'Công ty Dược phẩm An Khang',
    seller_address: '123 Nguyễn Trãi, TP. Hồ Chí Minh',
    ...overrides,
  });
  const save = (body: Record<string, unknown>) =>
    kit.server.call<InvoiceSettingsRecord>('/invoice/api/einvoice-settings/', { method: 'PUT', token, body });
  const stored = async () => (await kit.server.deps.db.select().from(providerConnections).where(meInvoiceOf(company())))[0]!;

  it('refuses what meInvoice refuses and keeps what was there', async () => {
    const before = await stored();
    const wrong = await save(form({ password: 'sai-mat-khau' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Sai tài khoản, mật khẩu hoặc mã số thuế meInvoice');
    const series = await save(form({ series: 'C26TZZ' }));
    expect(series.status).toBe(400);
    expect(series.body.message).toContain('Tài khoản meInvoice không có mẫu 1C26TZZ');
    const taxCode = await save(form({ tax_code: '0312345678' }));
    expect(taxCode.status).toBe(400);
    expect(taxCode.body.message).toBe('Mã số thuế không đúng (sai chữ số kiểm tra)');
    expect(await stored()).toEqual(before);
  });

  it('keeps the stored password when the field is left blank', async () => {
    const answer = await save(form({ password: '', seller_phone: '02838123457' }));
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data).toMatchObject({
      series: `C${new Date().getFullYear() % 100}TAA`,
      seller_phone: '02838123457',
      password_hint: '••••2026',
    });
  });

  it('lists the templates of the account', async () => {
    const answer = await kit.server.call<{ series: string }[]>(`/invoice/api/einvoice-templates/?company=${company()}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((template) => template.series)).toContain(`C${new Date().getFullYear() % 100}TAA`);
  });
});

describe('issuing', () => {
  it('publishes the demo invoices with their files', async () => {
    const list = await kit.server.call<InvoiceRecord[]>(`/invoice/api/einvoice/?company=${company()}&status=issued`, { token });
    expect(list.body.count).toBeGreaterThanOrEqual(2);
    expect(list.body.data.every((invoice) => invoice.number && invoice.has_pdf && invoice.has_xml)).toBe(true);
  });

  it('previews and issues an order at its total, then keeps the PDF and XML', async () => {
    const order = await kit.completedOrder();
    const preview = await kit.server.call<InvoiceDraft>('/invoice/api/einvoice/preview/', {
      token,
      body: { company: company(), order_ids: [order.id] },
    });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data).toMatchObject({
      total: order.total,
      total_vat: order.vat_total,
      orders: [{ id: order.id, code: order.code }],
    });
    expect(preview.body.data.amount_in_words).toMatch(/ đồng$/);

    const issued = await issue([order.id], { payment_method: 'CK' });
    expect(issued.status, issued.body.message).toBe(201);
    expect(issued.body.data).toMatchObject({ status: 'pending', number: null, total: order.total, payment_method: 'CK' });
    await kit.drain();
    const done = (await detail(issued.body.data.id)).body.data;
    expect(done).toMatchObject({ status: 'issued', has_pdf: true, has_xml: true, series: `C${new Date().getFullYear() % 100}TAA` });
    expect(done.number).toMatch(/^\d{8}$/);
    expect(done.tax_authority_code).toBeTruthy();
    expect(atSimulator(done.ref_id)).toHaveLength(1);
    expect(atSimulator(done.ref_id)[0]!.TotalAmount).toBe(order.total);

    const pdf = await fetch(`${kit.server.url}/api/invoice/api/einvoice/${done.id}/pdf/?company=${company()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`HD_1C${new Date().getFullYear() % 100}TAA_${done.number}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const xml = await fetch(`${kit.server.url}/api/invoice/api/einvoice/${done.id}/xml/?company=${company()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await xml.text();
    expect(text).toContain(`<SHDon>${done.number}</SHDon>`);
    expect(text).toContain(`<TgTTTBSo>${order.total}</TgTTTBSo>`);

    const byOrder = await kit.server.call<InvoiceRecord[]>(`/invoice/api/einvoice/?company=${company()}&order=${order.id}`, { token });
    expect(byOrder.body.data.map((invoice) => invoice.id)).toEqual([done.id]);
    const found = await kit.server.call<InvoiceRecord[]>(`/invoice/api/einvoice/?company=${company()}&search=${done.number}`, { token });
    expect(found.body.data.map((invoice) => invoice.id)).toEqual([done.id]);
  });

  it('bills several orders of one buyer on one invoice', async () => {
    const a = await kit.completedOrder();
    const b = await kit.completedOrder();
    const answer = await issue([a.id, b.id]);
    expect(answer.status).toBe(201);
    expect(answer.body.data.total).toBe(a.total + b.total);
    expect(answer.body.data.lines).toHaveLength(a.lines.length + b.lines.length);
    expect(answer.body.data.orders.map((order) => order.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("offers the buyer's other completed orders without an invoice to join one", async () => {
    const mine = await kit.completedOrder();
    const invoiced = await kit.completedOrder();
    await issue([invoiced.id]);
    const other = await kit.completedOrder({ customerCode: 'KH000002' });
    const offered = await kit.server.call<{ id: string; code: string; total: number }[]>(
      `/invoice/api/einvoice/orders/?company=${company()}&customer=${mine.customer_id}`,
      { token },
    );
    expect(offered.status).toBe(200);
    const ids = offered.body.data.map((order) => order.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(invoiced.id);
    expect(ids).not.toContain(other.id);
    expect(offered.body.data.find((order) => order.id === mine.id)).toMatchObject({ code: mine.code, total: mine.total });
  });

  it('refuses what cannot be invoiced, saying why, and stores nothing', async () => {
    const count = async () => (await kit.server.deps.db.select({ id: einvoices.id }).from(einvoices)).length;
    const before = await count();
    const open = await kit.createOrder({
      customerCode: 'KH000001',
      lines: [{ variant: kit.variant('Hapacol 500'), unit: kit.variant('Hapacol 500').units[0]!.unit, quantity: 1 }],
    });
    const notDone = await issue([open.id]);
    expect(notDone.status).toBe(400);
    expect(notDone.body.message).toContain('chỉ xuất hóa đơn cho đơn đã hoàn thành');

    const other = await kit.completedOrder({ customerCode: 'KH000002' });
    const mine = await kit.completedOrder();
    const twoBuyers = await issue([mine.id, other.id]);
    expect(twoBuyers.status).toBe(400);
    expect(twoBuyers.body.message).toBe('Một hóa đơn chỉ gộp các đơn hàng của cùng một khách hàng');

    const badTaxCode = await issue([mine.id], { buyer: { ...buyer, tax_code: '0100109107' } });
    expect(badTaxCode.status).toBe(400);
    expect(badTaxCode.body.fields?.['buyer.tax_code']).toBe('Mã số thuế không đúng (sai chữ số kiểm tra)');

    const notSubject = await issue([mine.id], { not_subject_lines: [mine.lines[0]!.id] });
    expect(notSubject.status).toBe(400);
    expect(notSubject.body.message).toContain('Chỉ dòng thuế suất 0% mới được ghi "không chịu thuế"');
    expect(await count()).toBe(before);
  });

  it('issues an order once, even from two clicks at once', async () => {
    const order = await kit.completedOrder();
    const [first, second] = await Promise.all([issue([order.id]), issue([order.id])]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toMatch(/^Đơn hàng DH\d+ đã có hóa đơn đang phát hành$/);
    await kit.drain();
    const again = await issue([order.id]);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/đã có hóa đơn số \d{8}$/);
  });
});

describe('exactly once at meInvoice', () => {
  it.each([
    ['an answer held past the timeout', { kind: 'timeout', delayMs: 1_500 }],
    ['a 500 after the invoice was published', { kind: 'fail-after' }],
    ['a 500 before anything was done', { kind: 'fail' }],
    ['a 429', { kind: 'rate-limit' }],
  ])('publishes one invoice through %s', async (_label, fault) => {
    const order = await kit.completedOrder();
    kit.sims.faults.meinvoice.push({ ...(fault as { kind: 'timeout' }), path: '/api/integration/invoice' });
    const issued = await issue([order.id]);
    await kit.drain();
    const done = (await detail(issued.body.data.id)).body.data;
    expect(done.status, done.status_message ?? '').toBe('issued');
    expect(atSimulator(done.ref_id)).toHaveLength(1);
    expect(atSimulator(done.ref_id)[0]!.InvNo).toBe(done.number);
  });

  it('publishes one invoice when the job runs again after the provider published (a restart before we recorded it)', async () => {
    const order = await kit.completedOrder();
    const issued = await issue([order.id]);
    await kit.drain();
    const first = (await detail(issued.body.data.id)).body.data;
    // The process died between meInvoice's answer and our commit: nothing recorded, a job to run again.
    await kit.server.deps.db
      .update(einvoices)
      .set({ status: 'failed', transactionId: null, number: null })
      .where(eq(einvoices.id, first.id));
    const retry = await kit.server.call<InvoiceRecord>(`/invoice/api/einvoice/${first.id}/retry/`, { token, body: { company: company() } });
    expect(retry.status).toBe(200);
    await kit.drain();
    const again = (await detail(first.id)).body.data;
    expect(again).toMatchObject({ status: 'issued', number: first.number, transaction_id: first.transaction_id });
    expect(atSimulator(first.ref_id)).toHaveLength(1);
  });

  it('publishes again, not failing, when meInvoice says the number was taken at the same moment (InvoiceNumberNotCotinuous)', async () => {
    const order = await kit.completedOrder();
    kit.sims.simulators.meinvoice.collideNext(2);
    const issued = await issue([order.id]);
    await kit.drain();
    const done = (await detail(issued.body.data.id)).body.data;
    expect(done.status, done.status_message ?? '').toBe('issued');
    expect(atSimulator(done.ref_id)).toHaveLength(1);
    expect(atSimulator(done.ref_id)[0]!.InvNo).toBe(done.number);
  });

  it('says why meInvoice refused, and sends it again once the settings are fixed', async () => {
    const order = await kit.completedOrder();
    const settings = await settingsOf();
    const yy = String(new Date().getFullYear() % 100);
    await kit.server.deps.db
      .update(providerConnections)
      .set({ settings: { ...settings, series: `C${yy}TZZ` } })
      .where(meInvoiceOf(company()));
    const issued = await issue([order.id]);
    await kit.drain();
    const failed = (await detail(issued.body.data.id)).body.data;
    expect(failed).toMatchObject({
      status: 'failed',
      status_message: 'Ký hiệu hóa đơn không có trên tài khoản meInvoice',
      provider_code: 'InvoiceTemplateNotExist',
    });
    expect(atSimulator(failed.ref_id)).toHaveLength(0);

    await kit.server.deps.db.update(providerConnections).set({ settings }).where(meInvoiceOf(company()));
    const retry = await kit.server.call<InvoiceRecord>(`/invoice/api/einvoice/${failed.id}/retry/`, {
      token,
      body: { company: company() },
    });
    expect(retry.body.data).toMatchObject({ status: 'pending', series: `C${yy}TAA`, status_message: null });
    await kit.drain();
    expect((await detail(failed.id)).body.data.status).toBe('issued');
    expect(atSimulator(failed.ref_id)).toHaveLength(1);
  });
  it('asks for a reconnect when meInvoice refuses the account at sign-in, and says why on the invoice', async () => {
    const order = await kit.completedOrder();
    const settings = await settingsOf();
    const [row] = await kit.server.deps.db.select().from(providerConnections).where(meInvoiceOf(company()));
    const connection = (await findConnection(kit.server.deps, company(), row!.id)) as Connection;
    // The kept token is too old to reuse, and the app id is one MISA refuses (InvalidAppID).
    await updateConnectionSecrets(kit.server.deps, connection, { tokenAt: '2000-01-01T00:00:00.000Z' });
    await kit.server.deps.db
      .update(providerConnections)
      .set({ settings: { ...settings, appId: '' } })
      .where(meInvoiceOf(company()));
    try {
      const issued = await issue([order.id]);
      await kit.drain();
      expect((await detail(issued.body.data.id)).body.data).toMatchObject({
        status: 'failed',
        status_message: 'Mã ứng dụng (AppID) MISA không đúng, hãy liên hệ MISA để lấy AppID tích hợp',
        provider_code: 'InvalidAppID',
      });
      const [after] = await kit.server.deps.db.select().from(providerConnections).where(meInvoiceOf(company()));
      expect(after).toMatchObject({
        status: 'needs_reconnect',
        statusMessage: 'Mã ứng dụng (AppID) MISA không đúng, hãy liên hệ MISA để lấy AppID tích hợp',
      });
    } finally {
      await kit.server.deps.db
        .update(providerConnections)
        .set({ settings, status: 'connected', statusMessage: null })
        .where(meInvoiceOf(company()));
    }
  });
});

function meInvoiceOf(companyId: number) {
  return and(eq(providerConnections.companyId, companyId), eq(providerConnections.provider, 'meinvoice'));
}

async function settingsOf() {
  const [row] = await kit.server.deps.db.select().from(providerConnections).where(meInvoiceOf(kit.anKhang));
  return row!.settings as Record<string, unknown>;
}

describe('who may', () => {
  it('refuses every call while the VAT switch is off, and the jobs stop too', async () => {
    const order = await kit.completedOrder();
    const issued = await issue([order.id]);
    await kit.setSwitch(company(), 'VAT', false);
    try {
      const list = await kit.server.call(`/invoice/api/einvoice/?company=${company()}`, { token });
      expect(list.status).toBe(403);
      expect(list.body).toMatchObject({ error: 'FEATURE_OFF', message: 'Công ty chưa bật chức năng Thuế VAT' });
      expect((await issue([(await kit.completedOrder()).id])).status).toBe(403);
      expect((await kit.server.call(`/invoice/api/einvoice-settings/?company=${company()}`, { token })).status).toBe(403);
      await kit.drain();
    } finally {
      await kit.setSwitch(company(), 'VAT', true);
    }
    const stopped = (await detail(issued.body.data.id)).body.data;
    expect(stopped).toMatchObject({ status: 'failed', status_message: 'Công ty đã tắt Thuế VAT nên không phát hành hóa đơn điện tử' });
    expect(atSimulator(stopped.ref_id)).toHaveLength(0);
  });

  it('refuses a role without the invoices area', async () => {
    const rep = await kit.server.login('0912000001');
    const answer = await kit.server.call(`/invoice/api/einvoice/?company=${company()}`, { token: rep.access });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Bạn không có quyền xem mục Hóa đơn điện tử, kế toán');
  });

  it("never shows or touches another company's invoices", async () => {
    const order = await kit.completedOrder();
    const issued = await issue([order.id]);
    await kit.drain();
    const id = issued.body.data.id;
    // Bình owns Minh Phát, with VAT on there too: An Khang's invoice does not exist for her.
    await kit.setSwitch(kit.minhPhat, 'VAT', true);
    const binh = kit.binh.access;
    const asMinhPhat = (path: string, body?: unknown) =>
      kit.server.call(path.includes('?') ? path : `${path}?company=${kit.minhPhat}`, {
        token: binh,
        ...(body ? { body: { company: kit.minhPhat, ...body } } : {}),
      });
    expect((await asMinhPhat(`/invoice/api/einvoice/${id}/`)).status).toBe(404);
    expect((await asMinhPhat(`/invoice/api/einvoice/${id}/pdf/`)).status).toBe(404);
    expect((await asMinhPhat(`/invoice/api/einvoice/${id}/cancel/`, { reason: 'Thử' })).status).toBe(404);
    expect((await asMinhPhat(`/invoice/api/einvoice/`, { order_ids: [order.id], buyer })).status).toBe(400);
    const list = await asMinhPhat(`/invoice/api/einvoice/?company=${kit.minhPhat}&order=${order.id}`);
    expect(list.body.data).toEqual([]);
    // And she is not a member of An Khang at all.
    const foreign = await kit.server.call(`/invoice/api/einvoice/${id}/?company=${company()}`, { token: binh });
    expect(foreign.status).toBe(403);
    expect((await detail(id)).body.data.status).toBe('issued');
  });
});
