/**
 * The MISA AMIS connection over HTTP against its simulator: connecting with the
 * connection code, the dictionary and its mapping, pushing orders, import receipts and payments as vouchers
 * whose results come back on the callback (the catalogue first and AMIS's refusals shown with its
 * reason and sent again: accounting-catalogue.test.ts), one voucher per record through timeouts, 5xx, callbacks sent twice and an expired token, a
 * callback that is not AMIS's refused, another company and the VAT switch.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '@contract/receivables';
import type {
  AccountingSyncRecord,
  AmisConnectionRecord,
  DictionaryItem,
  MappingRecord,
  SyncBatchRecord,
} from '@contract/invoices-accounting';
import { inboundEvents, providerConnections } from '@server/kernel/db/schema';
import { startInvoiceKit, type InvoiceKit } from '@server/testing/invoices.kit';
import type { AmisSimulator } from '@simulators/amis';

let kit: InvoiceKit;
let token: string;
let amis: AmisSimulator;

beforeAll(async () => {
  kit = await startInvoiceKit({ providerTimeoutMs: 500 });
  token = kit.accountant.access;
  amis = kit.sims.simulators.amis;
  await kit.drain();
});
afterAll(async () => {
  await kit?.stop();
});

const company = () => kit.anKhang;
const call = <T>(path: string, body?: Record<string, unknown>, method?: string) =>
  kit.server.call<T>(path, { token, method, ...(body ? { body: { company: company(), ...body } } : {}) });
const vouchers = () => [...(amis.companies().get('ANKHANG')?.vouchers.values() ?? [])];

/** Runs the jobs until the batch has no row waiting for AMIS (its callbacks come back over HTTP). */
async function settled(batchId: string): Promise<SyncBatchRecord> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await kit.drain();
    const batch = (await call<SyncBatchRecord>(`/invoice/api/amis/batch/${batchId}/?company=${company()}`)).body.data;
    if (batch.waiting === 0 || Date.now() > deadline) return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function syncRowOf(sourceId: string): Promise<AccountingSyncRecord> {
  const list = await call<AccountingSyncRecord[]>(`/invoice/api/amis/sync/?company=${company()}&limit=200`);
  return list.body.data.find((row) => row.source_id === sourceId)!;
}

describe('connecting', () => {
  it('shows the demo connection without its code, and refuses a wrong code changing nothing', async () => {
    const shown = await call<{ connection: AmisConnectionRecord }>(`/invoice/api/amis/connection/?company=${company()}`);
    expect(shown.body.data.connection).toMatchObject({ environment: 'simulator', app_id: 'demo-app-ankhang', org_company_code: 'ANKHANG' });
    expect(shown.body.data.connection.callback_url).toMatch(/\/api\/invoice\/api\/amis-callback\/\d+\/[\w-]{32}\/$/);
    expect(JSON.stringify(shown.body)).not.toContain('demo-ma-ket-noi-ankhang');
    const before = (await kit.server.deps.db.select().from(providerConnections).where(eq(providerConnections.provider, 'amis')))[0];
    const wrong = await call(
      '/invoice/api/amis/connection/',
      { environment: 'simulator', app_id: 'demo-app-ankhang', org_company_code: 'ANKHANG', access_code: 'sai-ma-ket-noi' },
      'PUT',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('AMIS: Mã kết nối không hợp lệ hoặc đã bị thu hồi');
    expect((await kit.server.deps.db.select().from(providerConnections).where(eq(providerConnections.provider, 'amis')))[0]).toEqual(
      before,
    );
    const again = await call<AmisConnectionRecord>(
      '/invoice/api/amis/connection/',
      { environment: 'simulator', app_id: 'demo-app-ankhang', org_company_code: 'ANKHANG' },
      'PUT',
    );
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'connected', access_code_hint: '••••hang' });
    expect(again.body.data.token_expires_at).toBeTruthy();
  });
});

