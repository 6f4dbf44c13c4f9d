/** One product picked from the device's catalogue by typing (the stock card's product), with the shared variant select (src/ui/variant-picker.tsx). */
import { appDb } from '@/db/app-db';
import { useSelectSearch } from '@/ui/searched-select';
import { variantOptionLabel, VariantSelectField } from '@/ui/variant-picker';
import { useVariantSearch } from '@/db/live-lookups';
import { useDeviceVariants } from '@/features/warehouse/api/device-catalogue';

type Props = { companyId: number; value: number | undefined; onChange: (variant: number | undefined) => void };

export function VariantSelect({ companyId, value, onChange }: Props) {
  const db = appDb();
  const search = useSelectSearch({ trim: true });
  const results = useVariantSearch(db, companyId, search.debounced, 20);
  const chosen = useDeviceVariants(db, companyId, value ? [value] : []);
  const current = value ? chosen?.get(value) : undefined;
  return (
    <VariantSelectField
      label="Sản phẩm"
      placeholder="Tìm sản phẩm…"
      search={search}
      found={results}
      optionLabel={variantOptionLabel}
      chosenLabel={current && `${current.name} (${current.sku})`}
      value={value || null}
      onPick={(_variant, id) => onChange(id ?? undefined)}
      clearable
      hint="Gõ tên hoặc mã sản phẩm"
      data-testid="card-variant"
    />
  );
}
