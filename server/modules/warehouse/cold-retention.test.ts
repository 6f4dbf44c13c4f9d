/**
 * An import receipt's temperature readings (docs/pharma.md "Cold items": add, list, the out-of-range flag for
 * frozen goods, the warehouse permission, another company) and retention (docs/pharma.md "Retention") on the warehouse's
 * delete paths: a draft's lines are replaced freely, a posted receipt's never; an order whose
 * medicine lots left is kept, one that moved nothing is not held.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldPaths, type TemperatureAnswer } from '@contract/pharma-cold';
import { vietnamDay } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import { receiptPaths, type ReceiptDetail } from '@contract/warehouse-receipts';
import { products } from '@server/kernel/db/schema';
import { HttpError } from '@server/kernel/errors';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { unguarded } from '@server/testing/change-log-guard';
import { lockReceipt, replaceDraft } from './receipts.repo';
import { refuseRetainedDelete } from './retention';

let kit: OrderKit;
let frozen: VariantRecord;

const call = <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  kit.server.call<T>(path, { token: kit.an.access, ...init } as never);

async function importReceipt(status: 'draft' | 'completed', expires = '2027-06-30'): Promise<ReceiptDetail> {
  const answer = await call<ReceiptDetail>(receiptPaths('import').list, {
    method: 'POST',
    body: {
      company: kit.anKhang,
      document_date: vietnamDay(),
      status,
      lines: [
        {
          variant_id: frozen.id,
          unit: frozen.units[0]!.unit,
          quantity: 5,
          unit_price: 1000,
          lot_no: `LOT-${status}-${expires}`,
          expires_on: expires,
        },
      ],
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

beforeAll(async () => {
  kit = await startOrderKit();
  frozen = kit.variants[0]!;
  await unguarded(kit.server.deps.db, (tx) =>
    tx
      .update(products)
      .set({ storage: 'frozen', isMedicine: true })
      .where(and(eq(products.companyId, kit.anKhang), eq(products.id, frozen.product_id))),
  );
});
afterAll(async () => {
  await kit?.stop();
});

describe('temperature readings of an import receipt', () => {
  let receipt: ReceiptDetail;
  beforeAll(async () => {
    receipt = await importReceipt('completed');
  });

  it('adds and lists them; a frozen item read above −10 °C is out of range', async () => {
    const path = `${coldPaths.receipt(receipt.id)}?company=${kit.anKhang}`;
    const empty = await call<TemperatureAnswer>(path);
    expect(empty.body.data).toEqual({ cold_items: [expect.objectContaining({ storage: 'frozen' })], readings: [] });
    const cold = await call<TemperatureAnswer>(coldPaths.receipt(receipt.id), {
      method: 'POST',
      body: { company: kit.anKhang, celsius: -18.5, note: null },
    });
    expect(cold.status).toBe(201);
    expect(cold.body.data.readings[0]).toMatchObject({ celsius: -18.5, out_of_range: null });
    const warm = await call<TemperatureAnswer>(coldPaths.receipt(receipt.id), {
      method: 'POST',
      body: { company: kit.anKhang, celsius: -2, note: 'Xe lạnh đến muộn' },
    });
    expect(warm.body.data.readings.map((reading) => reading.celsius)).toEqual([-2, -18.5]);
    expect(warm.body.data.readings[0]!.out_of_range).toMatch(/ngoài khoảng bảo quản Đông lạnh/);
    expect(warm.body.data.readings[0]!.taken_by.id).toBe(kit.an.account.id);
  });

  it('needs the warehouse permission, and another company cannot read them', async () => {
    const accountant = await kit.server.login(DEMO_STAFF.accountant);
    const denied = await call(`${coldPaths.receipt(receipt.id)}?company=${kit.anKhang}`, { token: accountant.access });
    expect(denied.status).toBe(403);
    expect((await call(`${coldPaths.receipt(receipt.id)}?company=${kit.anKhang}`, { token: kit.binh.access })).status).toBe(403);
    // As a member of another company: refused there (no warehouse right) or not found in it.
    const elsewhere = await call(`${coldPaths.receipt(receipt.id)}?company=${kit.minhPhat}`);
    expect([403, 404]).toContain(elsewhere.status);
  });
});

describe('retention on the warehouse delete paths', () => {
  it("replaces a draft's lines, but never a posted receipt's while its lots are kept", async () => {
    const draft = await importReceipt('draft');
    const edited = await call<ReceiptDetail>(receiptPaths('import').one(draft.id), {
      method: 'PUT',
      body: {
        company: kit.anKhang,
        document_date: vietnamDay(),
        lines: [
          {
            variant_id: frozen.id,
            unit: frozen.units[0]!.unit,
            quantity: 7,
            unit_price: 1000,
            lot_no: 'LOT-draft',
            expires_on: '2027-06-30',
          },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const posted = await importReceipt('completed', '2026-01-31');
    const refused = kit.server.deps.db.transaction(async (tx) => {
      const row = (await lockReceipt(tx, kit.anKhang, 'import', posted.id))!;
      await replaceDraft(tx, row, { ...row }, []);
    });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toThrow(/^Không xóa được phiếu kho: .*lưu đến hết 31\/01\/2027/);
  });

  it('keeps an order whose medicine lots left, and holds nothing of one that moved no stock', async () => {
    const order = await kit.createOrder({
      customerCode: 'KH000002',
      lines: [{ variant: frozen, unit: frozen.units[0]!.unit, quantity: 1 }],
    });
    const db = kit.server.deps.db;
    await expect(db.transaction((tx) => refuseRetainedDelete(tx, kit.anKhang, 'order', { orderId: order.id }))).resolves.toBeUndefined();
    for (const status of ['confirmed', 'delivering']) {
      const moved = await call(`/order/api/updatestatusordercompany/${order.id}/`, {
        method: 'PUT',
        body: { company: kit.anKhang, status, reason: null },
      });
      expect(moved.status).toBe(200);
    }
    await expect(db.transaction((tx) => refuseRetainedDelete(tx, kit.anKhang, 'order', { orderId: order.id }))).rejects.toThrow(
      /^Không xóa được đơn hàng: chứng từ của lô thuốc/,
    );
  });
});
