/**
 * The product and variant lists, one code path each (like the customer list): the server's answer
 * while it answers, the device's mirror of variants when it does not. The mirror holds variants
 * (up to 50,000 and more), never loaded whole: search goes through the folded-word index, an empty
 * search walks the name index, other filters apply to the rows those yield, and the walk stops as
 * soon as a few pages of products are found. Offline, products are the mirrored variants grouped by
 * product, and the count is a lower bound.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { foldedWords } from '../../../../contract/fold';
import { productPaths, type ProductRecord, type ScanAnswer, type VariantRecord, type VariantUnit } from '../../../../contract/product';
import { ApiError } from '../../../api/api-error';
import { apiData, apiRequest } from '../../../api/client';
import type { AppDb, LocalVariant } from '../../../db/app-db';
import { findLocalBarcode } from '../../../db/variant-search';
import { wordMatches } from '../../../db/word-search';
import { useSyncStatus } from '../../../sync/sync-status';
import { DEFAULT_SORT, toProductQuery, type ProductFilter, type ProductSort, type VariantFilter } from '../model/product-filter';
import { productKeys } from './product-keys';

/** A product as the list shows it, from the server's record or from its mirrored variants. */
export type ProductRow = {
  id: number;
  code: string;
  name: string;
  active_ingredient: string | null;
  strength: string | null;
  registration_number: string | null;
  manufacturer: string | null;
  country: string | null;
  brand_name: string | null;
  category_name: string | null;
  group_name: string | null;
  is_active: boolean;
  image_url: string | null;
  updated_at: string;
  variants: VariantRecord[];
};

export type Source = 'server' | 'device';
export type ProductList = { rows: ProductRow[]; count: number; source: Source };
export type VariantList = { rows: VariantRecord[]; count: number; source: Source };

/** How many pages ahead the device counts: enough for the pager, never a scan of the whole mirror. */
const PAGES_AHEAD = 5;

export function rowFromRecord(record: ProductRecord): ProductRow {
  return {
    id: record.id,
    code: record.code,
    name: record.name,
    active_ingredient: record.active_ingredient,
    strength: record.strength,
    registration_number: record.registration_number,
    manufacturer: record.manufacturer,
    country: record.country,
    brand_name: record.brand_name,
    category_name: record.category_name,
    group_name: record.group_name,
    is_active: record.is_active,
    image_url: record.images[0]?.url ?? null,
    updated_at: record.updated_at,
    variants: record.variants,
  };
}

/** Variants grouped by product, products in the order their first variant comes. */
export function groupByProduct(variants: readonly VariantRecord[]): ProductRow[] {
  const rows = new Map<number, ProductRow>();
  for (const variant of variants) {
    const row = rows.get(variant.product_id);
    if (row) {
      row.variants.push(variant);
      row.is_active ||= variant.is_active;
      if (variant.updated_at > row.updated_at) row.updated_at = variant.updated_at;
      continue;
    }
    rows.set(variant.product_id, {
      id: variant.product_id,
      code: variant.product_code,
      name: variant.product_name,
      active_ingredient: variant.active_ingredient,
      strength: variant.strength,
      registration_number: variant.registration_number,
      manufacturer: variant.manufacturer,
      country: variant.country,
      brand_name: variant.brand_name,
      category_name: variant.category_name,
      group_name: variant.group_name,
      is_active: variant.is_active,
      image_url: variant.image_url,
      updated_at: variant.updated_at,
      variants: [variant],
    });
  }
  return [...rows.values()];
}

function matchesFields(row: VariantRecord, filter: ProductFilter): boolean {
  if (filter.brand !== undefined && row.brand_id !== filter.brand) return false;
  if (filter.productCategory !== undefined && row.category_id !== filter.productCategory) return false;
  if (filter.productGroup !== undefined && row.group_id !== filter.productGroup) return false;
  return true;
}

/**
 * The variants matching a filter, in index order (name, or word-index order when searching); null
 * when a typed word matches nothing.
 */
async function localCollection(db: AppDb, companyId: number, filter: ProductFilter) {
  const words = foldedWords(filter.search);
  const searching = words.length > 0;
  const base = searching
    ? await wordMatches(db.variants, companyId, words)
    : db.variants.where('[company+nameFold]').between([companyId, ''], [companyId, '\uffff']);
  if (!base) return null;
  const ordered = !searching && filter.ordering === '-name' ? base.reverse() : base;
  return { collection: ordered.filter((row) => matchesFields(row, filter)), searching };
}

function compareBy(sort: ProductSort) {
  const direction = sort.startsWith('-') ? -1 : 1;
  const field = sort.replace('-', '') as 'name' | 'code' | 'updated_at';
  return (a: { name: string; code: string; updated_at: string }, b: { name: string; code: string; updated_at: string }) =>
    direction * (a[field].localeCompare(b[field], 'vi') || a.code.localeCompare(b.code));
}

