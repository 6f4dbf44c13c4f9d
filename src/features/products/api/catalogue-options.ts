/**
 * Brands, categories, groups and units: the select lists the filters and the product form use
 * (the last list seen is kept on the device, so filters still read offline), and the paged lists
 * with add, rename and delete of the management page. The server refuses to delete one still in use
 * and says why; the caller shows its message.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { productPaths, type CatalogueOption, type SelectOption, type UnitOption, type UnitSelectOption } from '@contract/products';
import { ApiError } from '@/api/api-error';
import { apiData, apiRequest } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { readMeta, writeMeta } from '@/db/device';
import { productKeys } from './product-keys';

import type { OptionKind } from '../model/option-kinds';
import { fetchPage } from '@/api/pages';
import { pageQuery } from '@/lib/page-query';
import { deleteRecord } from '@/api/delete-record';
import { refreshAfterWrite } from '@/sync/refresh-after-write';

export { OPTION_KINDS, OPTION_LABELS, type OptionKind } from '../model/option-kinds';

const PATHS: Record<OptionKind, { list: string; one: (id: number) => string; select: string }> = {
  brand: { list: productPaths.brands, one: productPaths.brand, select: productPaths.brandSelect },
  category: { list: productPaths.categories, one: productPaths.category, select: productPaths.categorySelect },
  group: { list: productPaths.groups, one: productPaths.group, select: productPaths.groupSelect },
  unit: { list: productPaths.units, one: productPaths.unit, select: `${productPaths.units}select/` },
};

/** A select row as Mantine wants it; units are stored on variants by name, so their value is the name. */
export type PickerOption = { value: string; label: string };

const metaKey = (companyId: number, kind: OptionKind) => `products.options.${kind}.${companyId}`;
const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetwork;

async function fetchSelect(db: AppDb, companyId: number, kind: OptionKind): Promise<PickerOption[]> {
  try {
    const answer = await apiData<(SelectOption | UnitSelectOption)[]>(PATHS[kind].select, { query: { company: companyId } });
    const options = answer.map((option) => ({ value: String(option.value), label: option.label }));
    await writeMeta(db, metaKey(companyId, kind), options);
    return options;
  } catch (error) {
    if (isNetwork(error)) return (await readMeta<PickerOption[]>(db, metaKey(companyId, kind))) ?? [];
    throw error;
  }
}

export function useSelectOptions(db: AppDb, companyId: number, kind: OptionKind) {
  return useQuery({
    queryKey: productKeys.options(companyId, kind),
    enabled: companyId > 0,
    staleTime: 60_000,
    retry: false,
    networkMode: 'always',
    queryFn: () => fetchSelect(db, companyId, kind),
  });
}

/** The three filter lists at once, with a name lookup for each. */
export function useProductFilterOptions(db: AppDb, companyId: number) {
  const brands = useSelectOptions(db, companyId, 'brand');
  const categories = useSelectOptions(db, companyId, 'category');
  const groups = useSelectOptions(db, companyId, 'group');
  return useMemo(
    () => ({ brands: brands.data ?? [], categories: categories.data ?? [], groups: groups.data ?? [] }),
    [brands.data, categories.data, groups.data],
  );
}

export type OptionRow = CatalogueOption | UnitOption;
export type OptionPage = { rows: OptionRow[]; count: number };

export function useOptionList(companyId: number, kind: OptionKind, query: { search: string; page: number; limit: number }) {
  return useQuery({
    queryKey: productKeys.optionList(companyId, kind, query),
    enabled: companyId > 0,
    retry: false,
    networkMode: 'always',
    placeholderData: keepPreviousData,
    queryFn: (): Promise<OptionPage> => fetchPage<OptionRow>(PATHS[kind].list, { query: pageQuery(companyId, query) }),
  });
}

export function useOptionWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    // Renames show on products too (brand names, unit names on variants).
    const refresh = (kind: OptionKind) =>
      refreshAfterWrite(queryClient, [['product-options', companyId, kind], productKeys.all(companyId)]);
    return {
      async create(kind: OptionKind, title: string): Promise<string | undefined> {
        const answer = await apiRequest<CatalogueOption>(PATHS[kind].list, { method: 'POST', body: { company: companyId, title } });
        await refresh(kind);
        return answer.message;
      },
      async rename(kind: OptionKind, id: number, title: string): Promise<string | undefined> {
        const answer = await apiRequest<CatalogueOption>(PATHS[kind].one(id), { method: 'PUT', body: { company: companyId, title } });
        await refresh(kind);
        return answer.message;
      },
      async remove(kind: OptionKind, id: number): Promise<string | undefined> {
        const answer = await deleteRecord(PATHS[kind].one(id), companyId);
        await refresh(kind);
        return answer.message;
      },
    };
  }, [companyId, queryClient]);
}
