/**
 * Goods given back from an order lower the customer's debt by what they were sold for: at once for a
 * completed order, at completion for one still under way, once per return receipt, and back on the
 * debt when the receipt is cancelled. A return of an order that never completes credits nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import type { OrderReceivable } from '@contract/receivables';
import { returnedValue } from '@contract/orders-totals';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;
const today = new Date().toISOString().slice(0, 10);
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  kit = await startOrderKit();
  await kit.stockLots('Loratadin 10mg', [{ quantity: 40, unitPrice: 30_000, lotNo: 'RET-CREDIT', expiresOn: days(700) }]);
});
afterAll(async () => {
  await kit?.stop();
});

const move = async (order: OrderRecord, ...statuses: string[]) => {
  for (const status of statuses) {
    const moved = await kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status },
    });
    expect(moved.status, status).toBe(200);
  }
};
const giveBack = (order: OrderRecord, quantity: number) =>
  kit.server.call<{ id: string; credit: number }>('/warehouse/api/import-receipt-return-order/', {
    method: 'POST',
    token: kit.an.access,
    body: { company: kit.anKhang, order: order.id, document_date: today, lines: [{ line_id: order.lines[0]!.id, quantity }] },
  });
const receivable = async (order: OrderRecord) =>
  (
    await kit.server.call<OrderReceivable>(`/order/api/receivableinfo/?company=${kit.anKhang}&order=${order.id}`, {
      token: kit.an.access,
    })
  ).body.data;
const worth = (order: OrderRecord, quantity: number) =>
  returnedValue(
    order.lines.map((line) => ({ id: line.id, quantity: line.quantity, lineTotal: line.line_total })),
    [{ line_id: order.lines[0]!.id, quantity }],
  );

async function sellBoxes(quantity: number): Promise<OrderRecord> {
  const variant = kit.variant('Loratadin 10mg');
  const box = [...variant.units].sort((a, b) => b.factor - a.factor)[0]!;
  return kit.createOrder({ customerCode: 'KH000002', lines: [{ variant, unit: box.unit, quantity }] });
}

describe('returns and the debt', () => {
  it('a completed order: each return receipt lowers the debt by what its goods were sold for, once; a cancelled one puts it back', async () => {
    const order = await sellBoxes(4);
    await move(order, 'confirmed', 'delivering', 'completed');
    expect((await receivable(order)).open).toBe(order.total);

    const first = await giveBack(order, 1);
    expect(first.status).toBe(201);
    expect(first.body.data.credit).toBe(worth(order, 1));
    expect(first.body.message).toContain('công nợ của khách giảm');
    expect(await receivable(order)).toMatchObject({ credited: worth(order, 1), open: order.total - worth(order, 1) });

    const second = await giveBack(order, 2);
    expect(second.status).toBe(201);
    expect((await receivable(order)).credited).toBe(worth(order, 1) + worth(order, 2));

    const cancel = await kit.server.call(`/warehouse/api/updatestatusimportreceipt/${second.body.data.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'cancelled', reason: 'Nhập nhầm số lượng' },
    });
    expect(cancel.status).toBe(200);
    expect(await receivable(order)).toMatchObject({ credited: worth(order, 1), open: order.total - worth(order, 1) });
  });

  it('an order still on its way: a return credits nothing until it completes, then the debt is the total less the goods given back', async () => {
    const order = await sellBoxes(3);
    await move(order, 'confirmed', 'delivering');
    const back = await giveBack(order, 1);
    expect(back.status).toBe(201);
    expect(back.body.data.credit).toBe(0);
    expect(back.body.message).toBe('Đã nhập kho hàng trả về (đang biệt trữ)');
    await move(order, 'completed');
    expect(await receivable(order)).toMatchObject({ credited: worth(order, 1), open: order.total - worth(order, 1) });
  });

  it('a delivery sent back whole (Trả hàng) owes nothing and credits nothing', async () => {
    const order = await sellBoxes(2);
    await move(order, 'confirmed', 'delivering');
    const returned = await kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'returned', reason: 'Khách không nhận hàng' },
    });
    expect(returned.status).toBe(200);
    expect(await receivable(order)).toMatchObject({ credited: 0, open: 0 });
  });
});