describe('the dictionary', () => {
  it('reads AMIS accounts, sends customers, goods and warehouses by their codes, and keeps the mapping', async () => {
    const accounts = await call<DictionaryItem[]>(`/invoice/api/amis/dictionary/?company=${company()}&kind=account`);
    expect(accounts.body.data.map((item) => item.code)).toContain('5111');
    for (const kind of ['customer', 'variant', 'warehouse']) {
      const pushed = await call<{ pushed: number }>('/invoice/api/amis/dictionary/push/', { kind });
      expect(pushed.status, pushed.body.message).toBe(200);
      expect(pushed.body.data.pushed).toBeGreaterThan(0);
    }
    const customers = await call<DictionaryItem[]>(`/invoice/api/amis/dictionary/?company=${company()}&kind=customer`);
    expect(customers.body.data.map((item) => item.code)).toContain('KH000001');
    const mapped = await call<MappingRecord[]>(`/invoice/api/amis/mappings/?company=${company()}&kind=customer&search=KH000001`);
    expect(mapped.body.data[0]).toMatchObject({ local_code: 'KH000001', misa_code: 'KH000001' });
  });

  it('maps an account role to another AMIS account, and refuses keys that are not the company’s', async () => {
    const saved = await call(
      '/invoice/api/amis/mappings/',
      { kind: 'account', items: [{ local_key: 'revenue', misa_code: '5111', misa_name: 'Doanh thu bán hàng hóa' }] },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const accounts = await call<MappingRecord[]>(`/invoice/api/amis/mappings/?company=${company()}&kind=account`);
    expect(accounts.body.data.find((row) => row.local_key === 'revenue')).toMatchObject({ local_code: '5111', misa_code: '5111' });
    const foreign = await call(
      '/invoice/api/amis/mappings/',
      { kind: 'warehouse', items: [{ local_key: '999999', misa_code: 'X' }] },
      'PUT',
    );
    expect(foreign.status).toBe(404);
  });
});

describe('pushing vouchers', () => {
  it('pushes completed orders through synchronize-order-misa, each synced from AMIS’s callback', async () => {
    const orders = [await kit.completedOrder(), await kit.completedOrder({ customerCode: 'KH000002' })];
    const started = await call<SyncBatchRecord>('/order/api/synchronize-order-misa/', { order_ids: orders.map((order) => order.id) });
    expect(started.status, started.body.message).toBe(201);
    expect(started.body.data).toMatchObject({ total: 2, waiting: 2 });
    const done = await settled(started.body.data.id);
    expect(done).toMatchObject({ total: 2, synced: 2, failed: 0, waiting: 0 });
    expect(done).toMatchObject({ outcome: 'success', summary: 'Đã đồng bộ 2/2, 0 lỗi', failures: [] });
    for (const order of orders) {
      const row = await syncRowOf(order.id);
      expect(row).toMatchObject({ status: 'synced', source: 'order', source_code: order.code, amount: order.total });
      const voucher = vouchers().find((candidate) => candidate.org_refid === row.org_refid)!;
      expect(voucher).toMatchObject({
        voucher_type: 13,
        refno_finance: order.code,
        total_amount: order.total,
        account_object_code: order.customer_code,
      });
    }
    // One record's row, as the order's page asks for it.
    const own = await call<AccountingSyncRecord[]>(`/invoice/api/amis/sync/?company=${company()}&source=order&record=${orders[0]!.id}`);
    expect(own.body.data.map((row) => row.source_id)).toEqual([orders[0]!.id]);
    const again = await call('/order/api/synchronize-order-misa/', { order_ids: [orders[0]!.id] });
    expect(again.status).toBe(400);
  });

  it('makes one voucher per record through a timeout, a 500 after the work, callbacks sent twice and an expired token', async () => {
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => kit.completedOrder()));
    const before = vouchers().length;
    kit.sims.faults.amis.push({ kind: 'timeout', path: '/actopen/save', delayMs: 1_000 });
    kit.sims.faults.amis.push({ kind: 'fail-after', path: '/actopen/save', times: 2 });
    amis.duplicateNextCallbacks(10);
    amis.expireTokens();
    const started = await call<SyncBatchRecord>('/order/api/synchronize-order-misa/', { order_ids: orders.map((order) => order.id) });
    const done = await settled(started.body.data.id);
    expect(done).toMatchObject({ total: 5, synced: 5, failed: 0 });
    expect(vouchers().length - before).toBe(5);
    for (const order of orders) {
      const row = await syncRowOf(order.id);
      expect(vouchers().filter((voucher) => voucher.org_refid === row.org_refid)).toHaveLength(1);
    }
    // Every callback sent twice was kept once.
    const events = await kit.server.deps.db
      .select({ key: inboundEvents.eventKey })
      .from(inboundEvents)
      .where(eq(inboundEvents.provider, 'amis'));
    expect(new Set(events.map((event) => event.key)).size).toBe(events.length);
  });

  it('pushes a completed import receipt as an inward voucher', async () => {
    const variant = kit.variant('Hapacol 500');
    const receipt = await kit.server.call<{ id: string; code: string; total_amount: number }>('/warehouse/api/importreceipt/', {
      token: kit.an.access,
      body: {
        company: company(),
        document_date: new Date().toISOString().slice(0, 10),
        status: 'completed',
        partner_name: 'Công ty CP Dược Hậu Giang',
        lines: [
          {
            variant_id: variant.id,
            unit: variant.units[0]!.unit,
            quantity: 100,
            unit_price: 1_500,
            lot_no: 'AMIS-1',
            expires_on: '2099-12-31',
          },
        ],
      },
    });
    expect(receipt.status, receipt.body.message).toBe(201);
    const candidates = await call<{ source_id: string }[]>(`/invoice/api/amis/sync/candidates/?company=${company()}&source=receipt`);
    expect(candidates.body.data.map((row) => row.source_id)).toContain(receipt.body.data.id);
    const started = await call<SyncBatchRecord>('/invoice/api/amis/sync/', { source: 'receipt', ids: [receipt.body.data.id] });
    expect((await settled(started.body.data.id)).synced).toBe(1);
    const row = await syncRowOf(receipt.body.data.id);
    expect(vouchers().find((voucher) => voucher.org_refid === row.org_refid)).toMatchObject({
      voucher_type: 1,
      refno_finance: receipt.body.data.code,
      total_amount: 150_000,
    });
  });
  it('pushes confirmed payments as receipt vouchers (cash into 1111, a transfer into 1121, from 131), never one waiting for the cashier', async () => {
    const order = await kit.completedOrder();
    const pay = (body: Record<string, unknown>) =>
      kit.server.call<PaymentRecord>('/order/api/orderpayment/', {
        token: kit.an.access,
        body: { company: company(), customer: order.customer_id, ...body },
      });
    const cash = await pay({ order: order.id, amount: 100_000, method: 'cash' });
    const transfer = await pay({ amount: 50_000, method: 'transfer', reference: 'FT26331999' });
    const waiting = await pay({ amount: 20_000, method: 'cash', confirmed: false });
    for (const answer of [cash, transfer, waiting]) expect(answer.status, answer.body.message).toBe(201);
    const candidates = await call<{ source_id: string }[]>(`/invoice/api/amis/sync/candidates/?company=${company()}&source=payment`);
    const ready = candidates.body.data.map((row) => row.source_id);
    expect(ready).toEqual(expect.arrayContaining([cash.body.data.id, transfer.body.data.id]));
    expect(ready).not.toContain(waiting.body.data.id);
    const refused = await call('/invoice/api/amis/sync/', { source: 'payment', ids: [waiting.body.data.id] });
    expect([refused.status, refused.body.message]).toEqual([400, 'Chỉ đồng bộ chứng từ đã hoàn thành']);

    const started = await call<SyncBatchRecord>('/invoice/api/amis/sync/', {
      source: 'payment',
      ids: [cash.body.data.id, transfer.body.data.id],
    });
    expect(started.status, started.body.message).toBe(201);
    expect((await settled(started.body.data.id)).synced).toBe(2);
    const voucherOf = async (id: string) => {
      const { org_refid } = await syncRowOf(id);
      return vouchers().find((voucher) => voucher.org_refid === org_refid);
    };
    expect(await voucherOf(cash.body.data.id)).toMatchObject({
      voucher_type: 5,
      refno_finance: cash.body.data.code,
      total_amount: 100_000,
      account_object_code: order.customer_code,
      journal_memo: `Thu tiền ${order.customer_name} theo đơn ${order.code}`,
      detail: [{ amount: 100_000, debit_account: '1111', credit_account: '131' }],
    });
    expect(await voucherOf(transfer.body.data.id)).toMatchObject({
      voucher_type: 6,
      total_amount: 50_000,
      detail: [{ amount: 50_000, debit_account: '1121', credit_account: '131' }],
    });
  });
});

