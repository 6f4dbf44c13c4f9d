/**
 * Saved list filters per section (product-spec.md §3 "Per-section saved filters for product, order,
 * promotion") and the active route (header state `routeActive`). Kept in session storage so a
 * reload keeps them while a new tab starts clean.
 */

/** Sections whose list filters are saved while the user stays in them (product-spec.md §2 rule 4). */
export const FILTER_SECTIONS = ['product', 'order', 'promotion'] as const;
export type FilterSection = (typeof FILTER_SECTIONS)[number];

export function sectionOf(pathname: string): FilterSection | null {
  for (const section of FILTER_SECTIONS) {
    if (pathname === `/${section}` || pathname.startsWith(`/${section}/`)) return section;
  }
  return null;
}

/** Rule 4: when the section changes, the saved filter of the section being left is cleared. */
export function sectionToClear(previousPath: string | null, nextPath: string): FilterSection | null {
  if (previousPath === null) return null;
  const left = sectionOf(previousPath);
  return left !== null && left !== sectionOf(nextPath) ? left : null;
}

const KEY = (section: FilterSection) => `savedFilter:${section}`;

export function readSavedFilter<T>(section: FilterSection): T | null {
  try {
    const raw = sessionStorage.getItem(KEY(section));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function saveFilter(section: FilterSection, value: unknown): void {
  sessionStorage.setItem(KEY(section), JSON.stringify(value));
}

export function clearSavedFilter(section: FilterSection): void {
  sessionStorage.removeItem(KEY(section));
}

export function recordActiveRoute(pathname: string): void {
  sessionStorage.setItem('routeActive', pathname);
}

export function activeRoute(): string | null {
  return sessionStorage.getItem('routeActive');
}
