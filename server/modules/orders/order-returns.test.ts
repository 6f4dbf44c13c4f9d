/**
 * Return orders (`GET returnorder/`): the goods given back on an order through the warehouse, with
 * each line and what it was sold for, credited while the order is completed and the receipt stands;
 * a cancelled return says so; a rep reads only the returns of orders they may read; bad filters are
 * refused in Vietnamese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import { orderReturnPaths, type OrderReturnRecord } from '@contract/orders-returns';
import { returnedValue } from '@contract/orders-totals';
import { STAFF } from '@server/testing/employees.kit';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;
let order: OrderRecord;
let receiptId: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  kit = await startOrderKit();
  const variant = kit.variant('Loratadin 10mg');
  const box = [...variant.units].sort((a, b) => b.factor - a.factor)[0]!;
  await kit.stockLots('Loratadin 10mg', [{ quantity: 10, unitPrice: 30_000, lotNo: 'RET-LIST', expiresOn: '2031-01-01' }]);
  order = await kit.createOrder({ customerCode: 'KH000002', lines: [{ variant, unit: box.unit, quantity: 3 }] });
  for (const status of ['confirmed', 'delivering', 'completed']) {
    const moved = await kit.server.call(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status },
    });
    expect(moved.status, status).toBe(200);
  }
  const back = await kit.server.call<{ id: string }>('/warehouse/api/import-receipt-return-order/', {
    method: 'POST',
    token: kit.an.access,
    body: { company: kit.anKhang, order: order.id, document_date: today, lines: [{ line_id: order.lines[0]!.id, quantity: 2 }] },
  });
  expect(back.status).toBe(201);
  receiptId = back.body.data.id;
});
afterAll(async () => {
  await kit?.stop();
});

const list = (query: string, token = kit.an.access) =>
  kit.server.call<OrderReturnRecord[]>(`${orderReturnPaths.returns}?company=${kit.anKhang}&${query}`, { token });

describe('return orders', () => {
  it("lists an order's return with its line, the value at the price sold, and the credit", async () => {
    const answer = await list(`order=${order.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(1);
    const value = returnedValue(
      order.lines.map((line) => ({ id: line.id, quantity: line.quantity, lineTotal: line.line_total })),
      [{ line_id: order.lines[0]!.id, quantity: 2 }],
    );
    expect(answer.body.data[0]).toMatchObject({
      id: receiptId,
      code: expect.stringMatching(/^PN\d+$/),
      order_id: order.id,
      order_code: order.code,
      customer_name: order.customer_name,
      document_date: today,
      status: 'completed',
      lines: [{ line_id: order.lines[0]!.id, product_name: 'Loratadin 10mg', unit: order.lines[0]!.unit, quantity: 2, value }],
      value,
      credited: true,
    });
    // Found by the order's code too.
    expect((await list(`search=${order.code}`)).body.data.map((row) => row.id)).toContain(receiptId);
  });

  it('a cancelled return is listed as such and no longer credited', async () => {
    const cancel = await kit.server.call(`/warehouse/api/updatestatusimportreceipt/${receiptId}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'cancelled', reason: 'Nhập nhầm' },
    });
    expect(cancel.status).toBe(200);
    expect((await list(`order=${order.id}`)).body.data[0]).toMatchObject({ status: 'cancelled', credited: false });
  });

  it('a rep or a manager reads only the returns of orders they may read; bad filters are refused in Vietnamese', async () => {
    for (const phone of [STAFF.rep, STAFF.repHanoi, STAFF.manager]) {
      const rep = await kit.server.login(phone);
      const detail = await kit.server.call(`/order/api/ordercompany/${order.id}/?company=${kit.anKhang}`, { token: rep.access });
      const theirs = await list(`order=${order.id}`, rep.access);
      // The same answer as the order itself: listed exactly when the rep may read the order.
      expect([phone, theirs.status, theirs.body.count]).toEqual([phone, 200, detail.status === 200 ? 1 : 0]);
    }
    const bad = await list('date_from=2026-13-40');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[àáảãạăâđêôơư]/u);
  });
});
