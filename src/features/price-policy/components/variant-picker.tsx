/** Picking a variant by typing part of its name, code, ingredient or barcode (the device's catalogue mirror, so it works offline). */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { VariantRecord } from '@contract/products';
import type { AppDb } from '@/db/app-db';
import { searchLocalVariants } from '@/db/variant-search';

export const variantLabel = (variant: Pick<VariantRecord, 'product_name' | 'name' | 'code'>) =>
  `${variant.product_name}${variant.name ? ` – ${variant.name}` : ''} (${variant.code})`;

type Props = {
  db: AppDb;
  companyId: number;
  value: VariantRecord | null;
  onChange: (variant: VariantRecord | null) => void;
  label?: string;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  'data-testid'?: string;
};

export function VariantPicker({
  db,
  companyId,
  value,
  onChange,
  label,
  placeholder = 'Gõ tên, mã hoặc hoạt chất…',
  error,
  disabled,
  ...rest
}: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const found = useQuery({
    queryKey: ['variant-picker', companyId, debounced],
    networkMode: 'always',
    staleTime: 10_000,
    queryFn: () => searchLocalVariants(db, companyId, debounced, 20),
  });
  const rows = found.data ?? [];
  const options = [...(value && !rows.some((row) => row.id === value.id) ? [value] : []), ...rows];
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The index already matched: Mantine's own label filter would hide diacritic-free matches.
      filter={({ options: all }) => all}
      data={options.map((variant) => ({ value: String(variant.id), label: variantLabel(variant) }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(options.find((variant) => String(variant.id) === id) ?? null)}
      nothingFoundMessage={debounced ? 'Không tìm thấy sản phẩm' : 'Gõ để tìm sản phẩm'}
      error={error}
      disabled={disabled}
      data-testid={rest['data-testid']}
    />
  );
}
