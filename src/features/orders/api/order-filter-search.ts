/**
 * The order list's filter state in the URL (product-spec.md §3 "Order filter: page, limit, search, statusOrder, customer,
 * dateRange, area, province, district, ward, region, orderBy", and the order type), kept in the URL so a reload, a
 * shared link or the back button show the same list, and saved for the 'order' section (product-spec.md §2
 * rule 4). Defaults: page 1, limit 10 (product-spec.md §4, §9).
 *
 * Read by the route at start-up (validateSearch, the saved-filter restore), so this module
 * imports nothing but valibot; the mapping to API queries lives in order-filter.ts.
 *
 * The router reads search values as JSON when it can, so `province=79` arrives as the number 79
 * while `province=01` stays the string "01": codes and the search text accept both and are kept as
 * strings.
 */
import * as v from 'valibot';
import type { ORDER_SORTS as CONTRACT_SORTS } from '@contract/orders';
import type { OrderStatus } from '@contract/orders-status';
import type { AreaCode } from '@contract/address-units';
import { pageFields } from '@/ui/list-page/url-filter';

const asText = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.integer(), v.minValue(0))]),
  v.transform((value) => String(value)),
);
const optionalText = (max: number) => v.fallback(v.optional(v.pipe(asText, v.maxLength(max))), undefined);
const optionalCode = v.fallback(v.optional(v.pipe(asText, v.regex(/^\d{1,6}$/))), undefined);
const DAY = '\\d{4}-\\d{2}-\\d{2}';

export type OrderSort = (typeof CONTRACT_SORTS)[number];
/** contract/orders-status.ts ORDER_STATUSES, repeated for the same reason (a test checks they agree). */
export const FILTER_STATUSES = [
  'draft',
  'pending',
  'confirmed',
  'delivering',
  'completed',
  'returned',
  'rejected',
  'cancelled',
] as const satisfies readonly OrderStatus[];
/**
 * The contract's ORDER_SORTS, repeated here (checked by the type and by a test) so the route's
 * search check at start-up does not load the whole order contract and its schemas.
 */
export const ORDER_SORTS = ['-created_at', 'created_at', '-total', 'total', 'code', '-code'] as const satisfies readonly OrderSort[];

/** Which list /order shows: the device's own orders (a rep, offline too) or the company's. */
export const ORDER_VIEWS = ['mine', 'all'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

export const OrderFilterSchema = v.object({
  ...pageFields(),
  search: optionalText(100),
  statusOrder: v.fallback(v.optional(v.picklist(FILTER_STATUSES)), undefined),
  customer: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  /** `YYYY-MM-DD_YYYY-MM-DD`; either side may be empty (from only, until only). */
  dateRange: v.fallback(v.optional(v.pipe(v.string(), v.regex(new RegExp(`^(${DAY})?_(${DAY})?$`)))), undefined),
  area: v.fallback(v.optional(v.picklist(['MB', 'MT', 'MN'] as const satisfies readonly AreaCode[])), undefined),
  province: optionalCode,
  /** Legacy addresses only (before July 2025); kept for links, no picker. */
  district: optionalCode,
  ward: optionalCode,
  region: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  /** An order type's id (contract/orders-types.ts). */
  orderType: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  orderBy: v.fallback(v.optional(v.picklist(ORDER_SORTS)), undefined),
  view: v.fallback(v.optional(v.picklist(ORDER_VIEWS)), undefined),
});

export type OrderFilter = v.InferOutput<typeof OrderFilterSchema>;
export type OrderFilterPatch = Partial<Omit<OrderFilter, 'page'>>;

export const DEFAULT_ORDER_FILTER: OrderFilter = v.parse(OrderFilterSchema, {});

export function parseOrderFilter(search: unknown): OrderFilter {
  return v.parse(OrderFilterSchema, typeof search === 'object' && search !== null ? search : {});
}
