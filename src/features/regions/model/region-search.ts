/**
 * The /area page's URL state (product-spec.md §3 "Region filter": page, limit, search; plus the region shown
 * and its tab). Kept apart from the screens: the route reads it at start-up, so whatever this file
 * imports is in the first download of every page (/login included).
 */
export const REGION_TABS = ['staff', 'customers', 'orders'] as const;
export type RegionTab = (typeof REGION_TABS)[number];

export const REGION_PAGE_SIZES = [10, 20, 50];