export async function localProductList(db: AppDb, companyId: number, filter: ProductFilter): Promise<ProductList> {
  const local = await localCollection(db, companyId, filter);
  if (!local) return { rows: [], count: 0, source: 'device' };
  const { collection } = local;
  const start = (filter.page - 1) * filter.limit;
  const wanted = start + filter.limit * PAGES_AHEAD;
  const products = new Set<number>();
  const variants: LocalVariant[] = [];
  // Stop at the first variant of a product beyond the window.
  await collection
    .until((row) => !products.has(row.product_id) && products.size >= wanted)
    .each((row) => {
      products.add(row.product_id);
      variants.push(row);
    });
  const grouped = groupByProduct(variants).sort(compareBy(filter.ordering ?? DEFAULT_SORT));
  for (const row of grouped) row.variants.sort((a, b) => a.name.localeCompare(b.name, 'vi') || a.id - b.id);
  return { rows: grouped.slice(start, start + filter.limit), count: grouped.length, source: 'device' };
}

export async function serverProductList(companyId: number, filter: ProductFilter): Promise<ProductList> {
  const { barcode: _barcode, ...query } = toProductQuery(companyId, filter);
  const answer = await apiRequest<ProductRecord[]>(productPaths.products, { query });
  return { rows: answer.data.map(rowFromRecord), count: answer.count ?? answer.data.length, source: 'server' };
}

const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetwork;

export function useProductList(db: AppDb, companyId: number, filter: ProductFilter) {
  const { lastSyncedAt } = useSyncStatus();
  return useQuery({
    queryKey: [...productKeys.list(companyId, filter), lastSyncedAt],
    enabled: companyId > 0,
    queryFn: async () => {
      try {
        return await serverProductList(companyId, filter);
      } catch (error) {
        if (isNetwork(error)) return localProductList(db, companyId, filter);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
    // The query falls back to the device itself: it must run offline, not wait paused for a network.
    networkMode: 'always',
  });
}

export async function localVariantList(db: AppDb, companyId: number, filter: VariantFilter): Promise<VariantList> {
  const start = (filter.page - 1) * filter.limit;
  if (filter.barcode?.trim()) {
    const hit = await findLocalBarcode(db, companyId, filter.barcode);
    const rows = hit && matchesFields(hit.variant, filter) ? [hit.variant] : [];
    return { rows: rows.slice(start, start + filter.limit), count: rows.length, source: 'device' };
  }
  const local = await localCollection(db, companyId, filter);
  if (!local) return { rows: [], count: 0, source: 'device' };
  const { collection, searching } = local;
  const window = await collection.limit(start + filter.limit * PAGES_AHEAD).toArray();
  const sort = filter.ordering ?? DEFAULT_SORT;
  const ordered =
    searching || (sort !== 'name' && sort !== '-name')
      ? window.sort((a, b) =>
          compareBy(sort)(
            { name: `${a.product_name} ${a.name}`, code: a.code, updated_at: a.updated_at },
            { name: `${b.product_name} ${b.name}`, code: b.code, updated_at: b.updated_at },
          ),
        )
      : window;
  return { rows: ordered.slice(start, start + filter.limit), count: window.length, source: 'device' };
}

export async function serverVariantList(companyId: number, filter: VariantFilter, wholesale: boolean): Promise<VariantList> {
  const answer = await apiRequest<VariantRecord[]>(wholesale ? productPaths.wholesale : productPaths.variants, {
    query: toProductQuery(companyId, filter),
  });
  return { rows: answer.data, count: answer.count ?? answer.data.length, source: 'server' };
}

export function useVariantList(db: AppDb, companyId: number, filter: VariantFilter, wholesale: boolean) {
  const { lastSyncedAt } = useSyncStatus();
  return useQuery({
    queryKey: [...productKeys.variants(companyId, filter), wholesale, lastSyncedAt],
    enabled: companyId > 0,
    queryFn: async () => {
      try {
        return await serverVariantList(companyId, filter, wholesale);
      } catch (error) {
        if (isNetwork(error)) return localVariantList(db, companyId, filter);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
    networkMode: 'always',
  });
}

export type BarcodeHit = { variant: VariantRecord; unit: VariantUnit; source: Source };

/** What a scanned code names: the server's answer online, the device's mirror offline; null when nobody knows it. */
export async function lookupBarcode(db: AppDb, companyId: number, barcode: string): Promise<BarcodeHit | null> {
  const code = barcode.trim();
  if (!code) return null;
  try {
    const answer = await apiData<ScanAnswer>(productPaths.scan, { query: { company: companyId, barcode: code } });
    return { ...answer, source: 'server' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (!isNetwork(error)) throw error;
    const hit = await findLocalBarcode(db, companyId, code);
    return hit ? { ...hit, source: 'device' } : null;
  }
}

/** One product for the edit form (online only: catalogue editing is office work). */
export function useProductDetail(companyId: number, id: number) {
  return useQuery({
    queryKey: productKeys.detail(companyId, id),
    enabled: companyId > 0 && id > 0,
    retry: false,
    networkMode: 'always',
    // The form takes its values once; a refetch must not reset what is being typed.
    staleTime: Infinity,
    queryFn: () => apiData<ProductRecord>(productPaths.product(id), { query: { company: companyId } }),
  });
}
