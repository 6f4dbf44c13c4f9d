/** Picking a variant by typing part of its name, code, ingredient or barcode (the device's catalogue mirror, so it works offline). */
import { useQuery } from '@tanstack/react-query';
import type { VariantRecord } from '@contract/products';
import type { AppDb } from '@/db/app-db';
import { searchLocalVariants } from '@/db/variant-search';
import { SearchedSelect, useSelectSearch } from '@/ui/searched-select';

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
  const { search, setSearch, debounced } = useSelectSearch();
  const found = useQuery({
    queryKey: ['variant-picker', companyId, debounced],
    networkMode: 'always',
    staleTime: 10_000,
    queryFn: () => searchLocalVariants(db, companyId, debounced, 20),
  });
  const rows = found.data ?? [];
  const option = (variant: VariantRecord) => ({ value: String(variant.id), label: variantLabel(variant) });
  return (
    <SearchedSelect
      label={label}
      placeholder={placeholder}
      clearable
      search={search}
      onSearchChange={setSearch}
      found={rows.map(option)}
      chosen={value && option(value)}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange([value, ...rows].find((variant) => variant !== null && String(variant.id) === id) ?? null)}
      nothingFoundMessage={debounced ? 'Không tìm thấy sản phẩm' : 'Gõ để tìm sản phẩm'}
      error={error}
      disabled={disabled}
      data-testid={rest['data-testid']}
    />
  );
}
