/**
 * The programme list's filter state (product-spec.md §3 "Promotion filter: page, limit, search,
 * status, startDate, endDate"), kept in the URL so a reload, a shared link or the back button show
 * the same list, and saved for the 'promotion' section (product-spec.md §3 "Per-section saved
 * filters", §2 guard rule 4: src/app/router.ts clears it when the section is left). Defaults: page
 * 1, limit 10 (product-spec.md §4), left out of the URL.
 *
 * The router reads search values as JSON when it can, so `status=3` arrives as the number 3 and
 * `search=123` as a number too: both are accepted and kept as what the API wants.
 *
 * Beside the feature's folders: the route reads it (validateSearch), so it ships with the app's entry.
 */
import * as v from 'valibot';
import type { PromotionStatus } from '@contract/promotions-status';
import { pageFields, readFilter, searchField, sectionSlot } from '@/ui/list-page/url-filter';

export const PROMOTION_PAGE_SIZES = [10, 20, 50, 100] as const;

const status = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-6]$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(6),
  v.transform((value) => value as PromotionStatus),
);
const day = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}$/),
  v.check((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)),
);

export const PromotionFilterSchema = v.object({
  ...pageFields(),
  search: searchField,
  status: v.fallback(v.optional(status), undefined),
  /** Programmes running on some day of [startDate, endDate] (either side may be left out). */
  startDate: v.fallback(v.optional(day), undefined),
  endDate: v.fallback(v.optional(day), undefined),
});

export type PromotionFilter = v.InferOutput<typeof PromotionFilterSchema>;

export const DEFAULT_PROMOTION_FILTER: PromotionFilter = { page: 1, limit: 10 };

export function parsePromotionFilter(search: unknown): PromotionFilter {
  const parsed = readFilter(PromotionFilterSchema, search);
  // A range typed backwards is read the right way round.
  if (parsed.startDate && parsed.endDate && parsed.startDate > parsed.endDate)
    return { ...parsed, startDate: parsed.endDate, endDate: parsed.startDate };
  return parsed;
}

/**
 * The 'promotion' section's saved filter: the list's, without defaults. Arriving at /promotion with
 * nothing in the URL (the menu, the back arrow from a programme) puts it back (src/routes/_app/promotion/index.tsx).
 */
export const PROMOTION_FILTER_SLOT = sectionSlot('promotion', parsePromotionFilter);

/** The next filter after a change: the patch applied, back to page 1, blank search dropped. */
export function applyPromotionFilterChange(filter: PromotionFilter, patch: Partial<PromotionFilter>): PromotionFilter {
  const next: PromotionFilter = { ...filter, ...patch, page: 1 };
  if (!next.search?.trim()) next.search = undefined;
  else next.search = next.search.trim();
  return next;
}

/** How many of the filters under the tabs are set (the date range counts once). */
export function activePromotionFilterCount(filter: PromotionFilter): number {
  return filter.startDate || filter.endDate ? 1 : 0;
}

/** Query parameters of GET promotion/ (PromotionListQuery). */
export function toPromotionListQuery(companyId: number, filter: PromotionFilter) {
  return { ...toPromotionExportQuery(companyId, filter), page: filter.page, limit: filter.limit };
}

/** Query parameters of GET promotion/export/: every programme of the filter, without paging. */
export function toPromotionExportQuery(companyId: number, filter: PromotionFilter) {
  return {
    company: companyId,
    search: filter.search?.trim() || undefined,
    status: filter.status,
    startDate: filter.startDate,
    endDate: filter.endDate,
  };
}
