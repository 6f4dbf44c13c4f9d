/**
 * Payments and receivables through the calls a person and a phone make: a completed order becomes
 * a debt, payments settle it (partial, then paid), a rep's collection waits for the cashier and is
 * stored once however often the phone sends it, the switch off and another company are refused,
 * and the order's payment state can no longer be set by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import {
  receivablePaths,
  type OrderReceivable,
  type PaymentCollectPayload,
  type PaymentRecord,
  type ReceivableRecord,
} from '@contract/receivables';
import type { Aging } from '@contract/receivables-ledger';
import type { PullAnswer, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { companyCalls } from '@server/testing/receivables.kit';

let kit: OrderKit;
let rep: string;
let accountant: string;

type Info = ReceivableRecord & { aging: Aging };

const { get, send } = companyCalls(() => kit);

const customerId = (code: string) => kit.customers.get(code)!.id;
const info = async (code: string) => (await get<Info>(receivablePaths.info, { customer: customerId(code) })).body.data;
const orderInfo = async (orderId: string) => (await get<OrderReceivable>(receivablePaths.info, { order: orderId })).body.data;

async function completedOrder(customerCode: string, quantity = 2): Promise<OrderRecord> {
  const order = await kit.createOrder({ customerCode, lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity }] });
  for (const status of ['confirmed', 'delivering', 'completed']) {
    const moved = await send<OrderRecord>('PUT', `/order/api/updatestatusordercompany/${order.id}/`, { status });
    if (moved.status !== 200) throw new Error(JSON.stringify(moved.body));
  }
  return { ...order, status: 'completed' };
}

async function pay(body: Record<string, unknown>, token = kit.an.access) {
  return send<PaymentRecord>('POST', receivablePaths.payments, { method: 'cash', ...body }, token);
}

async function collect(payload: PaymentCollectPayload, opId = uuidv7(), token = rep) {
  const answer = await kit.server.call<PushAnswer>('/sync/push', {
    token,
    body: {
      company: kit.anKhang,
      deviceId: uuidv7(),
      ops: [{ opId, type: 'payment.collect', schemaVersion: 1, clientCreatedAt: payload.collectedAt, payload }],
    },
  });
  return answer.body.data.results[0]!;
}

async function setSwitch(code: string, on: boolean) {
  const answer = await send('PUT', '/company/api/functiononoff/', { code, is_enabled: on });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  kit = await startOrderKit();
  rep = (await kit.server.login(DEMO_STAFF.repSouth)).access;
  accountant = (await kit.server.login(DEMO_STAFF.accountant)).access;
});
afterAll(async () => {
  await kit?.stop();
});

describe('the ledger and payments', () => {
  it('a completed order is owed; payments settle it, partial then paid, and the balance falls with each', async () => {
    const before = await info('KH000001');
    const order = await completedOrder('KH000001');
    const owed = await info('KH000001');
    expect(owed.balance).toBe(before.balance + order.total);
    expect(owed.open_items.some((item) => item.amount === order.total)).toBe(true);
    const fresh = await orderInfo(order.id);
    expect([fresh.payment_status, fresh.open, fresh.due_date !== null]).toEqual(['unpaid', order.total, true]);

    const part = Math.floor(order.total / 3);
    const first = await pay({
      customer: customerId('KH000001'),
      order: order.id,
      amount: part,
      method: 'transfer',
      reference: 'FT2611001',
    });
    expect(first.status).toBe(201);
    expect([first.body.data.state, first.body.data.code?.startsWith('PT'), first.body.data.allocations]).toEqual([
      'confirmed',
      true,
      [{ order_id: order.id, order_code: order.code, amount: part }],
    ]);
    expect((await orderInfo(order.id)).payment_status).toBe('partial');
    const list = await kit.server.call<OrderRecord[]>(`/order/api/ordercompany/?company=${kit.anKhang}&search=${order.code}`, {
      token: kit.an.access,
    });
    expect(list.body.data[0]!.payment_status).toBe('partial');
    expect((await info('KH000001')).balance).toBe(owed.balance - part);

    await pay({ customer: customerId('KH000001'), order: order.id, amount: order.total - part });
    const paid = await orderInfo(order.id);
    expect([paid.payment_status, paid.open, paid.paid, paid.payments.length]).toEqual(['paid', 0, order.total, 2]);
    expect((await info('KH000001')).balance).toBe(before.balance);

    const history = await get<PaymentRecord[]>(receivablePaths.history, { order: order.id });
    expect(history.body.data.map((payment) => payment.amount).sort((a, b) => a - b)).toEqual(
      [part, order.total - part].sort((a, b) => a - b),
    );
  });

  it('a payment naming no order settles the oldest debts first, and cancelling a confirmed one puts the debt back', async () => {
    const older = await completedOrder('KH000002');
    const newer = await completedOrder('KH000002');
    const base = await info('KH000002');
    const answer = await pay({ customer: customerId('KH000002'), amount: older.total + 1000 });
    expect(answer.status).toBe(201);
    // Older debts of the demo may come first: this payment settles oldest first, whatever they are.
    const settled = answer.body.data.allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
    expect(settled).toBe(older.total + 1000);
    expect((await info('KH000002')).balance).toBe(base.balance - older.total - 1000);

    const cancelled = await send<PaymentRecord>('PUT', receivablePaths.cancel(answer.body.data.id), { reason: 'Ghi nhầm số tiền' });
    expect([cancelled.status, cancelled.body.data.state]).toEqual([200, 'cancelled']);
    expect((await info('KH000002')).balance).toBe(base.balance);
    expect((await orderInfo(newer.id)).payment_status).toBe('unpaid');
    const again = await send('PUT', receivablePaths.cancel(answer.body.data.id), { reason: 'Lần nữa' });
    expect([again.status, again.body.message]).toEqual([409, `Phiếu thu ${answer.body.data.code} đã hủy`]);
  });

  it('refuses bad input in Vietnamese and changes nothing', async () => {
    const before = await info('KH000001');
    const zero = await pay({ customer: customerId('KH000001'), amount: 0 });
    expect([zero.status, zero.body.message]).toEqual([400, 'Số tiền phải lớn hơn 0']);
    const method = await pay({ customer: customerId('KH000001'), amount: 1000, method: 'bitcoin' });
    expect([method.status, method.body.message]).toEqual([400, 'Hình thức thanh toán không hợp lệ']);
    const other = await completedOrder('KH000002', 1);
    const mismatch = await pay({ customer: customerId('KH000001'), order: other.id, amount: 1000 });
    expect([mismatch.status, mismatch.body.message]).toEqual([400, 'Đơn hàng không thuộc khách hàng này']);
    expect((await info('KH000001')).balance).toBe(before.balance);
  });

  it("the order's payment state is no longer set by hand while RECEIVABLE is on", async () => {
    const order = await completedOrder('KH000001', 1);
    const hand = await send('PUT', `/order/api/orderpayment/${order.id}/`, { payment_status: 'paid' });
    expect(hand.status).toBe(409);
    expect((await orderInfo(order.id)).payment_status).toBe('unpaid');
  });
});

describe('a rep collects at the pharmacy', () => {
  it('is stored once under the phone id, waits for the cashier, and lowers the balance when confirmed', async () => {
    const order = await completedOrder('KH000004');
    const before = await info('KH000004');
    const payload: PaymentCollectPayload = {
      paymentId: uuidv7(),
      customerId: customerId('KH000004'),
      orderId: order.id,
      amount: Math.floor(order.total / 2),
      method: 'cash',
      reference: null,
      note: 'Thu tại nhà thuốc',
      collectedAt: new Date().toISOString(),
    };
    const opId = uuidv7();
    const first = await collect(payload, opId);
    expect(first.outcome).toBe('applied');
    const record = first.entity!.data as PaymentRecord;
    expect([record.state, record.collected_by_name, record.amount]).toEqual(['pending', 'Lê Văn Trình', payload.amount]);
    // The answer was lost: the same op again, then the same payment under a new op.
    expect((await collect(payload, opId)).outcome).toBe('applied');
    expect((await collect(payload)).outcome).toBe('applied');
    const listed = await get<PaymentRecord[]>(receivablePaths.payments, { customer: customerId('KH000004'), state: 'pending' });
    expect(listed.body.data.filter((payment) => payment.id === payload.paymentId)).toHaveLength(1);

    const waiting = await info('KH000004');
    expect([waiting.balance, waiting.pending_collections - before.pending_collections]).toEqual([before.balance, payload.amount]);
    // A rep may not confirm money; the cashier (Kế toán) does.
    expect((await send('PUT', receivablePaths.confirm(payload.paymentId), {}, rep)).status).toBe(403);
    const confirmed = await send<PaymentRecord>('PUT', receivablePaths.confirm(payload.paymentId), {}, accountant);
    expect([confirmed.status, confirmed.body.data.state, confirmed.body.data.confirmed_by_name]).toEqual([200, 'confirmed', 'Đặng Thu Hà']);
    expect((await info('KH000004')).balance).toBe(before.balance - payload.amount);
    expect((await orderInfo(order.id)).payment_status).toBe('partial');

    // The rep's phone hears of its own receipt and of the customer's balance.
    const pull = await kit.server.call<PullAnswer>(`/sync/pull?company=${kit.anKhang}&cursor=0&limit=2000`, { token: rep });
    const changes = pull.body.data.changes;
    expect(changes.find((change) => change.entity === 'payment' && change.id === payload.paymentId)?.data).toMatchObject({
      state: 'confirmed',
    });
    expect(changes.find((change) => change.entity === 'receivable' && change.id === customerId('KH000004'))?.data).toMatchObject({
      balance: before.balance - payload.amount,
    });
  });

  it("refuses a customer outside the rep's route and another company's customer", async () => {
    const base = {
      paymentId: uuidv7(),
      orderId: null,
      amount: 10_000,
      method: 'cash' as const,
      reference: null,
      note: null,
      collectedAt: new Date().toISOString(),
    };
    const outside = await collect({ ...base, customerId: customerId('KH000007') });
    expect([outside.outcome, outside.error?.code]).toEqual(['rejected', 'CUSTOMER_OUT_OF_SCOPE']);
    const minhPhat = await kit.server.call<{ id: string }[]>(`/customer/api/customer/?company=${kit.minhPhat}&limit=1`, {
      token: kit.binh.access,
    });
    const foreign = await collect({ ...base, paymentId: uuidv7(), customerId: minhPhat.body.data[0]!.id });
    expect([foreign.outcome, foreign.error?.code]).toEqual(['rejected', 'CUSTOMER_NOT_FOUND']);
  });
});

describe('the switch and other companies', () => {
  it("refuses another company's member and a company whose RECEIVABLE is off", async () => {
    const order = await completedOrder('KH000001', 1);
    const payment = (await pay({ customer: customerId('KH000001'), amount: 5_000 })).body.data;
    // Trần Thị Bình owns Minh Phát, not An Khang.
    expect((await get(receivablePaths.payment(payment.id), {}, kit.binh.access)).status).toBe(403);
    expect((await get(receivablePaths.info, { order: order.id }, kit.binh.access)).status).toBe(403);
    // In her own company, An Khang's ids are not found (and RECEIVABLE is off there).
    const own = await get(receivablePaths.payment(payment.id), {}, kit.binh.access, kit.minhPhat);
    expect(own.status).toBe(403);

    await setSwitch('RECEIVABLE', false);
    try {
      const off = await get(receivablePaths.payments);
      expect([off.status, off.body.error, off.body.message]).toEqual([403, 'FEATURE_OFF', 'Công ty chưa bật chức năng Công nợ']);
      const op = await collect({
        paymentId: uuidv7(),
        customerId: customerId('KH000004'),
        orderId: null,
        amount: 10_000,
        method: 'cash',
        reference: null,
        note: null,
        collectedAt: new Date().toISOString(),
      });
      expect(op.outcome).toBe('rejected');
    } finally {
      await setSwitch('RECEIVABLE', true);
    }
  });
});
