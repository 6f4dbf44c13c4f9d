/** One order's receivable figures and payment history (contract OrderReceivable). */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { FINAL_DELIVERY_STATUSES } from '@contract/delivery-status';
import { paymentState } from '@contract/receivables-ledger';
import type { OrderReceivable } from '@contract/receivables';
import type { Db } from '@server/kernel/db/client';
import { orders, receivableEntries } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { rowsOf } from '@server/kernel/sql';
import { requireCustomer } from './access';
import { orderPayments } from './payment-list';

export async function orderReceivable(db: Db, companyId: number, orderId: string, scope: SQL | null): Promise<OrderReceivable> {
  const [order] = await db
    .select({ id: orders.id, total: orders.total, customerId: orders.customerId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
  if (!order) throw notFound('Không tìm thấy đơn hàng');
  await requireCustomer(db, companyId, order.customerId, scope);
  const [figures] = rowsOf<{ paid: string; credited: string; pending: string; cod: string }>(
    await db.execute(sql`
      select coalesce((select sum(amount) from payment_allocations where company_id = ${companyId} and order_id = ${orderId}), 0) as paid,
             coalesce((select -sum(amount) from receivable_entries where company_id = ${companyId} and order_id = ${orderId} and kind = 'return'), 0) as credited,
             coalesce((select sum(amount) from payments where company_id = ${companyId} and order_id = ${orderId} and state = 'pending'), 0) as pending,
             coalesce((select sum(cod_amount) from delivery_orders where company_id = ${companyId} and order_id = ${orderId}
               and status not in (${sql.join(
                 FINAL_DELIVERY_STATUSES.map((status) => sql`${status}`),
                 sql`, `,
               )})), 0) as cod`),
  );
  const [debt] = await db
    .select({ dueDate: receivableEntries.dueDate })
    .from(receivableEntries)
    .where(and(eq(receivableEntries.companyId, companyId), eq(receivableEntries.orderId, orderId), eq(receivableEntries.kind, 'order')));
  const paid = Number(figures?.paid ?? 0);
  const credited = Number(figures?.credited ?? 0);
  // A cancelled, refused or sent-back order is owed nothing (its debt was never posted).
  const live = order.status !== 'cancelled' && order.status !== 'rejected' && order.status !== 'returned';
  return {
    order_id: order.id,
    total: order.total,
    paid,
    credited,
    open: live ? Math.max(0, order.total - paid - credited) : 0,
    payment_status: paymentState(order.total, paid + Math.min(order.total, credited)),
    due_date: debt?.dueDate ?? null,
    pending_collections: Number(figures?.pending ?? 0),
    cod_under_way: Number(figures?.cod ?? 0),
    payments: await orderPayments(db, companyId, orderId),
  };
}
