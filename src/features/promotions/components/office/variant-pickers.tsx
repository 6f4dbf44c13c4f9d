/**
 * Picking variants from the device's catalogue by typing part of a name, code, ingredient or
 * barcode (the same search as the order screen's, without diacritics): one variant held as a
 * value (a tier's gift), or variants added one by one to a list (a programme's goods). Both are the
 * shared variant select (src/ui/variant-picker.tsx).
 */
import { appDb } from '@/db/app-db';
import { useSelectSearch } from '@/ui/searched-select';
import { VariantSelectField } from '@/ui/variant-picker';
import { useScopeVariantSearch, useScopeVariantsById, type ScopeVariant } from '@/features/promotions/api/scope-options';

const variantOptionLabel = (variant: ScopeVariant) => `${variant.name} (${variant.sku})`;

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
  const search = useSelectSearch({ trim: true });
  const found = useScopeVariantSearch(appDb(), companyId, search.debounced);
  return { search, found };
}

/** One variant as the value (null: none chosen); cleared with the × of the field. */
export function VariantSelect({
  companyId,
  value,
  onChange,
  placeholder = 'Gõ tên, mã hoặc hoạt chất…',
  ...props
}: Props & { value: number | null; onChange: (id: number | null) => void }) {
  const { search, found } = useSearchOptions(companyId);
  const chosen = useScopeVariantsById(appDb(), companyId, value === null ? [] : [value]);
  const current = value === null ? undefined : chosen?.get(value);
  return (
    <VariantSelectField
      {...props}
      placeholder={placeholder}
      search={search}
      found={found}
      optionLabel={variantOptionLabel}
      value={value}
      chosenLabel={value === null ? null : current ? variantOptionLabel(current) : `Sản phẩm #${value}`}
      onPick={(_variant, id) => onChange(id)}
      clearable
    />
  );
}

/** A search field that adds the variant picked to a list (the ones already in it are marked). */
export function VariantAdder({
  companyId,
  chosen,
  onAdd,
  placeholder = 'Thêm sản phẩm: gõ tên, mã hoặc hoạt chất…',
  ...props
}: Props & { chosen: readonly number[]; onAdd: (variant: ScopeVariant) => void }) {
  const { search, found } = useSearchOptions(companyId);
  return (
    <VariantSelectField
      {...props}
      placeholder={placeholder}
      search={search}
      found={found}
      optionLabel={(variant) => `${variantOptionLabel(variant)}${chosen.includes(variant.id) ? ' ✓' : ''}`}
      value={null}
      onPick={(variant) => variant && onAdd(variant)}
    />
  );
}