describe('the callback', () => {
  async function connectionOf() {
    const shown = await call<{ connection: AmisConnectionRecord }>(`/invoice/api/amis/connection/?company=${company()}`);
    return new URL(shown.body.data.connection.callback_url).pathname.replace(/^\/api/, '');
  }
  const signed = (data: string, key = 'demo-app-ankhang') => crypto.createHmac('sha256', key).update(data).digest('hex');

  it('refuses a callback with the wrong address token or signature, or for another AMIS company, and changes nothing', async () => {
    const order = await kit.completedOrder();
    const started = await call<SyncBatchRecord>('/order/api/synchronize-order-misa/', { order_ids: [order.id] });
    const row = await syncRowOf(order.id);
    const data = JSON.stringify([{ org_refid: row.org_refid, success: false, error_code: 'X', error_message: 'giả mạo' }]);
    const path = await connectionOf();
    const post = (url: string, body: Record<string, unknown>) => kit.server.call(url, { body });
    // MISA's own receiver's shape (simulators/amis/fixtures/webhook-callback.json).
    const good = {
      Success: false,
      ErrorCode: 'X',
      ErrorMessage: 'giả mạo',
      Signature: signed(data),
      DataType: 1,
      OrgCompanyCode: 'ANKHANG',
      AppID: 'demo-app-ankhang',
      Data: data,
    };
    expect((await post(path.replace(/\/[\w-]+\/$/, '/wrong-token/'), good)).status).toBe(401);
    expect((await post(path, { ...good, Signature: signed(data, 'other-app') })).status).toBe(401);
    expect((await post(path, { ...good, OrgCompanyCode: 'KHAC' })).status).toBe(401);
    expect((await post(path, { ...good, Signature: 'not-hex' })).status).toBe(400);
    expect((await settled(started.body.data.id)).synced).toBe(1);
    expect((await syncRowOf(order.id)).status).toBe('synced');
    // A genuine late callback saying "failed" does not undo a synced voucher.
    expect((await post(path, good)).status).toBe(200);
    await kit.drain();
    expect((await syncRowOf(order.id)).status).toBe('synced');
  });
});

