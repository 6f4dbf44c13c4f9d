/**
 * The product and variant lists' filter state (product-spec.md §3 "Product … filter page, limit, search,
 * brand, productCategory, productGroup", and the drug master's, docs/pharma.md), kept in the URL so a reload or a shared link shows the
 * same list, and saved per section (product-spec.md §3 "Per-section saved filters", §2 guard rule 4) so coming
 * back to /product from a product's page finds the list as it was left. Defaults: page 1, limit 10.
 */
import * as v from 'valibot';
import type { PRODUCT_SORTS as CONTRACT_SORTS } from '@contract/products';
import type { ControlledClass, StorageCondition } from '@contract/pharma';
import type { RegistrationState } from '@contract/products-drugs';
import { pageQuery } from '@/lib/page-query';
import { pageFields, searchField, type SavedFilterSlot } from '@/ui/list-page/url-filter';

/**
 * The contract's orderings (PRODUCT_SORTS), by type only: this module runs in the routes' URL
 * validation, which ships with the app's entry, so it must not pull the contract's schemas in.
 */
export type ProductSort = (typeof CONTRACT_SORTS)[number];

/** Every ordering with its label: the type makes a missing or unknown one a compile error. */
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  name: 'Tên A → Z',
  '-name': 'Tên Z → A',
  code: 'Mã tăng dần',
  '-code': 'Mã giảm dần',
  '-updated_at': 'Mới cập nhật',
  updated_at: 'Cập nhật lâu nhất',
};

export const PRODUCT_SORTS = Object.keys(PRODUCT_SORT_LABELS) as ProductSort[];

export const DEFAULT_SORT: ProductSort = 'name';

/**
 * The drug master's filter values (docs/pharma.md), by type only for the same reason: each record must
 * name every value of the contract's list (CONTROLLED_CLASSES, STORAGE_CONDITIONS, REGISTRATION_STATES).
 */
const CONTROLLED: Record<ControlledClass, true> = { none: true, addictive: true, psychotropic: true, precursor: true, restricted: true };
const STORAGE: Record<StorageCondition, true> = { normal: true, cool: true, cold: true, frozen: true };
const REGISTRATION: Record<RegistrationState, true> = { expired: true, expiring: true };
const keysOf = <K extends string>(record: Record<K, true>) => Object.keys(record) as [K, ...K[]];

const optionalId = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))), undefined);
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return v.fallback(v.optional(v.picklist(values)), undefined);
}
const optionalText = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max))), undefined);

const filterEntries = {
  ...pageFields(),
  search: searchField,
  brand: optionalId,
  productCategory: optionalId,
  productGroup: optionalId,
  // The drug master's filters (docs/pharma.md); the server checks the same values (contract/products-drugs.ts).
  prescription: oneOf(['true', 'false'] as const),
  controlledClass: oneOf(keysOf(CONTROLLED)),
  storage: oneOf(keysOf(STORAGE)),
  registration: oneOf(keysOf(REGISTRATION)),
  ordering: v.fallback(v.optional(v.picklist(PRODUCT_SORTS)), undefined),
};

export const ProductFilterSchema = v.object(filterEntries);
export type ProductFilter = v.InferOutput<typeof ProductFilterSchema>;

/** /product/variant: the same filters plus an exact barcode (VariantListQuery). */
export const VariantFilterSchema = v.object({ ...filterEntries, barcode: optionalText(64) });
export type VariantFilter = v.InferOutput<typeof VariantFilterSchema>;

export const DEFAULT_FILTER: ProductFilter = { page: 1, limit: 10 };

/** Query parameters of GET product/ (and variant/, product/export/) for a filter. */
export function toProductQuery(companyId: number, filter: ProductFilter | VariantFilter) {
  return {
    ...pageQuery(companyId, filter),
    brand: filter.brand,
    category: filter.productCategory,
    group: filter.productGroup,
    prescription: filter.prescription,
    controlled_class: filter.controlledClass,
    storage: filter.storage,
    registration: filter.registration,
    ordering: filter.ordering ?? DEFAULT_SORT,
    barcode: 'barcode' in filter ? filter.barcode?.trim() || undefined : undefined,
  };
}

/** The filter fields a person changes; any of them sends the list back to page 1 (product-spec.md §4). */
export type FilterPatch<F extends ProductFilter> = Partial<Omit<F, 'page'>>;

/** The next filter after a change: the patch applied, page back to 1, empty values dropped. */
export function applyFilterChange<F extends ProductFilter>(filter: F, patch: FilterPatch<F>): F {
  const next = { ...filter, ...patch, page: 1 } as F;
  if (!next.search?.trim()) next.search = undefined;
  if (next.ordering === DEFAULT_SORT) next.ordering = undefined;
  if ('barcode' in next && !(next as VariantFilter).barcode?.trim()) (next as VariantFilter).barcode = undefined;
  return next;
}

/** The drop-down filters: brand, category, group and the drug master's. */
export const SELECT_FILTERS = [
  'brand',
  'productCategory',
  'productGroup',
  'prescription',
  'controlledClass',
  'storage',
  'registration',
] as const;

/** How many of the drop-down filters are set. */
export function activeFilterCount(filter: ProductFilter): number {
  return SELECT_FILTERS.filter((field) => filter[field] !== undefined).length;
}

/** True when nothing differs from the defaults (page 1, limit 10, no search, no filter, name order). */
export function isDefaultFilter(filter: ProductFilter | VariantFilter): boolean {
  return (
    filter.page === 1 &&
    filter.limit === 10 &&
    !filter.search &&
    activeFilterCount(filter) === 0 &&
    (filter.ordering ?? DEFAULT_SORT) === DEFAULT_SORT &&
    !('barcode' in filter && filter.barcode)
  );
}

/** What the product section saves (one slot per section, product-spec.md §3): the state of each of its lists. */
export type SavedProductFilters = { products?: ProductFilter; variants?: VariantFilter };

/** A saved slot read back: anything unreadable (an older shape, a hand-edited value) is dropped. */
export function readSavedLists(saved: unknown): SavedProductFilters {
  if (!saved || typeof saved !== 'object') return {};
  const slot = saved as Record<string, unknown>;
  const products = v.safeParse(ProductFilterSchema, slot.products ?? null);
  const variants = v.safeParse(VariantFilterSchema, slot.variants ?? null);
  return {
    products: products.success && !isDefaultFilter(products.output) ? compact(products.output) : undefined,
    variants: variants.success && !isDefaultFilter(variants.output) ? compact(variants.output) : undefined,
  };
}

/** The slot after one list changed (the other list's state is kept). */
export function withSavedList(saved: unknown, list: 'products' | 'variants', filter: ProductFilter | VariantFilter): SavedProductFilters {
  return { ...readSavedLists(saved), [list]: compact(filter) };
}

/** Without undefined fields, so URLs and storage stay short. */
export function compact<F extends object>(filter: F): F {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as F;
}

/** Where each list of the product section is saved: its part of the section's one slot. */
function listSlot<F extends ProductFilter>(list: 'products' | 'variants'): SavedFilterSlot<F> {
  return {
    section: 'product',
    read: (saved) => (readSavedLists(saved)[list] as F | undefined) ?? null,
    write: (saved, next) => withSavedList(saved, list, next),
  };
}

export const PRODUCT_LIST_SLOT = listSlot<ProductFilter>('products');
export const VARIANT_LIST_SLOT = listSlot<VariantFilter>('variants');
