/**
 * The catalogue before the vouchers over HTTP against the AMIS simulator, which
 * refuses a voucher naming a customer, goods or warehouse its dictionary lacks as AMIS does: a push
 * before the catalogue was sent is refused here (400 CATALOGUE_FIRST, naming what is missing) and
 * keeps nothing; step 1 sends the three kinds at once; a push AMIS refused says "Đã đồng bộ 0/1, 1
 * lỗi" with the refused record and AMIS's reason, never a success, and is made once when sent again.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRecord } from '@contract/customers';
import type { AccountingSyncRecord, CatalogueStatus, SyncBatchRecord } from '@contract/invoices-accounting';
import { accountingSyncs, orders, warehouses } from '@server/kernel/db/schema';
import { defaultWarehouse } from '@server/modules/warehouse';
import { startInvoiceKit, type InvoiceKit } from '@server/testing/invoices.kit';
import type { AmisSimulator } from '@simulators/amis';
import { batchOutcome } from './accounting-sync';

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

/** The code of the warehouse an order goes out of (its own, else the company's default). */
async function warehouseCodeOf(orderId: string): Promise<string> {
  const { db } = kit.server.deps;
  const [row] = await db.select({ id: orders.warehouseId }).from(orders).where(eq(orders.id, orderId));
  const id = row?.id ?? (await defaultWarehouse(db, company())).id;
  const [warehouse] = await db.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.id, id));
  return warehouse!.code;
}

