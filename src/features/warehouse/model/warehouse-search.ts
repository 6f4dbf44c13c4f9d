/**
 * The warehouse screens' state in the URL (product-spec.md §2 "Warehouse", §3 filters): which tab
 * of /warehouse or /inventory is open and the filter of the list in it. Read here, in the pages'
 * own chunk, rather than in a route's validateSearch (which ships with /login's entry). Anything
 * malformed is dropped; defaults (page 1, limit 10, the first tab) stay out of the URL.
 */
import { EXPIRY_WINDOWS, type ExpiryWindow } from '@contract/warehouse-ledger';
import { LOT_STATUSES, RECEIPT_STATUSES, type LotStatus, type ReceiptStatus } from '@contract/warehouse-status';

/** The tabs of /warehouse (the WAREHOUSE service on), in the menu's order. */
export const HUB_TABS = [
  'stock',
  'import',
  'export',
  'transfer',
  'check',
  'lots',
  'card',
  'periods',
  'warehouses',
  'reasons',
  'settings',
] as const;
export type HubTab = (typeof HUB_TABS)[number];

/** /inventory with the service off: the stock view and what works on the one default warehouse. */
export const INVENTORY_TABS: readonly HubTab[] = ['stock', 'check', 'lots', 'card', 'periods', 'settings'];

export const HUB_TAB_LABELS: Record<HubTab, string> = {
  stock: 'Tồn kho',
  import: 'Nhập kho',
  export: 'Xuất kho',
  transfer: 'Chuyển kho',
  check: 'Kiểm kho',
  lots: 'Lô hàng',
  card: 'Thẻ kho / Nhập-xuất-tồn',
  periods: 'Kỳ kế toán',
  warehouses: 'Danh sách kho',
  reasons: 'Lý do chuyển kho',
  settings: 'Thiết lập',
};

export const WAREHOUSE_PAGE_SIZES = [10, 20, 50, 100] as const;

export type WarehouseFilter = {
  page: number;
  limit: number;
  search?: string;
  /** Receipt lists. */
  status?: ReceiptStatus;
  /** A warehouse, every warehouse ('all'), or none given: the person's active warehouse. */
  warehouse?: number | 'all';
  /** ISO days: receipt lists, the stock card and xuất-nhập-tồn. */
  from?: string;
  to?: string;
  /** Stock and lots: lots expiring within this many days (expired ones included). */
  expiring?: ExpiryWindow;
  lot_status?: LotStatus;
  /** Stock: rows with something on hand only. */
  in_stock?: boolean;
  /** Stock card: the variant and (optionally) its lot; `mode` picks the card or the summary. */
  variant?: number;
  lot?: number;
  mode?: 'card' | 'summary';
  /** Lots: the lot whose detail is open. */
  open?: number;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const id = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
};
const day = (value: unknown) => (typeof value === 'string' && ISO_DAY.test(value) ? value : undefined);
const oneOf = <T extends string | number>(list: readonly T[], value: unknown): T | undefined =>
  list.find((item) => String(item) === String(value));

export function parseTab(value: unknown, tabs: readonly HubTab[]): HubTab {
  return oneOf(tabs, value) ?? tabs[0]!;
}

export function parseWarehouseFilter(search: Record<string, unknown>): WarehouseFilter {
  const limit = oneOf(WAREHOUSE_PAGE_SIZES, search.limit) ?? 10;
  const text = typeof search.search === 'string' ? search.search.trim().slice(0, 100) : '';
  const from = day(search.from);
  const to = day(search.to);
  const filter: WarehouseFilter = {
    page: id(search.page) ?? 1,
    limit,
    search: text || undefined,
    status: oneOf(RECEIPT_STATUSES, search.status),
    warehouse: search.warehouse === 'all' ? 'all' : id(search.warehouse),
    // A reversed range is put in order.
    from: from && to && from > to ? to : from,
    to: from && to && from > to ? from : to,
    expiring: oneOf(EXPIRY_WINDOWS, search.expiring),
    lot_status: oneOf(LOT_STATUSES, search.lot_status),
    in_stock: search.in_stock === true || search.in_stock === 'true' ? true : undefined,
    variant: id(search.variant),
    lot: id(search.lot),
    mode: oneOf(['card', 'summary'] as const, search.mode),
    open: id(search.open),
  };
  return compactFilter(filter) as WarehouseFilter;
}

/** The filter without empty values and defaults, as the URL carries it. */
export function compactFilter(filter: WarehouseFilter): Partial<WarehouseFilter> {
  const entries = Object.entries(filter).filter(([key, value]) => {
    if (value === undefined || value === '' || value === null) return false;
    if (key === 'page') return value !== 1;
    if (key === 'limit') return value !== 10;
    return true;
  });
  return { page: 1, limit: 10, ...Object.fromEntries(entries) };
}

/** The URL search of a tab and its filter (the defaults left out). */
export function urlSearch(tab: HubTab | undefined, filter: WarehouseFilter): Record<string, unknown> {
  const { page, limit, ...rest } = compactFilter(filter);
  return { ...(tab ? { tab } : {}), ...(page !== 1 ? { page } : {}), ...(limit !== 10 ? { limit } : {}), ...rest };
}

/** The warehouse a list asks for: the chosen one, none for 'all', else the active warehouse (if any). */
export function warehouseParam(filter: Pick<WarehouseFilter, 'warehouse'>, active: number | null): number | undefined {
  if (filter.warehouse === 'all') return undefined;
  return filter.warehouse ?? active ?? undefined;
}

/** How many of a list's drop-down filters are set (the phone's "Bộ lọc" badge). */
export function activeFilterCount(filter: WarehouseFilter, fields: readonly (keyof WarehouseFilter)[]): number {
  return fields.filter((field) => filter[field] !== undefined).length;
}
