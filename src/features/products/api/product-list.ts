/**
 * The product and variant lists, one code path each (like the customer list): the server's answer
 * while it answers, the device's mirror of variants when it does not. The mirror holds variants
 * (50,000 and more), never loaded whole: the in-memory index (src/db/search-index.ts) finds, filters,
 * orders and counts every match, and only the page's rows are read. Offline, products are the
 * mirrored variants grouped by product.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { foldedWords } from '@contract/fold';
import { vietnamDay } from '@contract/price-policy';
import { registrationState } from '@contract/products-drugs';
import { entryRows, type IndexEntry } from '@/db/search-index';
import { productPaths, type ProductRecord, type ScanAnswer, type VariantRecord, type VariantUnit } from '@contract/products';
import { ApiError } from '@/api/api-error';
import { apiData, apiRequest } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { drugFilterFacts, findLocalBarcode, findLocalVariants, type DrugFilterFacts, type VariantFields } from '@/db/variant-search';
import { useAskAgainAfterSync } from '@/sync/ask-again-after-sync';
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
  /** A medicine: promoted only to licensed drug businesses. */
  is_medicine: boolean;
  /** The registration's expiry (docs/pharma.md "The drug master"): the list marks an expired or expiring one. */
  registration_expiry: string | null;
  image_url: string | null;
  updated_at: string;
  variants: VariantRecord[];
};

export type Source = 'server' | 'device';
export type ProductList = { rows: ProductRow[]; count: number; source: Source };
export type VariantList = { rows: VariantRecord[]; count: number; source: Source };

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
    is_medicine: record.is_medicine,
    registration_expiry: record.registration_expiry ?? null,
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
      // Variants mirrored before the flag existed carry none.
      is_medicine: variant.is_medicine === true,
      registration_expiry: variant.registration_expiry ?? null,
      image_url: variant.image_url,
      updated_at: variant.updated_at,
      variants: [variant],
    });
  }
  return [...rows.values()];
}

function matchesFields(row: Pick<VariantRecord, 'brand_id' | 'category_id' | 'group_id'>, filter: ProductFilter): boolean {
  if (filter.brand !== undefined && row.brand_id !== filter.brand) return false;
  if (filter.productCategory !== undefined && row.category_id !== filter.productCategory) return false;
  if (filter.productGroup !== undefined && row.group_id !== filter.productGroup) return false;
  return true;
}

const hasDrugFilter = (filter: ProductFilter) =>
  [filter.prescription, filter.controlledClass, filter.storage, filter.registration].some((value) => value !== undefined);

/** The drug master's filters as the server applies them (server/modules/products/catalogue-lists.ts): medicines only. */
function matchesDrug(drug: DrugFilterFacts, filter: ProductFilter, today: string): boolean {
  if (!drug.is_medicine) return false;
  if (filter.prescription !== undefined && drug.prescription !== (filter.prescription === 'true')) return false;
  if (filter.controlledClass !== undefined && drug.controlled_class !== filter.controlledClass) return false;
  if (filter.storage !== undefined && drug.storage !== filter.storage) return false;
  return filter.registration === undefined || registrationState(drug.registration_expiry, today) === filter.registration;
}

type Entry = IndexEntry<VariantFields>;

/** The mirrored variants matching a filter's search and fields, in name order. */
function findVariants(db: AppDb, companyId: number, filter: ProductFilter): Promise<Entry[]> {
  const today = vietnamDay();
  const drug = hasDrugFilter(filter);
  return findLocalVariants(
    db,
    companyId,
    foldedWords(filter.search),
    (fields) => matchesFields(fields, filter) && (!drug || matchesDrug(drugFilterFacts(fields), filter, today)),
  );
}

