/**
 * A list's filter state in its URL (product-spec.md §3 filter fields as search parameters), read and checked
 * here rather than in the route's validateSearch: what a route validates ships with the app's
 * entry, which /login downloads too (tests/bench/build-size.ts), while this runs in the page's own
 * chunk. Defaults (page 1, limit 10) are left out of the URL. Every change is also saved for the
 * section (product-spec.md §3 per-section saved filters); arriving with a bare URL restores the saved state
 * (product-spec.md §2 rule 4 clears it when the section is left).
 */
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import * as v from 'valibot';
import { readSavedFilter, saveFilter } from '@/session/saved-filters';
import { compact, filterToRestore, withSavedList, type ProductFilter } from '../model/product-filter';

/** Without defaults (page 1, limit 10) and empty values, so a plain list has a plain URL. */
export function urlSearch<F extends ProductFilter>(filter: F): Partial<F> {
  const { page, limit, ...rest } = compact(filter);
  return { ...(page !== 1 ? { page } : {}), ...(limit !== 10 ? { limit } : {}), ...rest } as Partial<F>;
}

export function useUrlFilter<F extends ProductFilter>(
  schema: v.GenericSchema<unknown, F>,
  list: 'products' | 'variants',
): { filter: F; restoring: boolean; setFilter: (next: F) => void } {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const filter = useMemo(() => v.parse(schema, search), [schema, search]);
  const restore = useMemo(() => filterToRestore(search, readSavedFilter('product'), list), [search, list]);

  useEffect(() => {
    if (restore) void navigate({ to: '.', search: urlSearch(restore) as never, replace: true });
  }, [restore, navigate]);

  return {
    filter,
    restoring: restore !== null,
    setFilter: (next: F) => {
      saveFilter('product', withSavedList(readSavedFilter('product'), list, next));
      void navigate({ to: '.', search: urlSearch(next) as never, replace: true });
    },
  };
}
