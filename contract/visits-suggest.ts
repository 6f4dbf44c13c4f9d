/**
 * What to order at a stop (docs/visits.md "What to order at a stop"): the customer's last order, the quantities they
 * usually take, the company's must-carry goods not yet bought this month, the lots near expiry the
 * company wants to move, and on "Hôm nay" the customers idle for the company's days. Computed on the
 * phone from what it already mirrors (its own orders and visits, the stock with its lots, the
 * promotions), so it works offline; the settings ride with the check-in rules' record.
 */
import * as v from 'valibot';
import { daysBetween } from './calendar-days';
import type { OrderLineRecord, OrderRecord } from './orders';
import type { OrderStatus } from './orders-status';
import { vietnamDay } from './price-policy';
import { bodyObject, companyBodyField } from './validation';
import { wholeInRange } from './visits-place';
import type { StockLotToSell } from './warehouse';

export type SuggestionSettings = {
  /** Variants every customer should carry (hàng bắt buộc), suggested until bought this month. */
  must_carry: number[];
  /** A customer with no order and no visit in this many days is idle. */
  idle_days: number;
  /** A sellable lot expiring within this many days is offered to move. */
  push_expiry_days: number;
};

/** 30 days idle and 90 days to expiry: the warehouse's own short-dated threshold (docs/warehouse.md). */
export const DEFAULT_SUGGESTION_SETTINGS: SuggestionSettings = { must_carry: [], idle_days: 30, push_expiry_days: 90 };

export const IDLE_DAYS_RANGE = { min: 7, max: 365 } as const;
export const PUSH_EXPIRY_RANGE = { min: 7, max: 730 } as const;
export const MUST_CARRY_MAX = 100;
/** The recent orders whose lines make the usual quantities. */
export const USUAL_ORDERS = 5;

const variantId = v.pipe(
  v.number('Sản phẩm không hợp lệ'),
  v.integer('Sản phẩm không hợp lệ'),
  v.minValue(1, 'Sản phẩm không hợp lệ'),
  v.maxValue(2_147_483_647, 'Sản phẩm không hợp lệ'),
);

export const SuggestionSettingsSchema = bodyObject({
  company: companyBodyField,
  must_carry: v.pipe(
    v.array(variantId, 'Danh sách hàng bắt buộc không hợp lệ'),
    v.maxLength(MUST_CARRY_MAX, `Tối đa ${MUST_CARRY_MAX} sản phẩm bắt buộc`),
    v.transform((ids) => [...new Set(ids)]),
  ),
  idle_days: wholeInRange('Số ngày coi là lâu chưa ghé', IDLE_DAYS_RANGE, 'ngày'),
  push_expiry_days: wholeInRange('Số ngày trước hạn dùng cần đẩy bán', PUSH_EXPIRY_RANGE, 'ngày'),
});

/** Orders that did not become a sale: they say nothing of what the customer takes. */
const NOT_BOUGHT: ReadonlySet<OrderStatus> = new Set(['draft', 'cancelled', 'rejected', 'returned']);

export type SuggestOrder = Pick<OrderRecord, 'id' | 'code' | 'local_no' | 'status' | 'created_at' | 'total' | 'lines'>;

