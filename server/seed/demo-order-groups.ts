/**
 * Delivery runs (nhóm đơn hàng, /order-groups) for An Khang, so the screen has something to show
 * and the layout walk (tests/e2e/layout-widths.test.ts) measures its rows and badges: tomorrow's run
 * with a few of the orders still waiting or confirmed, and a run the office called off (Đã hủy,
 * its orders released, as cancelling one does: server/modules/orders/order-groups.routes.ts).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { formatCode, nextCounter } from '@server/kernel/counters';
import { orderGroups, orders } from '@server/kernel/db/schema';
import { recordChanges } from '@server/kernel/sync/change-log';

/** How many waiting orders the open run takes. */
const IN_RUN = 4;

export async function seedDemoOrderGroups(db: Db, ids: { anKhangId: number; anId: number }, now = new Date()): Promise<void> {
  const companyId = ids.anKhangId;
  const today = vietnamDay(now);
  await db.transaction(async (tx) => {
    const group = async (title: string, status: string, deliveryDate: string, note: string | null) => {
      const code = formatCode('GH', await nextCounter(tx, companyId, 'order-group'));
      const [row] = await tx
        .insert(orderGroups)
        .values({ companyId, code, title, status, deliveryDate, note, createdBy: ids.anId })
        .returning({ id: orderGroups.id });
      return row!.id;
    };
    await group('Tuyến Thủ Đức – chiều thứ Sáu', 'cancelled', addDays(today, -3), 'Xe giao hàng bảo dưỡng, chuyển đơn sang tuyến khác');
    const open = await group('Tuyến Quận 1 – Quận 3, giao sáng mai', 'open', addDays(today, 1), 'Giao trước 10 giờ');
    const waiting = await tx
      .select({ id: orders.id, accountId: orders.accountId })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), inArray(orders.status, ['pending', 'confirmed']), isNull(orders.groupId)))
      .orderBy(asc(orders.createdAt))
      .limit(IN_RUN);
    if (waiting.length === 0) return;
    await tx
      .update(orders)
      .set({ groupId: open })
      .where(
        inArray(
          orders.id,
          waiting.map((order) => order.id),
        ),
      );
    await recordChanges(
      tx,
      waiting.map((order) => ({
        companyId,
        entity: 'order' as const,
        entityId: order.id,
        op: 'upsert' as const,
        ownerAccountId: order.accountId,
      })),
    );
  });
}
