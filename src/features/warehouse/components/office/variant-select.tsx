/** One product picked from the device's catalogue by typing (the stock card's product). */
import { appDb } from '@/db/app-db';
import { SearchedSelect, useSelectSearch } from '@/ui/searched-select';
import { useCatalogueSearch, useDeviceVariants, variantTitle } from '@/features/warehouse/api/device-catalogue';

type Props = { companyId: number; value: number | undefined; onChange: (variant: number | undefined) => void };

export function VariantSelect({ companyId, value, onChange }: Props) {
  const db = appDb();
  const { search, setSearch, debounced } = useSelectSearch({ trim: true });
  const results = useCatalogueSearch(db, companyId, debounced, 20);
  const chosen = useDeviceVariants(db, companyId, value ? [value] : []);
  const current = value ? chosen?.get(value) : undefined;
  return (
    <SearchedSelect
      label="Sản phẩm"
      placeholder="Tìm sản phẩm…"
      found={(results ?? []).map((variant) => ({ value: String(variant.id), label: `${variantTitle(variant)} (${variant.code})` }))}
      chosen={current && { value: String(value), label: `${current.name} (${current.sku})` }}
      value={value ? String(value) : null}
      onChange={(next) => {
        setSearch('');
        onChange(next ? Number(next) : undefined);
      }}
      search={search}
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage={debounced ? 'Không tìm thấy sản phẩm' : 'Gõ tên hoặc mã sản phẩm'}
      data-testid="card-variant"
    />
  );
}
