/**
 * An order card with every badge it can carry, for the demo's owner: the layout walk
 * (tests/e2e/layout-widths.test.ts) signs in as An, and his "Của tôi" on a 360 or 390 px phone lists
 * only his own orders. The history (server/seed/demo-history.ts) writes no credit warnings, so no
 * card of his showed the crowded case the testers met (status, "Vượt hạn mức công nợ" and the
 * "Đã nhận DH…" chip side by side); the walk checks it was among the cards it measured. One of his newest orders, at a customer whose credit terms in
 * the receivables demo (server/seed/demo-receivables.ts) it goes past, is given the warning the
 * credit check (server/modules/receivables orderCredit) says for it under the demo's policy "warn".
 * Nothing else of the order changes: the counts, totals and reports of the demo stay as they were.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { orders } from '@server/kernel/db/schema';
import { orderCredit } from '@server/modules/receivables';

/** How far down An's orders to look: "Của tôi" shows his 50 newest (src/features/orders/components/my-orders-list.tsx). */
const NEWEST = 50;

/** Over the limit and overdue (the longest badge), then over the limit, then overdue. */
const rank = (warning: string) => (warning.includes('vượt hạn mức') ? 2 : 0) + (warning.includes('nợ quá hạn') ? 1 : 0);

const IN_PROGRESS = ['pending', 'confirmed', 'delivering'];

/** The order given the warning, or null when none of An's newest is at a customer with a limit it exceeds. */
export async function seedDemoCrowdedOrder(db: Db, ids: { anKhangId: number; anId: number }): Promise<string | null> {
  const companyId = ids.anKhangId;
  const newest = await db
    .select({ id: orders.id, customerId: orders.customerId, total: orders.total, status: orders.status })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.accountId, ids.anId)))
    .orderBy(desc(orders.createdAt))
    .limit(NEWEST);
  return db.transaction(async (tx) => {
    const found: { id: string; warning: string; open: boolean }[] = [];
    for (const order of newest) {
      const open = IN_PROGRESS.includes(order.status);
      // Checked as when it was taken: its own total is "đơn này", not also part of what is owed.
      if (open) await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
      const { warning } = await orderCredit(tx, { companyId, customerId: order.customerId, accountId: ids.anId, orderValue: order.total });
      if (open) await tx.update(orders).set({ status: order.status }).where(eq(orders.id, order.id));
      if (warning) found.push({ id: order.id, warning, open });
    }
    // The most crowded card, one still in progress before a finished one, the newest first (stable sort).
    const [chosen] = found.sort((a, b) => rank(b.warning) - rank(a.warning) || Number(b.open) - Number(a.open));
    if (!chosen) return null;
    await tx.update(orders).set({ creditWarning: chosen.warning }).where(eq(orders.id, chosen.id));
    return chosen.id;
  });
}
