/**
 * The customers this person ordered for most recently on this device's copy of their orders, newest
 * first: the pharmacies a rep visits again and again come first in the customer picker.
 */
import type { AppDb, LocalCustomer } from '@/db/app-db';

/** How many of the newest orders are looked at; enough for a week of visits. */
const SCAN = 300;

export async function recentCustomerIds(db: AppDb, companyId: number, accountId: number, limit = 8): Promise<string[]> {
  const orders = await db.orders
    .where('[company+created_at]')
    .between([companyId, ''], [companyId, '\uffff'])
    .reverse()
    .limit(SCAN)
    .toArray();
  const ids: string[] = [];
  for (const order of orders) {
    if (order.account_id !== accountId || ids.includes(order.customer_id)) continue;
    ids.push(order.customer_id);
    if (ids.length >= limit) break;
  }
  return ids;
}

/** The recent customers still on the device and still active, newest order first. */
export async function recentCustomers(db: AppDb, companyId: number, accountId: number, limit = 8): Promise<LocalCustomer[]> {
  const ids = await recentCustomerIds(db, companyId, accountId, limit);
  const rows = await db.customers.bulkGet(ids);
  return rows.filter((row): row is LocalCustomer => row !== undefined && row.company === companyId && row.status === 'active');
}