describe('disconnecting', () => {
  it('forgets the connection, after which pushing says to connect first', async () => {
    const before = await call<{ connection: AmisConnectionRecord }>(`/invoice/api/amis/connection/?company=${company()}`);
    const gone = await kit.server.call(`/invoice/api/amis/connection/?company=${company()}`, { token, method: 'DELETE' });
    expect(gone.status).toBe(200);
    const refused = await call('/order/api/synchronize-order-misa/', {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Công ty chưa kết nối MISA AMIS Kế toán (Đồng bộ kế toán › Kết nối)');
    const back = await call<AmisConnectionRecord>(
      '/invoice/api/amis/connection/',
      { environment: 'simulator', app_id: 'demo-app-ankhang', org_company_code: 'ANKHANG', access_code: 'demo-ma-ket-noi-ankhang' },
      'PUT',
    );
    expect(back.status, back.body.message).toBe(200);
    expect(back.body.data.callback_url).not.toBe(before.body.data.connection.callback_url);
  });
});

describe('who may', () => {
  it('refuses everything while the VAT switch is off', async () => {
    await kit.setSwitch(company(), 'VAT', false);
    try {
      expect((await call(`/invoice/api/amis/sync/?company=${company()}`)).status).toBe(403);
      expect((await call('/order/api/synchronize-order-misa/', {})).status).toBe(403);
    } finally {
      await kit.setSwitch(company(), 'VAT', true);
    }
  });

  it("keeps another company's records out of reach", async () => {
    await kit.setSwitch(kit.minhPhat, 'VAT', true);
    const binh = kit.binh.access;
    const order = await kit.completedOrder();
    const list = await kit.server.call<AccountingSyncRecord[]>(`/invoice/api/amis/sync/?company=${kit.minhPhat}`, { token: binh });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    const foreign = await kit.server.call('/order/api/synchronize-order-misa/', {
      token: binh,
      body: { company: kit.minhPhat, order_ids: [order.id] },
    });
    expect(foreign.status).toBe(400); // Minh Phát has no AMIS connection, and the order is not its own
    const rep = await kit.server.login('0912000001');
    expect((await kit.server.call(`/invoice/api/amis/sync/?company=${company()}`, { token: rep.access })).status).toBe(403);
  });
});
