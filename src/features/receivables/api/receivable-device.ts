/**
 * What the receivables screens read from the device, live: a customer's balance and limits as last
 * pulled, this person's own limit, the orders they queued and the server has not counted yet, and
 * the payments they collected (a receipt, the end-of-day summary), which all work offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AppDb, LocalPayment, LocalReceivable, LocalRepCredit } from '@/db/app-db';

export function useDeviceReceivable(db: AppDb, customerId: string | null): LocalReceivable | null | undefined {
  return useLiveQuery(async () => (customerId ? ((await db.receivables.get(customerId)) ?? null) : null), [db, customerId]);
}

export function useDeviceRepCredit(db: AppDb, accountId: number): LocalRepCredit | null | undefined {
  return useLiveQuery(async () => (await db.repCredits.get(String(accountId))) ?? null, [db, accountId]);
}

/** Orders this device queued and the server has not taken yet: their totals are not in the mirrored figures. */
export async function unsentOrderTotal(db: AppDb, companyId: number, customerId: string | null): Promise<number> {
  const rows = await db.orders.where('syncState').equals('pending').toArray();
  return rows
    .filter((order) => order.company === companyId && (customerId === null || order.customer_id === customerId))
    .reduce((sum, order) => sum + order.total, 0);
}

export function useUnsentOrderTotal(db: AppDb, companyId: number, customerId: string | null): number | undefined {
  return useLiveQuery(() => unsentOrderTotal(db, companyId, customerId), [db, companyId, customerId]);
}

/** The payments this person collected from `from` (an instant) on, newest first. */
export function useMyCollections(db: AppDb, companyId: number, accountId: number, from: string, to: string): LocalPayment[] | undefined {
  return useLiveQuery(
    () =>
      db.payments
        .where('[company+collected_at]')
        .between([companyId, from], [companyId, to])
        .filter((payment) => payment.collected_by === accountId)
        .reverse()
        .toArray(),
    [db, companyId, accountId, from, to],
  );
}

export function useDevicePayment(db: AppDb, id: string): LocalPayment | null | undefined {
  return useLiveQuery(async () => (await db.payments.get(id)) ?? null, [db, id]);
}

/** Payments collected on this device for one customer (or order) that the cashier has not confirmed. */
export function useUnconfirmedCollections(
  db: AppDb,
  companyId: number,
  customerId: string,
  orderId: string | null = null,
): LocalPayment[] | undefined {
  return useLiveQuery(
    () =>
      db.payments
        .where('[company+customer_id]')
        .equals([companyId, customerId])
        .filter((payment) => payment.state === 'pending' && (orderId === null || payment.order_id === orderId))
        .toArray(),
    [db, companyId, customerId, orderId],
  );
}
