/**
 * The order list's filter (model in order-filter-search.ts) mapped onto the order calls' queries,
 * and how a change to it is applied (back to page 1, places kept consistent).
 */
import type { AreaCode } from '@contract/address-units';
import { DEFAULT_ORDER_FILTER, type OrderFilter, type OrderFilterPatch, type OrderSort } from './order-filter-search';

export * from './order-filter-search';

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  '-created_at': 'Mới nhất',
  created_at: 'Cũ nhất',
  '-total': 'Tổng tiền giảm dần',
  total: 'Tổng tiền tăng dần',
  '-code': 'Mã đơn giảm dần',
  code: 'Mã đơn tăng dần',
};

export const ORDER_PAGE_SIZES = [10, 20, 50, 100] as const;

export type DateRange = [from: string | null, to: string | null];

export function parseDateRange(value: string | undefined): DateRange {
  if (!value) return [null, null];
  const [from = '', to = ''] = value.split('_');
  return [from || null, to || null];
}

/** The URL form of a range; an empty range is no filter. A reversed range is put in order. */
export function formatDateRange([from, to]: readonly [string | null, string | null]): string | undefined {
  if (!from && !to) return undefined;
  if (from && to && from > to) return `${to}_${from}`;
  return `${from ?? ''}_${to ?? ''}`;
}

/** The list filters every order call shares (list, counts, export), without paging and status. */
function commonQuery(companyId: number, filter: OrderFilter) {
  const [dateFrom, dateTo] = parseDateRange(filter.dateRange);
  return {
    company: companyId,
    search: filter.search?.trim() || undefined,
    customer: filter.customer,
    date_from: dateFrom ?? undefined,
    date_to: dateTo ?? undefined,
    area: filter.area,
    province: filter.province,
    district: filter.district,
    ward: filter.ward,
    region: filter.region,
    order_type: filter.orderType,
  };
}

/** Query parameters of GET ordercompany/ (contract OrderListQuery) for a filter. */
export function toOrderQuery(companyId: number, filter: OrderFilter) {
  return {
    ...commonQuery(companyId, filter),
    page: filter.page,
    limit: filter.limit,
    status: filter.statusOrder,
    ordering: filter.orderBy ?? '-created_at',
  };
}

/** Query of GET countorder/: the same filters across every status (the tabs count each one). */
export function toCountQuery(companyId: number, filter: OrderFilter) {
  return commonQuery(companyId, filter);
}

/** Query of GET exportdata/: every order of the filter (all pages), in the list's status tab. */
export function toExportQuery(companyId: number, filter: OrderFilter) {
  return { ...commonQuery(companyId, filter), status: filter.statusOrder, ordering: filter.orderBy ?? '-created_at' };
}

/**
 * The next filter after a change: the patch applied, back to page 1 (product-spec.md §4), empty values
 * dropped, and places kept consistent — a province outside the chosen area is cleared, and a ward
 * (or legacy district) belongs to the province it was chosen in.
 */
export function applyOrderFilterChange(
  filter: OrderFilter,
  patch: OrderFilterPatch,
  provincesOfArea?: (area: AreaCode) => readonly string[],
): OrderFilter {
  const next: OrderFilter = { ...filter, ...patch, page: 1 };
  if (!next.search?.trim()) next.search = undefined;
  if ('province' in patch && patch.province !== filter.province) {
    next.ward = 'ward' in patch ? patch.ward : undefined;
    next.district = 'district' in patch ? patch.district : undefined;
  }
  if ('area' in patch && next.area && next.province && provincesOfArea && !provincesOfArea(next.area).includes(next.province)) {
    next.province = undefined;
    next.ward = undefined;
    next.district = undefined;
  }
  for (const key of Object.keys(next) as (keyof OrderFilter)[]) {
    if (next[key] === '' || next[key] === null) (next as Record<string, unknown>)[key] = undefined;
  }
  return next;
}

/** Drop-down filters set (customer, dates, places, sort), for the "Bộ lọc" badge. */
export function activeOrderFilterCount(filter: OrderFilter): number {
  return [
    filter.customer,
    filter.dateRange,
    filter.area,
    filter.province,
    filter.ward,
    filter.district,
    filter.region,
    filter.orderType,
    filter.orderBy,
  ].filter((value) => value !== undefined).length;
}

/** The filter with every narrowing removed (search, tabs, drop-downs), keeping page size and view. */
export function clearedOrderFilter(filter: OrderFilter): OrderFilter {
  return { ...DEFAULT_ORDER_FILTER, limit: filter.limit, view: filter.view };
}
