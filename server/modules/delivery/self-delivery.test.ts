/**
 * Self delivery's steps (contract/delivery-self.ts): a step the delivery has passed is refused in
 * Vietnamese and changes nothing; a failed attempt needs its reason, kept in the history and shown
 * in the delivery's detail; delivered or failed, the office hears of it (who booked it and who manages
 * deliveries, the person who moved it not), once per delivery and outcome.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { deliveryPaths, type DeliveryRecord } from '@contract/delivery';
import { FAILURE_MESSAGES } from '@contract/delivery-self';
import type { NotificationRecord } from '@contract/notifications';
import type { OrderRecord } from '@contract/orders';
import { orders } from '@server/kernel/db/schema';
import { SENDER, startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';
import { unguarded } from '@server/testing/change-log-guard';

let kit: DeliveryKit;
let shipperId: number;
let rep: LoginAnswer;
let regionManager: LoginAnswer;
let accountant: LoginAnswer;
let keeper: LoginAnswer;

beforeAll(async () => {
  kit = await startDeliveryKit();
  const staff = await kit.get<{ shippers: { id: number }[] }>(deliveryPaths.selfDelivery);
  shipperId = staff.body.data.shippers[0]!.id;
  await kit.send('POST', deliveryPaths.selfDelivery, { fee: 15000, shipper_ids: [shipperId], sender: SENDER });
  rep = await kit.server.login('0912000001');
  regionManager = await kit.server.login('0912000003');
  accountant = await kit.server.login('0912000004');
  keeper = await kit.server.login('0912000005');
});
afterAll(async () => {
  await kit?.stop();
});

/** A self delivery of a confirmed order that belongs to the rep, booked by the owner (An). */
async function repDelivery(customer: string): Promise<{ order: OrderRecord; delivery: DeliveryRecord }> {
  const order = await kit.confirmedOrder(customer);
  await unguarded(kit.server.deps.db, (tx) => tx.update(orders).set({ accountId: rep.account.id }).where(eq(orders.id, order.id)));
  return { order, delivery: await kit.book(order, 'self', { shipper_id: shipperId }) };
}

const move = (id: string, body: Record<string, unknown>, token?: string) =>
  kit.send<DeliveryRecord>('POST', deliveryPaths.selfMove(id), body, token);

const toldOf = async (who: LoginAnswer, orderCode: string) =>
  (
    await kit.server.call<NotificationRecord[]>(`/notification/api/notification/?company=${kit.anKhang}&limit=50`, { token: who.access })
  ).body.data
    .filter((row) => row.title.includes(orderCode))
    .map((row) => row.title);

describe('the steps a self delivery may take', () => {
  it('refuses a step already passed, in Vietnamese, and changes nothing', async () => {
    const { delivery } = await repDelivery('KH000002');
    expect((await move(delivery.id, { to: 'picked' })).status).toBe(200);
    const before = await kit.delivery(delivery.id);

    const back = await move(delivery.id, { to: 'picked' });
    expect(back.status).toBe(409);
    expect(back.body.message).toBe(
      'Đơn vận chuyển đang "Đang vận chuyển", không chuyển được sang "Đã lấy hàng, bắt đầu giao". Chỉ có thể: Đã giao hàng, Giao không thành công',
    );
    const returned = await move(delivery.id, { to: 'returned' });
    expect(returned.status).toBe(409);

    const after = await kit.delivery(delivery.id);
    expect(after.status).toBe('picked');
    expect(after.events).toEqual(before.events);
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('asks why a delivery failed, keeps the reason and shows it; tried again, then delivered', async () => {
    const { delivery } = await repDelivery('KH000003');
    const bare = await move(delivery.id, { to: 'delivery_failed', note: 'Nhà thuốc đóng cửa' });
    expect(bare.status).toBe(400);
    expect(bare.body.fields).toMatchObject({ failure_reason: FAILURE_MESSAGES.reasonRequired });
    const wordless = await move(delivery.id, { to: 'delivery_failed', failure_reason: 'other' });
    expect(wordless.status).toBe(400);
    expect(wordless.body.fields).toMatchObject({ failure_detail: FAILURE_MESSAGES.detailRequired });
    expect((await kit.delivery(delivery.id)).status).toBe('waiting_pickup');

    const failed = await move(delivery.id, { to: 'delivery_failed', failure_reason: 'unreachable' });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ status: 'delivery_failed', failure_reason: 'Không liên lạc được khách' });
    const detail = await kit.delivery(delivery.id);
    expect(detail.failure_reason).toBe('Không liên lạc được khách');
    expect(detail.events!.at(-1)).toMatchObject({ status: 'delivery_failed', note: 'Không liên lạc được khách', applied: true });

    expect((await move(delivery.id, { to: 'delivering' })).status).toBe(200);
    const again = await move(delivery.id, { to: 'delivery_failed', failure_reason: 'other', failure_detail: 'Nhà thuốc đóng cửa' });
    expect(again.body.data.failure_reason).toBe('Nhà thuốc đóng cửa');
    expect((await move(delivery.id, { to: 'delivered' })).body.data.status).toBe('delivered');
  });
});

describe('the office hears of the outcome', () => {
  it('tells who booked it and who manages deliveries once when delivered, not the one who marked it', async () => {
    const { order } = await repDelivery('KH000004');
    const delivery = (await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, { order: order.id })).body.data[0]!;
    expect((await move(delivery.id, { to: 'picked' }, accountant.access)).status).toBe(200);
    const done = await move(delivery.id, { to: 'delivered' }, accountant.access);
    expect(done.status).toBe(200);

    const code = order.code!;
    const delivered = `Đơn ${code} đã giao thành công`;
    // An booked it; the keeper manages deliveries company-wide; the region manager is the rep's manager.
    for (const who of [kit.an, keeper, regionManager])
      expect((await toldOf(who, code)).filter((title) => title === delivered)).toEqual([delivered]);
    expect(await toldOf(accountant, code)).toEqual([]);
    // The rep hears through the order's own status, not twice.
    expect((await toldOf(rep, code)).filter((title) => title === delivered)).toEqual([]);
  });

  it('tells the office of a failure with its reason, once per delivery however often it fails', async () => {
    const { order, delivery } = await repDelivery('KH000005');
    await move(delivery.id, { to: 'delivery_failed', failure_reason: 'wrong_address' }, accountant.access);
    await move(delivery.id, { to: 'delivering' }, accountant.access);
    await move(delivery.id, { to: 'delivery_failed', failure_reason: 'refused' }, accountant.access);

    const rows = (
      await kit.server.call<NotificationRecord[]>(`/notification/api/notification/?company=${kit.anKhang}&limit=50`, {
        token: keeper.access,
      })
    ).body.data.filter((row) => row.title === `Đơn ${order.code} giao không thành công`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'delivery_status', link: `/order/${order.id}` });
    expect(rows[0]!.body).toContain('Lý do: Sai địa chỉ.');
  });
});
