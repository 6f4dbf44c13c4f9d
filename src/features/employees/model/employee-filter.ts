/**
 * The staff lists' filter state, as product-spec.md §3 keeps it for the account area: "list filter
 * (pageEmployee, limitEmployee, searchEmployee, pageTDV, limitTDV, searchTDV, region, status)".
 * /employees (office staff) pages with the *Employee fields, /pharmacist (sales staff) with the *TDV
 * fields; region and status are shared by both lists, as the spec has one of each.
 *
 * Like the other saved filters (src/session/saved-filters.ts): the page's part lives in the URL, so
 * a reload or a shared link shows the same list, and the whole state is saved in session storage,
 * so coming back to a list with a bare URL finds it as it was left. Defaults: page 1, limit 10.
 */
import * as v from 'valibot';
import type { EmployeeListParams, EmployeeStatus, StaffKind } from '@contract/employees';

/**
 * contract/employees's EMPLOYEE_STATUSES, repeated (and checked against its type) so that the route
 * files, whose search validation is in the app's first download, do not pull the whole contract in.
 */
const STATUSES = ['active', 'inactive', 'invited'] as const satisfies readonly EmployeeStatus[];

const positive = (max: number) => v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max))), undefined);
const optionalText = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined);

export const AccountFilterSchema = v.object({
  pageEmployee: positive(100_000),
  limitEmployee: positive(200),
  searchEmployee: optionalText,
  pageTDV: positive(100_000),
  limitTDV: positive(200),
  searchTDV: optionalText,
  region: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))), undefined),
  status: v.fallback(v.optional(v.picklist(STATUSES)), undefined),
});

/** Every field optional: absent means the default. */
export type AccountFilter = v.InferOutput<typeof AccountFilterSchema>;

/** One list's view of the state: what its screen reads and changes. */
export type StaffListFilter = {
  page: number;
  limit: number;
  search: string | undefined;
  region: number | undefined;
  status: AccountFilter['status'];
};

/** The spec's keys of each list. */
const KEYS = {
  office: { page: 'pageEmployee', limit: 'limitEmployee', search: 'searchEmployee' },
  sales: { page: 'pageTDV', limit: 'limitTDV', search: 'searchTDV' },
} as const;

/** The fields a list's URL carries. */
export function listKeys(kind: StaffKind): (keyof AccountFilter)[] {
  return [KEYS[kind].page, KEYS[kind].limit, KEYS[kind].search, 'region', 'status'];
}

export function listFilter(state: AccountFilter, kind: StaffKind): StaffListFilter {
  const keys = KEYS[kind];
  return {
    page: state[keys.page] ?? 1,
    limit: state[keys.limit] ?? 10,
    search: state[keys.search],
    region: state.region,
    status: state.status,
  };
}

/** Without undefined and default values, so URLs and storage stay short. */
export function compact(state: AccountFilter): AccountFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined || value === '') continue;
    if ((key === 'pageEmployee' || key === 'pageTDV') && value === 1) continue;
    if ((key === 'limitEmployee' || key === 'limitTDV') && value === 10) continue;
    out[key] = value;
  }
  return out as AccountFilter;
}

/** The state after a list changed: its page/limit/search and the shared region/status. */
export function withList(state: AccountFilter, kind: StaffKind, filter: StaffListFilter): AccountFilter {
  const keys = KEYS[kind];
  return compact({
    ...state,
    [keys.page]: filter.page,
    [keys.limit]: filter.limit,
    [keys.search]: filter.search?.trim() || undefined,
    region: filter.region,
    status: filter.status,
  });
}

export type StaffFilterPatch = Partial<Omit<StaffListFilter, 'page'>>;

/** A change of search, region, status or page size goes back to page 1 (product-spec.md §4). */
export function applyFilterChange(filter: StaffListFilter, patch: StaffFilterPatch): StaffListFilter {
  const next = { ...filter, ...patch, page: 1 };
  if (!next.search?.trim()) next.search = undefined;
  return next;
}

/** Only the fields of one list, for its URL. */
export function urlPart(state: AccountFilter, kind: StaffKind): AccountFilter {
  const keys = listKeys(kind);
  return compact(Object.fromEntries(Object.entries(state).filter(([key]) => keys.includes(key as keyof AccountFilter))) as AccountFilter);
}

/** Query parameters of GET employee/ for a list. */
export function toListQuery(companyId: number, kind: StaffKind, filter: StaffListFilter): EmployeeListParams {
  return {
    company: companyId,
    kind,
    page: String(filter.page),
    limit: String(filter.limit),
    search: filter.search?.trim() || undefined,
    region: filter.region,
    status: filter.status,
  };
}

const STORAGE_KEY = 'savedFilter:account';

/** The saved state; anything unreadable (an older shape, a hand-edited value) reads as empty. */
export function readSavedAccountFilter(): AccountFilter {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? compact(v.parse(AccountFilterSchema, JSON.parse(raw))) : {};
  } catch {
    return {};
  }
}

export function saveAccountFilter(state: AccountFilter): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(compact(state)));
  } catch {
    // Storage full or blocked: the URL still holds the list's state.
  }
}

/**
 * On arriving at a list: with its fields in the URL, the URL wins (and is merged into the saved
 * state); with a bare URL, the saved state's part for this list, or null when there is nothing.
 */
export function filterToRestore(search: Record<string, unknown>, saved: AccountFilter, kind: StaffKind): AccountFilter | null {
  if (Object.keys(search).length > 0) return null;
  const part = urlPart(saved, kind);
  return Object.keys(part).length > 0 ? part : null;
}
