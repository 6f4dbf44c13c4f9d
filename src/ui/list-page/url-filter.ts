/**
 * A list's filter in its URL, the one way every list keeps it (TanStack Router's own): the route
 * reads it with `validateSearch` (valibot, through readFilter; a value that does not parse falls
 * back to its default instead of failing the route, so a hand-edited or an old link still opens the
 * list) and leaves the defaults out with `stripSearchParams(FILTER_DEFAULTS)`; the screen takes the
 * route's `useSearch()` and changes it with useFilterChange, which replaces the URL's search
 * (typing makes no history entries) and saves it for the section. A section's saved filter
 * (product-spec.md §3 "Per-section saved filters", §2 rule 4) comes back from the route's
 * `beforeLoad` (savedFilterToRestore), which runs only when the list itself is opened: following a
 * link away from a filtered list never brings the filter along (src/routes/_app/product/index.tsx).
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { activeRoute, clearSavedFilter, readSavedFilter, saveFilter, sectionOf, type FilterSection } from '@/session/saved-filters';

/** What a list's URL leaves out: page 1 of 10 rows (product-spec.md §4). */
export const FILTER_DEFAULTS = { page: 1, limit: 10 } as const;

/** A list's filter read from its URL with its schema: the body of the route's `validateSearch`. */
export function readFilter<F>(schema: v.GenericSchema<unknown, F>, search: unknown): F {
  return v.parse(schema, typeof search === 'object' && search !== null ? search : {});
}

/** A page number or a page size: a whole number from 1 to `max`; anything else reads as `fallback`. */
export function wholeFromOne(fallback: number, max: number) {
  return v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max)), fallback);
}

/** The page and its size (product-spec.md §4: page 1 of 10 rows unless the URL says otherwise). */
export function pageFields(maxLimit = 200) {
  return { page: wholeFromOne(1, 100_000), limit: wholeFromOne(10, maxLimit) };
}

/**
 * What was typed in a list's search box, up to 100 characters. The router reads `search=123` as the
 * number 123: it is taken back as the text typed. Blank is no search.
 */
export const searchField = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((value) => String(value).trim()),
      v.maxLength(100),
      v.check((value) => value !== ''),
    ),
  ),
  undefined,
);

/** The filter without its defaults (page 1, limit 10) and empty values: what the URL shows. */
export function compactFilter<F extends { page: number; limit: number }>(filter: F): Partial<F> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (value === undefined || value === '') continue;
    if ((key === 'page' && value === 1) || (key === 'limit' && value === 10)) continue;
    out[key] = value;
  }
  return out as Partial<F>;
}

/** Where a list's filter is saved for its section, and how the section's slot holds it. */
export type SavedFilterSlot<F> = {
  section: FilterSection;
  /** This list's filter in the section's slot, without defaults; null when there is nothing to restore. */
  read: (saved: unknown) => Partial<F> | null;
  /** The section's slot once this list's filter is `next`. */
  write: (saved: unknown, next: F) => unknown;
};

/** A section whose slot holds its one list's filter, without defaults (the promotion section). */
export function sectionSlot<F extends { page: number; limit: number }>(
  section: FilterSection,
  parse: (saved: unknown) => F,
): SavedFilterSlot<F> {
  return {
    section,
    read: (saved) => {
      if (!saved || typeof saved !== 'object') return null;
      const restored = compactFilter(parse(saved));
      return Object.keys(restored).length > 0 ? restored : null;
    },
    // Read like the URL, so a parameter the list does not know (kept in its URL) is not saved.
    write: (_saved, next) => compactFilter(parse(next)),
  };
}

/**
 * For the list route's `beforeLoad`: the section's saved filter to redirect to when the list is
 * opened with nothing in its URL (the menu, the back arrow from a record), else null. It is asked
 * only when the list route is loaded, so a link away from the list cannot restore it (the list,
 * still on screen with the next page's location, used to put its filter on that page).
 */
export function savedFilterToRestore<F extends { page: number; limit: number }>(search: F, slot: SavedFilterSlot<F>): Partial<F> | null {
  if (Object.keys(compactFilter(search)).length > 0) return null;
  // Rule 4: a saved filter lives while the person stays in its section. Arriving from another one
  // that src/app/router.ts did not see leave it (a reload there, an address typed), it is forgotten.
  const from = activeRoute();
  if (from !== null && sectionOf(from) !== slot.section) {
    clearSavedFilter(slot.section);
    return null;
  }
  return slot.read(readSavedFilter(slot.section));
}

/**
 * A list screen's way to change its filter: `next` (the whole filter, as ListPage hands it) is saved
 * in the section's slot first, so the route's restore never sees an older one, then replaces the
 * URL's search, keeping any parameter the filter does not know and dropping defaults and blanks.
 * `to` is the list's path ('/product').
 */
export function useFilterChange<F extends { page: number; limit: number }>(to: string, slot?: SavedFilterSlot<F>): (next: F) => void {
  const navigate = useNavigate();
  return useCallback(
    (next: F) => {
      if (slot) saveFilter(slot.section, slot.write(readSavedFilter(slot.section), next));
      void navigate({
        to: to as '/',
        search: ((prev: Record<string, unknown>) => compactFilter({ ...prev, ...next })) as never,
        replace: true,
      });
    },
    [navigate, to, slot],
  );
}
