/**
 * Picking a variant by typing part of its name, code, ingredient or barcode (the device's catalogue
 * mirror, so it works offline), with the shared variant select (src/ui/variant-picker.tsx).
 */
import type { VariantRecord } from '@contract/products';
import type { AppDb } from '@/db/app-db';
import { useVariantSearch } from '@/db/live-lookups';
import { useSelectSearch } from '@/ui/searched-select';
import { variantOptionLabel, VariantSelectField } from '@/ui/variant-picker';

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

export function VariantPicker({ db, companyId, value, onChange, placeholder = 'Gõ tên, mã hoặc hoạt chất…', ...props }: Props) {
  const search = useSelectSearch({ trim: true });
  const found = useVariantSearch(db, companyId, search.debounced);
  return (
    <VariantSelectField<VariantRecord>
      {...props}
      placeholder={placeholder}
      clearable
      search={search}
      found={found}
      optionLabel={variantOptionLabel}
      value={value ? value.id : null}
      chosenLabel={value && variantOptionLabel(value)}
      // The chosen variant is not always among those found: it stays the value until another is picked.
      onPick={(variant, id) => onChange(id === null ? null : (variant ?? (value?.id === id ? value : null)))}
    />
  );
}
