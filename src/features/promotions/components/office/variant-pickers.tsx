/**
 * Picking variants from the device's catalogue by typing part of a name, code, ingredient or
 * barcode (the same search as the order screen's, without diacritics): one variant held as a
 * value (a tier's gift), or variants added one by one to a list (a programme's goods).
 */
import { appDb } from '@/db/app-db';
import { SearchedSelect, useSelectSearch } from '@/ui/searched-select';
import { useVariantSearch, useVariantsById, type ScopeVariant } from '@/features/promotions/api/scope-options';

export const variantOptionLabel = (variant: ScopeVariant) => `${variant.name} (${variant.sku})`;

type Props = {
  companyId: number;
  label?: string;
  placeholder?: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  'data-testid'?: string;
};

function useSearchOptions(companyId: number) {
  const typed = useSelectSearch({ trim: true });
  const found = useVariantSearch(appDb(), companyId, typed.debounced);
  return { ...typed, found: found ?? [] };
}

/** One variant as the value (null: none chosen); cleared with the × of the field. */
export function VariantSelect({
  companyId,
  value,
  onChange,
  ...props
}: Props & { value: number | null; onChange: (id: number | null) => void }) {
  const { search, setSearch, debounced, found } = useSearchOptions(companyId);
  const chosen = useVariantsById(appDb(), companyId, value === null ? [] : [value]);
  const current = value === null ? undefined : chosen?.get(value);
  return (
    <SearchedSelect
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? 'Gõ tên, mã hoặc hoạt chất…'}
      found={found.map((variant) => ({ value: String(variant.id), label: variantOptionLabel(variant) }))}
      chosen={value === null ? null : { value: String(value), label: current ? variantOptionLabel(current) : `Sản phẩm #${value}` }}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        setSearch('');
        onChange(next ? Number(next) : null);
      }}
      search={search}
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage={debounced ? 'Không tìm thấy sản phẩm' : 'Gõ để tìm sản phẩm'}
      error={props.error}
      disabled={props.disabled}
      data-testid={props['data-testid']}
    />
  );
}

/** A search field that adds the variant picked to a list (the ones already in it are marked). */
export function VariantAdder({
  companyId,
  chosen,
  onAdd,
  ...props
}: Props & { chosen: readonly number[]; onAdd: (variant: ScopeVariant) => void }) {
  const { search, setSearch, debounced, found } = useSearchOptions(companyId);
  return (
    <SearchedSelect
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? 'Thêm sản phẩm: gõ tên, mã hoặc hoạt chất…'}
      found={found.map((variant) => ({
        value: String(variant.id),
        label: `${variantOptionLabel(variant)}${chosen.includes(variant.id) ? ' ✓' : ''}`,
      }))}
      value={null}
      onChange={(next) => {
        const variant = found.find((row) => String(row.id) === next);
        if (variant) onAdd(variant);
        setSearch('');
      }}
      search={search}
      onSearchChange={setSearch}
      nothingFoundMessage={debounced ? 'Không tìm thấy sản phẩm' : 'Gõ để tìm sản phẩm'}
      error={props.error}
      disabled={props.disabled}
      data-testid={props['data-testid']}
    />
  );
}
