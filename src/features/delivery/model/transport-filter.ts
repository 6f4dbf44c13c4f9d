/**
 * /transport's filter (product-spec.md §3 "Delivery order filter: page, limit, search, dateRange,
 * printStatus, typeFilterTransport, statusOrderDLO"), kept in the URL under the spec's own names so
 * a reload, a shared link or the back button show the same list. Defaults (page 1, limit 10,
 * product-spec.md §4) are left out of the URL. `typeFilterTransport` is the carrier, and
 * `statusOrderDLO` the delivery status; `cod` narrows to the COD reconciliation's states.
 */
import * as v from 'valibot';
import { CARRIERS, PRINT_STATUSES, type Carrier, type PrintStatus } from '@contract/delivery';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@contract/delivery-status';
import { compactFilter, pageFields, searchField } from '@/ui/list-page/url-filter';

export const TRANSPORT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const COD_FILTERS = ['waiting', 'collected', 'paid', 'mismatch'] as const;
export type CodFilter = (typeof COD_FILTERS)[number];
export const COD_FILTER_LABELS: Record<CodFilter, string> = {
  waiting: 'Chờ thu hộ',
  collected: 'Đã thu, chờ hãng trả',
  paid: 'Hãng đã trả tiền',
  mismatch: 'Lệch tiền thu hộ',
};

const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const oneOf = <T extends string>(values: readonly T[]) => v.fallback(v.optional(v.picklist(values)), undefined);

export const TransportFilterSchema = v.object({
  ...pageFields(),
  search: searchField,
  /** [from, to], either side may be left out. */
  dateRange: v.fallback(v.optional(v.tuple([v.nullable(day), v.nullable(day)])), undefined),
  printStatus: oneOf<PrintStatus>(PRINT_STATUSES),
  typeFilterTransport: oneOf<Carrier>(CARRIERS),
  statusOrderDLO: oneOf<DeliveryStatus>(DELIVERY_STATUSES),
  cod: oneOf<CodFilter>(COD_FILTERS),
});

export type TransportFilter = v.InferOutput<typeof TransportFilterSchema>;

export function parseTransportFilter(search: unknown): TransportFilter {
  const parsed = v.parse(TransportFilterSchema, typeof search === 'object' && search !== null ? search : {});
  const [from, to] = parsed.dateRange ?? [null, null];
  if (!from && !to) return { ...parsed, dateRange: undefined };
  // A range typed backwards is read the right way round.
  if (from && to && from > to) return { ...parsed, dateRange: [to, from] };
  return parsed;
}

/** Without defaults and empty values: what the URL shows. */
export function compactTransportFilter(filter: TransportFilter): Partial<TransportFilter> {
  return compactFilter(filter);
}

/** The next filter after a change: back to page 1, a blank search dropped. */
export function applyTransportFilterChange(filter: TransportFilter, patch: Partial<TransportFilter>): TransportFilter {
  const next: TransportFilter = { ...filter, ...patch, page: 1 };
  next.search = next.search?.trim() || undefined;
  return next;
}

/** How many filters under the tabs are set. */
export function activeTransportFilterCount(filter: TransportFilter): number {
  return [filter.dateRange, filter.printStatus, filter.typeFilterTransport, filter.cod].filter((value) => value !== undefined).length;
}

/** Query parameters of GET orderdlo/ (contract/delivery.ts DeliveryListQuery). */
export function toDeliveryQuery(companyId: number, filter: TransportFilter) {
  return {
    company: companyId,
    page: filter.page,
    limit: filter.limit,
    search: filter.search,
    date_from: filter.dateRange?.[0] ?? undefined,
    date_to: filter.dateRange?.[1] ?? undefined,
    print_status: filter.printStatus,
    carrier: filter.typeFilterTransport,
    status: filter.statusOrderDLO,
    cod: filter.cod,
  };
}