/** A variant read whole (a scanned barcode) through the same filters. */
function matchesVariant(variant: VariantRecord, filter: ProductFilter): boolean {
  if (!matchesFields(variant, filter)) return false;
  if (!hasDrugFilter(filter)) return true;
  const drug: DrugFilterFacts = {
    is_medicine: variant.is_medicine === true,
    prescription: variant.prescription ?? false,
    controlled_class: variant.controlled_class ?? 'none',
    storage: variant.storage ?? 'normal',
    registration_expiry: variant.registration_expiry ?? null,
  };
  return matchesDrug(drug, filter, vietnamDay());
}

/** By code or by last change (a time in ms); names keep the index's (folded) order. */
function ordered<T>(items: T[], sort: ProductSort, key: (item: T) => { code: string; updatedAt: number }): T[] {
  if (sort === 'name') return items;
  if (sort === '-name') return items.reverse();
  const field = sort.replace('-', '') === 'code' ? 'code' : 'updatedAt';
  const direction = sort.startsWith('-') ? -1 : 1;
  return items.sort((a, b) => {
    const x = key(a)[field];
    const y = key(b)[field];
    return x === y ? 0 : x < y ? -direction : direction;
  });
}

export async function localProductList(db: AppDb, companyId: number, filter: ProductFilter): Promise<ProductList> {
  const found = await findVariants(db, companyId, filter);
  // Products in the order of their first variant by name; a product's last change is its variants' latest.
  const products = new Map<number, { id: number; code: string; updatedAt: number; variants: Entry[] }>();
  for (const entry of found) {
    const { product_id, product_code, updatedAt } = entry.fields;
    const product = products.get(product_id);
    if (!product) products.set(product_id, { id: product_id, code: product_code, updatedAt, variants: [entry] });
    else {
      product.variants.push(entry);
      if (updatedAt > product.updatedAt) product.updatedAt = updatedAt;
    }
  }
  const start = (filter.page - 1) * filter.limit;
  const page = ordered([...products.values()], filter.ordering ?? DEFAULT_SORT, (product) => product).slice(start, start + filter.limit);
  // Read product by product, so grouping keeps the page's order.
  const rows = groupByProduct(
    await entryRows(
      db.variants,
      page.flatMap((product) => product.variants),
    ),
  );
  for (const row of rows) row.variants.sort((a, b) => a.name.localeCompare(b.name, 'vi') || a.id - b.id);
  return { rows, count: products.size, source: 'device' };
}

export async function serverProductList(companyId: number, filter: ProductFilter): Promise<ProductList> {
  const { barcode: _barcode, ...query } = toProductQuery(companyId, filter);
  const answer = await apiRequest<ProductRecord[]>(productPaths.products, { query });
  return { rows: answer.data.map(rowFromRecord), count: answer.count ?? answer.data.length, source: 'server' };
}

const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetwork;

export function useProductList(db: AppDb, companyId: number, filter: ProductFilter) {
  const queryKey = productKeys.list(companyId, filter);
  useAskAgainAfterSync(queryKey);
  return useQuery({
    queryKey,
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
    const rows = hit && matchesVariant(hit.variant, filter) ? [hit.variant] : [];
    return { rows: rows.slice(start, start + filter.limit), count: rows.length, source: 'device' };
  }
  const found = ordered(await findVariants(db, companyId, filter), filter.ordering ?? DEFAULT_SORT, (entry) => entry.fields);
  return { rows: await entryRows(db.variants, found.slice(start, start + filter.limit)), count: found.length, source: 'device' };
}

export async function serverVariantList(companyId: number, filter: VariantFilter, wholesale: boolean): Promise<VariantList> {
  const answer = await apiRequest<VariantRecord[]>(wholesale ? productPaths.wholesale : productPaths.variants, {
    query: toProductQuery(companyId, filter),
  });
  return { rows: answer.data, count: answer.count ?? answer.data.length, source: 'server' };
}

export function useVariantList(db: AppDb, companyId: number, filter: VariantFilter, wholesale: boolean) {
  const queryKey = [...productKeys.variants(companyId, filter), wholesale];
  useAskAgainAfterSync(queryKey);
  return useQuery({
    queryKey,
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
