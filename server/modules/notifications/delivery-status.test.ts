/**
 * A delivery's news reaches the order's rep once: through the order's own status when the delivery
 * moves the order (picked up: "Đang giao"), as a delivery notification when it does not (a failed
 * attempt); the person who moved it by hand is not told of it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { deliveryPaths, type DeliveryRecord } from '@contract/delivery';
import type { NotificationRecord } from '@contract/notifications';
import { orders } from '@server/kernel/db/schema';
import { SENDER, startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';
import { unguarded } from '@server/testing/change-log-guard';

let kit: DeliveryKit;
let rep: LoginAnswer;
beforeAll(async () => {
  kit = await startDeliveryKit();
  rep = await kit.server.login('0912000001');
});
afterAll(async () => {
  await kit?.stop();
});

const repNotifications = async () =>
  (await kit.server.call<NotificationRecord[]>(`/notification/api/notification/?company=${kit.anKhang}&limit=50`, { token: rep.access }))
    .body.data;

describe('a self delivery of a rep’s order', () => {
  it('tells the rep of each move once, by the order’s status or by the delivery’s', async () => {
    const staff = await kit.get<{ shippers: { id: number }[] }>(deliveryPaths.selfDelivery);
    const shipper = staff.body.data.shippers[0]!;
    await kit.send('POST', deliveryPaths.selfDelivery, { fee: 15000, shipper_ids: [shipper.id], sender: SENDER });
    const order = await kit.confirmedOrder('KH000004');
    // The rep's order (the kit takes it as the owner).
    await unguarded(kit.server.deps.db, (tx) => tx.update(orders).set({ accountId: rep.account.id }).where(eq(orders.id, order.id)));
    const delivery = await kit.book(order, 'self', { shipper_id: shipper.id });

    const picked = await kit.send<DeliveryRecord>('POST', deliveryPaths.selfMove(delivery.id), { to: 'picked' });
    expect(picked.status).toBe(200);
    let told = (await repNotifications()).filter((row) => row.title.includes(order.code!));
    expect(told.map((row) => [row.kind, row.title])).toEqual([['order_status', `Đơn ${order.code}: Đang giao`]]);

    const failed = await kit.send<DeliveryRecord>('POST', deliveryPaths.selfMove(delivery.id), {
      to: 'delivery_failed',
      failure_reason: 'other',
      failure_detail: 'Nhà thuốc đóng cửa',
    });
    expect(failed.status).toBe(200);
    told = (await repNotifications()).filter((row) => row.title.includes(order.code!));
    expect(told.map((row) => [row.kind, row.title, row.link])).toEqual([
      ['delivery_status', `Giao hàng đơn ${order.code}: Giao không thành công`, `/order/${order.id}`],
      ['order_status', `Đơn ${order.code}: Đang giao`, `/order/${order.id}`],
    ]);
  });
});
