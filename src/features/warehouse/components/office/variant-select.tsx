/** One product picked from the device's catalogue by typing (the stock card's product). */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { appDb } from '@/db/app-db';
import { useCatalogueSearch, useDeviceVariants, variantTitle } from '@/features/warehouse/api/device-catalogue';

type Props = { companyId: number; value: number | undefined; onChange: (variant: number | undefined) => void };

export function VariantSelect({ companyId, value, onChange }: Props) {
  const db = appDb();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const results = useCatalogueSearch(db, companyId, debounced, 20);
  const chosen = useDeviceVariants(db, companyId, value ? [value] : []);
  const data = useMemo(() => {
    const list = (results ?? []).map((variant) => ({ value: String(variant.id), label: `${variantTitle(variant)} (${variant.code})` }));
    const current = value ? chosen?.get(value) : undefined;
    return current && !list.some((item) => item.value === String(value)) ? [{ value: String(value), label: `${current.name} (${current.sku})` }, ...list] : list;
  }, [results, chosen, value]);
  return (
    <Select
      label="Sản phẩm"
      placeholder="Tìm sản phẩm…"
      data={data}
      value={value ? String(value) : null}
      onChange={(next) => {
        setSearch('');
        onChange(next ? Number(next) : undefined);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The device has searched already (without diacritics): show its answer as it is.
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={debounced ? 'Không tìm thấy sản phẩm' : 'Gõ tên hoặc mã sản phẩm'}
      data-testid="card-variant"
    />
  );
}