/** The orders that were sales, newest first. */
export function boughtOrders<O extends SuggestOrder>(orders: readonly O[]): O[] {
  return orders.filter((order) => !NOT_BOUGHT.has(order.status)).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

type SoldLine = Pick<OrderLineRecord, 'variant_id' | 'product_name' | 'variant_name' | 'unit' | 'factor' | 'quantity' | 'is_gift'>;

/** A line the rep may add with one tap: the variant, its unit and a whole quantity. */
export type SuggestedLine = { variant_id: number; product_name: string; variant_name: string; unit: string; quantity: number };

/** The last sale's lines as they were ordered (gifts are the programmes', not the customer's). */
export function lastOrderLines(order: { lines: readonly SoldLine[] }): SuggestedLine[] {
  return order.lines
    .filter((line) => !line.is_gift)
    .map(({ variant_id, product_name, variant_name, unit, quantity }) => ({ variant_id, product_name, variant_name, unit, quantity }));
}

export type UsualLine = SuggestedLine & {
  /** In how many of the recent orders it was bought. */
  times: number;
  /** Of how many recent orders. */
  of: number;
};

/**
 * The usual quantities: over the customer's `recent` last sales, each variant bought with the
 * average quantity per order that had it, counted in base units and given in the unit of its latest
 * line (rounded, at least 1). Most often bought first, then the most recently bought.
 */
export function usualLines(orders: readonly { lines: readonly SoldLine[] }[], recent = USUAL_ORDERS): UsualLine[] {
  const window = orders.slice(0, recent);
  const byVariant = new Map<number, { line: SoldLine; base: number; times: number; first: number }>();
  window.forEach((order, index) => {
    const seen = new Set<number>();
    for (const line of order.lines) {
      if (line.is_gift) continue;
      const entry = byVariant.get(line.variant_id) ?? { line, base: 0, times: 0, first: index };
      entry.base += line.quantity * line.factor;
      if (!seen.has(line.variant_id)) entry.times += 1;
      seen.add(line.variant_id);
      byVariant.set(line.variant_id, entry);
    }
  });
  return [...byVariant.values()]
    .sort((a, b) => b.times - a.times || a.first - b.first)
    .map(({ line, base, times }) => ({
      variant_id: line.variant_id,
      product_name: line.product_name,
      variant_name: line.variant_name,
      unit: line.unit,
      quantity: Math.max(1, Math.round(base / times / line.factor)),
      times,
      of: window.length,
    }));
}

/** The must-carry variants the customer has not bought in this Vietnam month (in the settings' order). */
export function mustCarryMissing(mustCarry: readonly number[], orders: readonly SuggestOrder[], today: string): number[] {
  const month = today.slice(0, 7);
  const bought = new Set<number>();
  for (const order of orders) {
    if (NOT_BOUGHT.has(order.status) || vietnamDay(new Date(order.created_at)).slice(0, 7) !== month) continue;
    for (const line of order.lines) if (!line.is_gift) bought.add(line.variant_id);
  }
  return mustCarry.filter((id) => !bought.has(id));
}

export type LotToPush = StockLotToSell & { variant_id: number; days_left: number };

/** Sellable lots expiring within the company's days (not past), the nearest expiry first. */
export function lotsToPush(
  stock: readonly { variant_id: number; lots?: readonly StockLotToSell[] }[],
  today: string,
  withinDays: number,
): LotToPush[] {
  const found: LotToPush[] = [];
  for (const row of stock)
    for (const lot of row.lots ?? []) {
      const left = daysBetween(today, lot.expires_on);
      if (lot.available > 0 && left >= 0 && left <= withinDays) found.push({ ...lot, variant_id: row.variant_id, days_left: left });
    }
  return found.sort((a, b) => a.days_left - b.days_left || a.variant_id - b.variant_id);
}

export type IdleCustomer = { id: string; last_day: string | null; idle_days: number | null };

/**
 * Customers with no order and no visit in the last `idleDays` days (`lastActivity`: the Vietnam day
 * of each customer's latest order or visit this device holds). A customer entered within those days
 * is not idle yet. Never seen first, then the longest idle.
 */
export function idleCustomers(
  customers: readonly { id: string; created_at?: string | null }[],
  lastActivity: ReadonlyMap<string, string>,
  today: string,
  idleDays: number,
): IdleCustomer[] {
  const idle: IdleCustomer[] = [];
  for (const customer of customers) {
    const last = lastActivity.get(customer.id) ?? null;
    const since = last ?? (customer.created_at ? vietnamDay(new Date(customer.created_at)) : null);
    if (since !== null && daysBetween(since, today) < idleDays) continue;
    idle.push({ id: customer.id, last_day: last, idle_days: last === null ? null : daysBetween(last, today) });
  }
  return idle.sort((a, b) => (b.idle_days ?? Infinity) - (a.idle_days ?? Infinity) || a.id.localeCompare(b.id));
}

export const suggestionPaths = { settings: '/visit/api/suggestions/settings/' } as const;
