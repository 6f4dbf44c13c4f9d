/**
 * What a programme's scope is chosen from: the catalogue's categories and brands, the customer
 * groups and levels, the sales regions (each the select list its own screen uses), and the variants
 * of the device's catalogue mirror (searched as the order screen searches it, and looked up by id to
 * name the variants a programme holds). A list the member's role may not read (403) stays empty
 * rather than sending them to /403: the rest of the form still works.
 */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { customerPaths, type CustomerLevelRecord, type CustomerTypeRecord } from '@contract/customers';
import { productPaths, type SelectOption, type VariantRecord } from '@contract/products';
import { regionPaths, type RegionRecord } from '@contract/regions';
import { apiData } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { useVariantSearch, useVariantsById } from '@/db/live-lookups';
import { variantName } from '@/lib/line-name';

export type Option = { value: string; label: string };
export type ScopeOptions = { categories: Option[]; brands: Option[]; customerTypes: Option[]; levels: Option[]; regions: Option[] };

const read = <T>(path: string, companyId: number, query: Record<string, string | number> = {}) =>
  apiData<T>(path, { query: { company: companyId, ...query }, redirectOnForbidden: false });

function useOptions(companyId: number, name: string, load: () => Promise<Option[]>) {
  return useQuery({
    queryKey: ['promotion-scope', companyId, name],
    enabled: companyId > 0,
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      try {
        return await load();
      } catch {
        return [];
      }
    },
  });
}

const bySelect = (rows: SelectOption[]): Option[] => rows.map((row) => ({ value: String(row.value), label: row.label }));

export function useScopeOptions(db: AppDb, companyId: number): ScopeOptions {
  const categories = useOptions(companyId, 'categories', async () =>
    bySelect(await read<SelectOption[]>(productPaths.categorySelect, companyId)),
  );
  const brands = useOptions(companyId, 'brands', async () => bySelect(await read<SelectOption[]>(productPaths.brandSelect, companyId)));
  const types = useOptions(companyId, 'customer-types', async () =>
    (await read<CustomerTypeRecord[]>(customerPaths.types, companyId, { limit: 200 }))
      .map((row) => ({ value: String(row.id), label: row.title }))
      .sort((a, b) => a.label.localeCompare(b.label, 'vi')),
  );
  const levels = useOptions(companyId, 'levels', async () =>
    [...(await read<CustomerLevelRecord[]>(customerPaths.levels, companyId))]
      .sort((a, b) => a.rank - b.rank || a.id - b.id)
      .map((row) => ({ value: String(row.id), label: row.title })),
  );
  const regions = useOptions(companyId, 'regions', async () =>
    (await read<RegionRecord[]>(regionPaths.regions, companyId, { limit: 200 })).map((row) => ({
      value: String(row.id),
      label: `${row.name} (${row.code})`,
    })),
  );
  // Offline, the groups and levels the device mirrors.
  const mirroredTypes = useLiveQuery(() => db.customerTypes.where('company').equals(companyId).toArray(), [db, companyId]);
  const mirroredLevels = useLiveQuery(() => db.customerLevels.where('company').equals(companyId).toArray(), [db, companyId]);
  return {
    categories: categories.data ?? [],
    brands: brands.data ?? [],
    customerTypes: types.data?.length ? types.data : (mirroredTypes ?? []).map((row) => ({ value: String(row.id), label: row.title })),
    levels: levels.data?.length ? levels.data : (mirroredLevels ?? []).map((row) => ({ value: String(row.id), label: row.title })),
    regions: regions.data ?? [],
  };
}

/** A variant as the scope and the gift pickers show it. */
export type ScopeVariant = { id: number; sku: string; name: string; baseUnit: string; isMedicine: boolean };

export function scopeVariant(
  variant: Pick<VariantRecord, 'id' | 'code' | 'product_name' | 'name' | 'units' | 'is_medicine'>,
): ScopeVariant {
  const base = [...variant.units].sort((a, b) => a.factor - b.factor)[0];
  return {
    id: variant.id,
    sku: variant.code,
    name: variantName(variant),
    baseUnit: base?.unit ?? '',
    isMedicine: variant.is_medicine,
  };
}

/** Variants matching what is typed, from the device's catalogue (src/db/live-lookups.ts), as the scope lists them. */
export function useScopeVariantSearch(db: AppDb, companyId: number, search: string, limit = 20): ScopeVariant[] | undefined {
  const found = useVariantSearch(db, companyId, search, limit);
  return useMemo(() => (found === null ? [] : found?.map(scopeVariant)), [found]);
}

/** The device's copies of some variants by id (undefined while reading; ids it does not know are missing). */
export function useScopeVariantsById(db: AppDb, companyId: number, ids: readonly number[]): Map<number, ScopeVariant> | undefined {
  const variants = useVariantsById(db, companyId, ids);
  return useMemo(() => variants && new Map([...variants].map(([id, variant]) => [id, scopeVariant(variant)] as const)), [variants]);
}
