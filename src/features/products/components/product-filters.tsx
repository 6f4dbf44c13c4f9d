/**
 * Brand / category / group filters and sort of the product and variant lists (product-spec.md §3 "Product …
 * filter"; the search field is src/ui/search-input.tsx). Every change goes back to page 1 (the
 * caller applies it). On phones the drop-downs fold under a "Bộ lọc" button.
 */
import { FilterPanel } from '@/ui/filter-panel';
import { Select, SimpleGrid } from '@mantine/core';

import type { PickerOption } from '../api/catalogue-options';
import {
  activeFilterCount,
  DEFAULT_SORT,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  type ProductFilter,
  type ProductSort,
} from '../model/product-filter';

type Options = { brands: PickerOption[]; categories: PickerOption[]; groups: PickerOption[] };
type FilterPatch = Partial<Pick<ProductFilter, 'brand' | 'productCategory' | 'productGroup' | 'ordering'>>;

type Props = { filter: ProductFilter; onChange: (patch: FilterPatch) => void; options: Options; isMobile: boolean };

const toId = (value: string | null) => (value ? Number(value) : undefined);
const SORT_OPTIONS = PRODUCT_SORTS.map((sort) => ({ value: sort, label: PRODUCT_SORT_LABELS[sort] }));

function FilterSelects({ filter, onChange, options }: Omit<Props, 'isMobile'>) {
  return (
    <>
      <Select
        label="Thương hiệu"
        placeholder="Tất cả thương hiệu"
        data={options.brands}
        value={filter.brand ? String(filter.brand) : null}
        onChange={(value) => onChange({ brand: toId(value) })}
        clearable
        searchable
        nothingFoundMessage="Không có thương hiệu phù hợp"
        data-testid="filter-brand"
      />
      <Select
        label="Danh mục"
        placeholder="Tất cả danh mục"
        data={options.categories}
        value={filter.productCategory ? String(filter.productCategory) : null}
        onChange={(value) => onChange({ productCategory: toId(value) })}
        clearable
        searchable
        nothingFoundMessage="Không có danh mục phù hợp"
        data-testid="filter-category"
      />
      <Select
        label="Nhóm sản phẩm"
        placeholder="Tất cả nhóm"
        data={options.groups}
        value={filter.productGroup ? String(filter.productGroup) : null}
        onChange={(value) => onChange({ productGroup: toId(value) })}
        clearable
        searchable
        nothingFoundMessage="Không có nhóm phù hợp"
        data-testid="filter-group"
      />
      <Select
        label="Sắp xếp"
        data={SORT_OPTIONS}
        value={filter.ordering ?? DEFAULT_SORT}
        onChange={(value) => onChange({ ordering: (value ?? DEFAULT_SORT) as ProductSort })}
        allowDeselect={false}
        data-testid="filter-ordering"
      />
    </>
  );
}

export function ProductFilters(props: Props) {
  const { filter, onChange, isMobile } = props;
  return (
    <FilterPanel
      active={activeFilterCount(filter)}
      onClear={() => onChange({ brand: undefined, productCategory: undefined, productGroup: undefined })}
      isMobile={isMobile}
      toggleLabel="Bộ lọc và sắp xếp"
      toggleTestId="filter-toggle"
      desktop={
        <SimpleGrid cols={4} spacing="sm">
          <FilterSelects {...props} />
        </SimpleGrid>
      }
      mobile={<FilterSelects {...props} />}
    />
  );
}