describe('the catalogue first', () => {
  it('refuses to push vouchers before the catalogue was sent, saying what AMIS lacks, and keeps nothing', async () => {
    const status = await call<CatalogueStatus>(`/invoice/api/amis/catalogue/?company=${company()}`);
    expect(status.status).toBe(200);
    expect(status.body.data.ready).toBe(false);
    expect(status.body.data.kinds.customer.unmapped).toBe(status.body.data.kinds.customer.total);
    const order = await kit.completedOrder();
    const warehouse = await warehouseCodeOf(order.id);
    const goods = [kit.variant('Hapacol 500').code, kit.variant('Panadol Extra').code].sort();
    const expected =
      `Chưa đồng bộ danh mục sang MISA: 1 khách hàng (KH000001), 2 hàng hóa (${goods.join(', ')}), 1 kho (${warehouse}) ` +
      'chưa có trên AMIS nên AMIS sẽ từ chối chứng từ. Hãy làm bước 1 "Đồng bộ danh mục" trước, rồi đồng bộ chứng từ.';
    for (const [path, body] of [
      ['/invoice/api/amis/sync/', { source: 'order', ids: [order.id] }],
      ['/order/api/synchronize-order-misa/', { order_ids: [order.id] }],
    ] as const) {
      const refused = await call(path, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('CATALOGUE_FIRST');
      expect(refused.body.message).toBe(expected);
    }
    const rows = await kit.server.deps.db.select().from(accountingSyncs).where(eq(accountingSyncs.sourceId, order.id));
    expect(rows).toEqual([]);
    expect(vouchers()).toEqual([]);
  });

  it('sends customers, goods and warehouses in one step, after which vouchers go', async () => {
    const pushed = await call<{ pushed: Record<string, number>; status: CatalogueStatus }>('/invoice/api/amis/catalogue/push/', {});
    expect(pushed.status, pushed.body.message).toBe(200);
    const { customer, variant, warehouse } = pushed.body.data.status.kinds;
    expect(pushed.body.data.pushed).toEqual({ customer: customer.total, variant: variant.total, warehouse: warehouse.total });
    expect(pushed.body.message).toBe(
      `Đã gửi danh mục sang MISA: ${customer.total} khách hàng, ${variant.total} hàng hóa, ${warehouse.total} kho`,
    );
    expect(pushed.body.data.status.ready).toBe(true);
    expect((await call<CatalogueStatus>(`/invoice/api/amis/catalogue/?company=${company()}`)).body.data.ready).toBe(true);
  });
});

describe('what a push came to', () => {
  it('is never a success when nothing was synced or anything failed', () => {
    expect(batchOutcome(160, 0, 0, 160)).toEqual({ outcome: 'failed', summary: 'Đã đồng bộ 0/160, 160 lỗi' });
    expect(batchOutcome(160, 0, 150, 10)).toEqual({ outcome: 'failed', summary: 'Đã đồng bộ 150/160, 10 lỗi' });
    expect(batchOutcome(160, 0, 160, 0)).toEqual({ outcome: 'success', summary: 'Đã đồng bộ 160/160, 0 lỗi' });
    expect(batchOutcome(160, 40, 100, 20)).toEqual({ outcome: 'running', summary: 'Đang đồng bộ: MISA đã trả kết quả 120/160 chứng từ' });
  });

  it('refuses a customer AMIS has not got before sending, says why AMIS refused a wrong code, and makes it once sent again', async () => {
    // A customer AMIS has not got yet: refused here, before any voucher goes.
    const created = await kit.server.call<CustomerRecord>('/customer/api/customer/', {
      token: kit.an.access,
      body: { company: company(), name: 'Nhà thuốc Mới Mở', kind: 'Nhà thuốc', phone: '0909000111' },
    });
    expect(created.status, created.body.message).toBe(201);
    const code = created.body.data.code;
    kit.customers.set(code, created.body.data);
    const order = await kit.completedOrder({ customerCode: code });
    const early = await call('/invoice/api/amis/sync/', { source: 'order', ids: [order.id] });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      error: 'CATALOGUE_FIRST',
      message: `Chưa đồng bộ danh mục sang MISA: 1 khách hàng (${code}) chưa có trên AMIS nên AMIS sẽ từ chối chứng từ. Hãy làm bước 1 "Đồng bộ danh mục" trước, rồi đồng bộ chứng từ.`,
    });

    // Mapped by hand to a code AMIS has not got: AMIS refuses the voucher, and the push says so.
    const mapped = await call(
      '/invoice/api/amis/mappings/',
      { kind: 'customer', items: [{ local_key: created.body.data.id, misa_code: 'KH-CHUA-CO', misa_name: null }] },
      'PUT',
    );
    expect(mapped.status, mapped.body.message).toBe(200);
    const started = await call<SyncBatchRecord>('/invoice/api/amis/sync/', { source: 'order', ids: [order.id] });
    expect(started.status, started.body.message).toBe(201);
    const done = await settled(started.body.data.id);
    const failed = await syncRowOf(order.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error_code: 'AccountObjectNotExist',
      error_message: 'AMIS: Đối tượng "KH-CHUA-CO" chưa có trong danh mục AMIS',
    });
    expect(done).toMatchObject({
      total: 1,
      synced: 0,
      failed: 1,
      outcome: 'failed',
      summary: 'Đã đồng bộ 0/1, 1 lỗi',
      failures: [{ id: failed.id, source_code: order.code, partner_name: order.customer_name, error_message: failed.error_message }],
    });

    // The mapping removed and the catalogue sent: the same voucher is made once.
    await call('/invoice/api/amis/mappings/', { kind: 'customer', items: [{ local_key: created.body.data.id, misa_code: null }] }, 'PUT');
    await call('/invoice/api/amis/catalogue/push/', {});
    const retried = await call<SyncBatchRecord>('/invoice/api/amis/sync/retry/', { ids: [failed.id] });
    expect(retried.status, retried.body.message).toBe(200);
    expect(await settled(retried.body.data.id)).toMatchObject({ synced: 1, outcome: 'success', summary: 'Đã đồng bộ 1/1, 0 lỗi' });
    const synced = await syncRowOf(order.id);
    expect(synced).toMatchObject({ status: 'synced', error_message: null, send_no: 2, org_refid: failed.org_refid });
    expect(vouchers().filter((voucher) => voucher.org_refid === failed.org_refid)).toHaveLength(1);
  });
});
