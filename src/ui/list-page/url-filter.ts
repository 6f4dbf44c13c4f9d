/**
 * What a list's filter in its URL is read with (valibot). A value that does not parse falls back to
 * its default instead of failing the route, so a hand-edited or an old link still opens the list.
 */
import * as v from 'valibot';

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
