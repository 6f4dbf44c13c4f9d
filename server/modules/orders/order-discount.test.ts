/**
 * The rep's discount against their role's maximum (contract/orders-discount.ts: without it a rep
 * could send a 0 ₫ order): over it the order is taken as waiting for approval, by the sync op and by
 * the office route alike; confirming it is approving it, which takes orders/approve; an amount over
 * its line is refused (400), and nothing is stored.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderLineInput, OrderRecord } from '@contract/orders';
import type { VariantRecord } from '@contract/products';
import { orders, orderStatusHistory } from '@server/kernel/db/schema';
import { startRegionKit, type RegionKit } from '@server/testing/regions.kit';

let kit: RegionKit;
beforeAll(async () => {
  kit = await startRegionKit();
});
afterAll(async () => {
  await kit?.stop();
});

const smecta = () => kit.variant('Smecta');
const label = (variant: VariantRecord) => [variant.product_name, variant.name].filter(Boolean).join(' – ');
const OVER_35 = () => `Chiết khấu 35 % (${label(smecta())}) vượt mức tối đa 10 % của vai trò Trình dược viên`;

/** One Smecta line for the rep's own customer, quoted high so a price change never refuses it. */
function payload(discount: OrderLineInput['discount'], quantity = 2) {
  return kit.payloadOf({
    customerCode: 'KH000004',
    lines: [{ variant: smecta(), unit: 'gói', quantity, quotedUnitPrice: 10_000_000, discount }],
  });
}

const storedOrders = (id: string) => kit.server.deps.db.select().from(orders).where(eq(orders.id, id));

const move = (id: string, status: string, token: string) =>
  kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${id}/`, {
    method: 'PUT',
    token,
    body: { company: kit.anKhang, status },
  });

function createByRoute(body: ReturnType<typeof payload>, token = kit.rep.access) {
  return kit.server.call<OrderRecord>('/order/api/ordercompany/', { token, body: { company: kit.anKhang, ...body } });
}

describe('a discount over the role’s maximum', () => {
  it('sent by a rep’s phone, is applied as waiting for approval, with the reason', async () => {
    const result = await kit.submitPayload(payload({ kind: 'percent', value: 35 }), { token: kit.rep.access });
    expect(result.outcome).toBe('applied');
    expect(result.order).toMatchObject({
      status: 'pending',
      discount_approval: { state: 'needed', reason: OVER_35(), approved_by: null, approved_at: null },
    });
    // The rep's mirror hears of it through the list and the detail the same way.
    const listed = await kit.get<OrderRecord[]>('/order/api/ordercompany/', { company: kit.anKhang, limit: 100 }, kit.rep.access);
    expect(listed.body.data.find((order) => order.id === result.order!.id)?.discount_approval?.state).toBe('needed');
  });

  it('within the maximum, needs nothing', async () => {
    const result = await kit.submitPayload(payload({ kind: 'percent', value: 10 }), { token: kit.rep.access });
    expect(result.outcome).toBe('applied');
    expect(result.order?.discount_approval).toBeNull();
  });

  it('through the office route, is taken the same way and the answer says so', async () => {
    const answer = await createByRoute(payload({ kind: 'percent', value: 35 }));
    expect(answer.status).toBe(201);
    expect(answer.body.data.discount_approval).toMatchObject({ state: 'needed', reason: OVER_35() });
    expect(answer.body.message).toBe(`Tạo đơn hàng thành công. Đơn hàng chờ duyệt chiết khấu: ${OVER_35()}`);
  });

  it('taken by the owner, whose role has no limit, needs no approval', async () => {
    const answer = await createByRoute(payload({ kind: 'percent', value: 35 }), kit.an.access);
    expect(answer.status).toBe(201);
    expect(answer.body.data.discount_approval).toBeNull();
  });
});

describe('confirming an order waiting for discount approval', () => {
  it('is refused to the rep, who has no approve permission, and changes nothing', async () => {
    const order = (await kit.submitPayload(payload({ kind: 'percent', value: 35 }), { token: kit.rep.access })).order!;
    const answer = await move(order.id, 'confirmed', kit.rep.access);
    expect([answer.status, answer.body.message]).toEqual([403, 'Bạn không có quyền duyệt mục Đơn hàng']);
    const [row] = await storedOrders(order.id);
    expect([row?.status, row?.discountApproval, row?.discountApprovedBy]).toEqual(['pending', 'needed', null]);
  });

  it('by a role with approve, approves the discount and records who and when', async () => {
    const order = (await kit.submitPayload(payload({ kind: 'percent', value: 35 }), { token: kit.rep.access })).order!;
    const answer = await move(order.id, 'confirmed', kit.accountant.access);
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('confirmed');
    expect(answer.body.data.discount_approval).toMatchObject({ state: 'approved', reason: OVER_35(), approved_by: 'Đặng Thu Hà' });
    expect(Date.parse(answer.body.data.discount_approval!.approved_at!)).not.toBeNaN();
    const history = await kit.server.deps.db
      .select({ to: orderStatusHistory.toStatus, reason: orderStatusHistory.reason, by: orderStatusHistory.accountId })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.at(-1)).toEqual({ to: 'confirmed', reason: `Duyệt chiết khấu: ${OVER_35()}`, by: kit.accountant.account.id });
  });
});

describe('an amount discount larger than the line', () => {
  it('is refused by the office route with 400 and a Vietnamese message, nothing stored', async () => {
    const body = payload({ kind: 'amount', value: 999_999_999 });
    const answer = await createByRoute(body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(new RegExp(`^${label(smecta())}: Chiết khấu 999\\.999\\.999\\s₫ vượt quá giá trị của dòng \\(`));
    expect(answer.body.message).toContain('Vui lòng sửa chiết khấu rồi gửi lại.');
    expect(answer.body.fields?.['lines.0.discount']).toContain('vượt quá giá trị của dòng');
    expect(await storedOrders(body.orderId)).toEqual([]);
  });

  it('is rejected as an op with the reason, never capped to a 0 ₫ order', async () => {
    const body = payload({ kind: 'amount', value: 999_999_999 });
    const result = await kit.submitPayload(body, { token: kit.rep.access });
    expect([result.outcome, result.error?.code]).toEqual(['rejected', 'DISCOUNT_INVALID']);
    expect(result.error?.message).toContain('vượt quá giá trị của dòng');
    expect(await storedOrders(body.orderId)).toEqual([]);
    // The line's whole worth is a discount the rep may still ask for, but only with a manager's approval.
    const priced = (await kit.submitPayload(payload(null), { token: kit.rep.access })).order!;
    const worth = priced.lines[0]!.unit_price * 2;
    const whole = await kit.submitPayload(payload({ kind: 'amount', value: worth }), { token: kit.rep.access });
    expect([whole.outcome, whole.order?.total, whole.order?.discount_approval?.state]).toEqual(['applied', 0, 'needed']);
    expect(whole.order?.discount_approval?.reason).toContain('Chiết khấu 100 %');
  });
});
