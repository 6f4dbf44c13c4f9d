/**
 * What the order screens read from the device, live (Dexie liveQuery): the cart's size, one local
 * order, my orders with where each stands, the order being taken, the customers to offer, what to
 * suggest at this stop. Components read the device through these and src/db/live-lookups.ts.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { FeatureFlags } from '@contract/company-switches';
import { usableOrderTypes } from '@contract/orders-types';
import type { AppDb, LocalOrder, LocalOrderType, LocalStock, OutboxState } from '@/db/app-db';
import { useCustomerSearch } from '@/db/live-lookups';
import { cartKey, isCartDirty, readCart } from '../model/cart';
import { latestOpStates } from '../model/device-order';
import { lotsToMoveOnDevice, suggestionsOnDevice } from '../model/order-suggestions';
import { recentCustomers } from '../model/recent-customers';
import { lessQueued, type QueuedOrder } from '../model/stock-note';

/** How many lines the order being taken has (0 when there is none). */
export function useCartLineCount(db: AppDb, companyId: number, accountId: number): number {
  return useLiveQuery(async () => (await db.carts.get(cartKey(companyId, accountId)))?.lines.length ?? 0, [db, companyId, accountId]) ?? 0;
}

/** One order on this device: undefined while reading, null when there is none (or no id). */
export function useLocalOrder(db: AppDb, orderId: string | null | undefined): LocalOrder | null | undefined {
  return useLiveQuery(async () => (orderId ? ((await db.orders.get(orderId)) ?? null) : null), [db, orderId]);
}

export type MyOrderRow = { order: LocalOrder; opState: OutboxState | null };

/** Refused orders first, whatever their age (each waits for the rep to act on it), then the newest. */
export async function myOrderRows(db: AppDb, companyId: number, accountId: number, limit: number): Promise<MyOrderRow[]> {
  const mine = (order: LocalOrder) => order.company === companyId && order.account_id === accountId;
  const refused = (await db.orders.where('syncState').equals('rejected').filter(mine).toArray()).sort((a, b) =>
    b.created_at.localeCompare(a.created_at),
  );
  const newest = await db.orders
    .where('[company+created_at]')
    .between([companyId, ''], [companyId, '\uffff'])
    .reverse()
    .filter((order) => mine(order) && order.syncState !== 'rejected')
    .limit(Math.max(0, limit - refused.length))
    .toArray();
  const orders = [...refused, ...newest];
  const latest = await latestOpStates(
    db,
    orders.filter((order) => order.syncState === 'pending').map((order) => order.id),
  );
  return orders.map((order) => ({ order, opState: latest.get(order.id) ?? null }));
}

/** My newest orders on this device, with the state of each one's latest op. */
export function useMyOrders(db: AppDb, companyId: number, accountId: number, limit: number): MyOrderRow[] | undefined {
  return useLiveQuery(() => myOrderRows(db, companyId, accountId, limit), [db, companyId, accountId, limit]);
}

/** The order being taken, when it holds anything, with its customer's name. */
export function useDraftOrder(db: AppDb, companyId: number, accountId: number) {
  return useLiveQuery(async () => {
    const cart = await readCart(db, companyId, accountId);
    if (!isCartDirty(cart)) return null;
    const customer = cart.customerId ? await db.customers.get(cart.customerId) : undefined;
    return { cart, customerName: customer?.name ?? null };
  }, [db, companyId, accountId]);
}

/** The customers to offer: the rep's recent ones, those the search finds, the one checked in at. */
export function useCustomerChoices(
  db: AppDb,
  who: { companyId: number; accountId: number },
  search: string,
  limit: number,
  visitCustomerId: string | null,
) {
  const { companyId, accountId } = who;
  const recent = useLiveQuery(() => recentCustomers(db, companyId, accountId, 8), [db, companyId, accountId]);
  const found = useCustomerSearch(db, companyId, search, limit);
  const visitCustomer = useLiveQuery(
    async () => (visitCustomerId ? ((await db.customers.get(visitCustomerId)) ?? null) : null),
    [db, visitCustomerId],
  );
  return { recent, found, visitCustomer };
}

/** The device's stock of some variants, live (the warehouse's `stock` mirror): by variant id. */
export function useStockLevels(db: AppDb, variantIds: readonly number[]): Map<number, LocalStock> | undefined {
  const key = [...new Set(variantIds)].sort((a, b) => a - b).join(',');
  return useLiveQuery(async () => {
    const ids = key ? key.split(',').map(Number) : [];
    const rows = await db.stock.bulkGet(ids);
    const stock = new Map(rows.filter((row) => row !== undefined).map((row) => [row.id, row]));
    return lessQueued(stock, await queuedOrders(db));
  }, [db, key]);
}

/** The orders this phone queued and the server has not taken yet, with the warehouse each was sent for. */
async function queuedOrders(db: AppDb): Promise<QueuedOrder[]> {
  const pending = await db.orders.where('syncState').equals('pending').toArray();
  if (pending.length === 0) return [];
  const ops = await db.outbox
    .where('entity.id')
    .anyOf(pending.map((order) => order.id))
    .filter((op) => op.type === 'order.submit')
    .toArray();
  const warehouseOf = new Map(ops.map((op) => [op.entity!.id, (op.payload as { warehouseId?: number | null }).warehouseId ?? null]));
  return pending.map((order) => ({ warehouseId: warehouseOf.get(order.id) ?? null, lines: order.lines }));
}

/** The order types this person may choose now (contract/orders-types.ts usableOrderTypes), default first. */
export function useUsableOrderTypes(db: AppDb, companyId: number, accountId: number, flags: FeatureFlags): LocalOrderType[] | undefined {
  const wholesale = flags.WHOLESALE === true;
  return useLiveQuery(
    async () => usableOrderTypes(await db.orderTypes.where('company').equals(companyId).toArray(), accountId, { WHOLESALE: wholesale }),
    [db, companyId, accountId, wholesale],
  );
}

/** What to suggest for the customer at this stop (src/features/orders/model/order-suggestions.ts): undefined while reading. */
export function useOrderSuggestions(db: AppDb, companyId: number, customerId: string | null) {
  return useLiveQuery(
    () => (customerId ? suggestionsOnDevice(db, companyId, customerId) : Promise.resolve(null)),
    [db, companyId, customerId],
  );
}

/** The lots near expiry the company wants moved, the same for every customer. */
export function useLotsToMove(db: AppDb, companyId: number) {
  return useLiveQuery(() => lotsToMoveOnDevice(db, companyId), [db, companyId]);
}
