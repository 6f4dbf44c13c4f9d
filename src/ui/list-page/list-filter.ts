/**
 * How a list's filter changes. The filter lives in the URL (the route validates it and hands the
 * screen `filter` and `onFilter`), so each change is a whole next filter: paging keeps the rest,
 * and any other change (search, a drop-down, the page size) starts again at page 1 (product-spec.md §4), since
 * the page the person was on may not exist in the new list.
 */

/** What every paged list's filter holds; lists add their own fields. */
export type PagedFilter = { page: number; limit: number; search?: string };

/** Applies a change to a filter; features pass their own to drop empty values or keep fields consistent. */
export type ApplyChange<F> = (filter: F, patch: Partial<F>) => F;

/** The default change: the patch applied, back to page 1. */
export function withPatch<F extends PagedFilter>(filter: F, patch: Partial<F>): F {
  return { ...filter, ...patch, page: 1 };
}

export type FilterControls<F> = {
  change: (patch: Partial<F>) => void;
  search: (search: string) => void;
  page: (page: number) => void;
  limit: (limit: number) => void;
};

export function filterControls<F extends PagedFilter>(
  filter: F,
  onFilter: (next: F) => void,
  apply: ApplyChange<F> = withPatch,
): FilterControls<F> {
  const change = (patch: Partial<F>) => onFilter(apply(filter, patch));
  return {
    change,
    search: (search) => change({ search } as Partial<F>),
    page: (page) => onFilter({ ...filter, page }),
    limit: (limit) => change({ limit } as Partial<F>),
  };
}

/**
 * Offline, the device counts matches only five pages past the page shown (enough to page on
 * without reading the whole table): a count that reaches that far is a lower bound ("Ít nhất …").
 */
export const DEVICE_COUNT_PAGES = 5;

export function isLowerBound(data: { count: number; source?: 'server' | 'device' }, filter: Pick<PagedFilter, 'page' | 'limit'>): boolean {
  return data.source === 'device' && data.count >= (filter.page - 1) * filter.limit + filter.limit * DEVICE_COUNT_PAGES;
}
