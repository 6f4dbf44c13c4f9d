/**
 * The company's order list (/order, "Toàn công ty") as far as this device can tell it: the orders it
 * mirrors (the sync's `order` entity, contract/orders.ts ordersSync) that the server has taken,
 * narrowed, sorted and paged as GET ordercompany/ does (server/modules/orders/order-list.ts). The
 * screen shows it while the server's answer is on its way (first load, back online) and when the
 * server cannot be reached, so the list never goes blank while the device holds the orders.
 */
import { AREAS } from '@contract/address-units';
import { foldedWords, fold } from '@contract/fold';
import { vietnamDay } from '@contract/price-policy';
import type { AppDb, LocalOrder } from '@/db/app-db';
import type { toOrderQuery } from './order-filter';

/** Rows of the company's list, with where they were read ('device': this device's copies). */
export type DeviceOrderList = { rows: LocalOrder[]; count: number; totalAmount: number; source: 'device' };

type OrderQuery = ReturnType<typeof toOrderQuery>;

const SORTS: Record<string, (a: LocalOrder, b: LocalOrder) => number> = {
  created_at: (a, b) => a.created_at.localeCompare(b.created_at),
  total: (a, b) => a.total - b.total,
  code: (a, b) => (a.code ?? '').localeCompare(b.code ?? ''),
};

/** The words of the search each have to be in the order's searchable text, as the server's search column. */
function matchesSearch(order: LocalOrder, search: string | undefined): boolean {
  const words = foldedWords(search);
  if (words.length === 0) return true;
  const text = fold([order.code, order.local_no, order.customer_code, order.customer_name, order.customer_phone].filter(Boolean).join(' '));
  return words.every((word) => text.includes(word));
}

function matcher(query: OrderQuery): (order: LocalOrder) => boolean {
  const areaProvinces = query.area ? new Set<string>(AREAS.find((area) => area.code === query.area)?.province_codes ?? []) : null;
  return (order) => {
    const day = vietnamDay(new Date(order.created_at));
    return (
      // Only what the server has taken: it never lists an order still waiting on a phone.
      order.syncState === 'synced' &&
      (query.status === undefined || order.status === query.status) &&
      (query.customer === undefined || order.customer_id === query.customer) &&
      (query.order_type === undefined || order.order_type_id === query.order_type) &&
      (query.date_from === undefined || day >= query.date_from) &&
      (query.date_to === undefined || day <= query.date_to) &&
      (query.province === undefined || order.province_code === query.province) &&
      (query.ward === undefined || order.ward_code === query.ward) &&
      (areaProvinces === null || (order.province_code !== null && areaProvinces.has(order.province_code))) &&
      matchesSearch(order, query.search)
    );
  };
}

/**
 * The page of the list the device can give for a query; null when the query narrows by what the
 * device does not know of its orders (a region, made of the company's own provinces on the server;
 * a district of the old address scheme), so no wrong rows are shown for it.
 */
export async function deviceOrderList(db: AppDb, query: OrderQuery): Promise<DeviceOrderList | null> {
  if (query.region !== undefined || query.district !== undefined) return null;
  const matches = matcher(query);
  const found = await db.orders
    .where('[company+created_at]')
    .between([query.company, ''], [query.company, '\uffff'])
    .filter(matches)
    .toArray();
  const ordering = query.ordering ?? '-created_at';
  const compare = SORTS[ordering.replace(/^-/, '')] ?? SORTS.created_at!;
  found.sort(ordering.startsWith('-') ? (a, b) => compare(b, a) : compare);
  const start = (query.page - 1) * query.limit;
  return {
    rows: found.slice(start, start + query.limit),
    count: found.length,
    totalAmount: found.reduce((sum, order) => sum + order.total, 0),
    source: 'device',
  };
}
