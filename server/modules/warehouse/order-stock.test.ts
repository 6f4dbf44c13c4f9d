/**
 * Orders in the ledger and stock from Excel: shipping an order takes exactly its quantity out of the
 * nearest-expiry lot, a recalled lot is never shipped, goods that come back wait in quarantine until
 * released, and a sheet with one bad row writes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import type { LotRecord, StockRow } from '@contract/warehouse';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import type { StockImportAnswer } from '@contract/warehouse-sheet';
import { stockLotBalances, stockLots } from '@server/kernel/db/schema';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockLevel } from '@server/testing/warehouse.kit';

let kit: OrderKit;
const today = new Date().toISOString().slice(0, 10);
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

async function lotBalance(lotNo: string): Promise<{ onHand: number; held: number }> {
  const [row] = await kit.server.deps.db
    .select({ onHand: stockLotBalances.onHand, held: stockLotBalances.held })
    .from(stockLotBalances)
    .innerJoin(stockLots, eq(stockLots.id, stockLotBalances.lotId))
    .where(and(eq(stockLots.companyId, kit.anKhang), eq(stockLots.lotNo, lotNo)));
  return row ?? { onHand: 0, held: 0 };
}
const move = (order: OrderRecord, status: string) =>
  kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${order.id}/`, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, status },
  });

describe('orders through the warehouse', () => {
  it('ships an order from the nearest-expiry lot: its balance falls by exactly the quantity and the hold is released', async () => {
    const variant = kit.variant('Loratadin 10mg');
    const box = [...variant.units].sort((a, b) => b.factor - a.factor)[0]!;
    await kit.stockLots('Loratadin 10mg', [
      { quantity: 5, unitPrice: 50_000, lotNo: 'SHIP-SOON', expiresOn: days(15) },
      { quantity: 5, unitPrice: 50_000, lotNo: 'SHIP-LATE', expiresOn: days(900) },
    ]);
    const soon = await lotBalance('SHIP-SOON');
    const order = await kit.createOrder({ customerCode: 'KH000002', lines: [{ variant, unit: box.unit, quantity: 2 }] });
    const held = (await stockLevel(kit.server, kit.anKhang, variant.id)).reserved;
    expect(held).toBeGreaterThanOrEqual(2 * box.factor);
    expect((await move(order, 'confirmed')).status).toBe(200);
    expect((await move(order, 'delivering')).status).toBe(200);
    expect((await lotBalance('SHIP-SOON')).onHand).toBe(soon.onHand - 2 * box.factor);
    expect((await stockLevel(kit.server, kit.anKhang, variant.id)).reserved).toBe(held - 2 * box.factor);
    const exports = await kit.server.call<{ order_id: string | null }[]>(`/warehouse/api/exportreceipt/?company=${kit.anKhang}&limit=200`, {
      token: kit.an.access,
    });
    expect(exports.body.data.some((receipt) => receipt.order_id === order.id)).toBe(true);

    // The customer sends one box back: it comes in held, not sellable, until the lot is released.
    const back = await kit.server.call<{ id: string }>('/warehouse/api/import-receipt-return-order/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, order: order.id, document_date: today, lines: [{ line_id: order.lines[0]!.id, quantity: 1 }] },
    });
    expect(back.status).toBe(201);
    expect(await lotBalance('SHIP-SOON')).toEqual({ onHand: soon.onHand - box.factor, held: box.factor });
    const tooMuch = await kit.server.call('/warehouse/api/import-receipt-return-order/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, order: order.id, document_date: today, lines: [{ line_id: order.lines[0]!.id, quantity: 2 }] },
    });
    expect(tooMuch.status).toBe(409);
    const lots = await kit.server.call<LotRecord[]>(`/warehouse/api/shipments/?company=${kit.anKhang}&search=SHIP-SOON`, {
      token: kit.an.access,
    });
    const lot = lots.body.data.find((entry) => entry.lot_no === 'SHIP-SOON')!;
    const recipients = await kit.server.call<{ recipients: { order_id: string | null }[] }>(
      `/warehouse/api/shipments/${lot.id}/?company=${kit.anKhang}`,
      { token: kit.an.access },
    );
    expect(recipients.body.data.recipients.map((entry) => entry.order_id)).toContain(order.id);
  });

  it('never ships a recalled lot: the order cannot leave while only recalled stock is left', async () => {
    const variant = kit.variant('Nifedipin T20 Stada retard');
    const base = variant.units.find((unit) => unit.factor === 1)!;
    const stocked = await kit.server.call<ReceiptDetail>('/warehouse/api/importreceipt/', {
      method: 'POST',
      token: kit.an.access,
      body: {
        company: kit.anKhang,
        document_date: today,
        status: 'completed',
        lines: [{ variant_id: variant.id, unit: base.unit, quantity: 30, lot_no: 'RECALL-1', expires_on: days(400) }],
      },
    });
    expect(stocked.status).toBe(201);
    const order = await kit.createOrder({ customerCode: 'KH000002', lines: [{ variant, unit: base.unit, quantity: 10 }] });
    await move(order, 'confirmed');
    const lots = await kit.server.call<LotRecord[]>(`/warehouse/api/shipments/?company=${kit.anKhang}&search=RECALL-1`, {
      token: kit.an.access,
    });
    const lot = lots.body.data[0]!;
    const noReason = await kit.server.call(`/warehouse/api/shipments/${lot.id}/status/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'recalled' },
    });
    expect(noReason.status).toBe(400);
    const recall = await kit.server.call<LotRecord>(`/warehouse/api/shipments/${lot.id}/status/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'recalled', reason: 'Công văn thu hồi' },
    });
    expect(recall.body.data.status).toBe('recalled');
    const others = (
      await kit.server.call<StockRow[]>(`/warehouse/api/inventory/?company=${kit.anKhang}&search=${variant.code}`, { token: kit.an.access })
    ).body.data;
    const sellable = others.reduce(
      (sum, row) => sum + row.lots.filter((entry) => entry.status === 'usable').reduce((n, entry) => n + entry.quantity, 0),
      0,
    );
    const ship = await move(order, 'delivering');
    if (sellable >= 10) expect(ship.status).toBe(200);
    else expect([ship.status, ship.body.error]).toEqual([409, 'STOCK_INSUFFICIENT']);
    expect((await lotBalance('RECALL-1')).onHand).toBe(30);
  });

  it('imports a sheet as one completed receipt, or writes nothing when a row is refused (named with its row and column)', async () => {
    const variant = kit.variant('Hapacol 500');
    const send = (rows: Record<string, unknown>[]) =>
      kit.server.call<StockImportAnswer>('/warehouse/api/importreceipt/import/', {
        method: 'POST',
        token: kit.an.access,
        body: { company: kit.anKhang, document_date: today, opening: true, rows },
      });
    const before = (await stockLevel(kit.server, kit.anKhang, variant.id)).onHand;
    const bad = await send([
      { _row: 2, 'Mã hàng': variant.code, 'Đơn vị tính': 'viên', 'Số lượng': 100, 'Số lô': 'XL-1', 'Hạn dùng': '31/12/2030' },
      { _row: 3, 'Mã hàng': 'KHONGCO', 'Đơn vị tính': 'viên', 'Số lượng': 5 },
      { _row: 4, 'Mã hàng': variant.code, 'Đơn vị tính': 'viên', 'Số lượng': '-3', 'Hạn dùng': '31/02/2030' },
    ]);
    expect(bad.body.data.errors).toEqual([
      { row: 3, field: 'Mã hàng', message: 'Không có sản phẩm mã KHONGCO' },
      { row: 4, field: 'Số lượng', message: 'Số lượng phải là số nguyên lớn hơn 0' },
      { row: 4, field: 'Hạn dùng', message: 'Hạn dùng không hợp lệ (DD/MM/YYYY)' },
    ]);
    expect((await stockLevel(kit.server, kit.anKhang, variant.id)).onHand).toBe(before);
    const good = await send([
      {
        _row: 2,
        'Mã hàng': variant.code.toLowerCase(),
        'Đơn vị tính': 'viên',
        'Số lượng': '1.000',
        'Đơn giá': 400,
        'Số lô': 'XL-1',
        'Hạn dùng': '31/12/2030',
      },
    ]);
    expect(good.body.data).toMatchObject({ created: 1, errors: [], code: expect.stringMatching(/^PN/) });
    expect((await stockLevel(kit.server, kit.anKhang, variant.id)).onHand).toBe(before + 1000);
  });
});
