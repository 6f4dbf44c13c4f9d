/**
 * Brand / category / group filters, the drug master's (docs/pharma.md) and sort of the product and variant
 * lists (product-spec.md §3 "Product … filter"; the search field is src/ui/search-input.tsx). Every change goes back to page 1 (the
 * caller applies it). On phones the drop-downs fold under a "Bộ lọc" button.
 */
import { Select, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTROLLED_CLASS_LABELS, CONTROLLED_CLASSES, STORAGE_CONDITIONS, STORAGE_LABELS } from '@contract/pharma';
import { REGISTRATION_STATE_LABELS, REGISTRATION_STATES } from '@contract/products-drugs';
import { FilterPanel } from '@/ui/filter-panel';
import { SelectFilters, type SelectField } from '@/ui/list-page/filter-select';
import type { PickerOption } from '../api/catalogue-options';
import {
  activeFilterCount,
  DEFAULT_SORT,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  SELECT_FILTERS,
  type ProductFilter,
  type ProductSort,
} from '../model/product-filter';

type Options = { brands: PickerOption[]; categories: PickerOption[]; groups: PickerOption[] };
type FilterPatch = Partial<Pick<ProductFilter, (typeof SELECT_FILTERS)[number] | 'ordering'>>;

type Props = { filter: ProductFilter; onChange: (patch: FilterPatch) => void; options: Options; isMobile: boolean };

const SORT_OPTIONS = PRODUCT_SORTS.map((sort) => ({ value: sort, label: PRODUCT_SORT_LABELS[sort] }));

/** The drug master's filters (docs/pharma.md): they list medicines only, as the server does. */
const DRUG_FIELDS: SelectField<ProductFilter>[] = [
  {
    field: 'prescription',
    label: 'Thuốc kê đơn',
    data: [
      { value: 'true', label: 'Thuốc kê đơn' },
      { value: 'false', label: 'Thuốc không kê đơn' },
    ],
    testId: 'filter-prescription',
  },
  {
    field: 'controlledClass',
    label: 'Nhóm kiểm soát',
    all: 'nhóm',
    data: CONTROLLED_CLASSES.map((value) => ({ value, label: CONTROLLED_CLASS_LABELS[value] })),
    testId: 'filter-controlled-class',
  },
  {
    field: 'storage',
    label: 'Điều kiện bảo quản',
    data: STORAGE_CONDITIONS.map((value) => ({ value, label: STORAGE_LABELS[value] })),
    testId: 'filter-storage',
  },
  {
    field: 'registration',
    label: 'Số đăng ký',
    data: REGISTRATION_STATES.map((value) => ({ value, label: REGISTRATION_STATE_LABELS[value] })),
    testId: 'filter-registration',
  },
];

function FilterSelects({ filter, onChange, options }: Omit<Props, 'isMobile'>) {
  const { brands, categories, groups } = options;
  const fields: SelectField<ProductFilter>[] = [
    { field: 'brand', label: 'Thương hiệu', all: 'thương hiệu', data: brands, id: true, search: true, testId: 'filter-brand' },
    { field: 'productCategory', label: 'Danh mục', all: 'danh mục', data: categories, id: true, search: true, testId: 'filter-category' },
    { field: 'productGroup', label: 'Nhóm sản phẩm', all: 'nhóm', data: groups, id: true, search: true, testId: 'filter-group' },
    ...DRUG_FIELDS,
  ];
  return (
    <>
      <SelectFilters filter={filter} onChange={onChange} fields={fields} />
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
      onClear={() => onChange(Object.fromEntries(SELECT_FILTERS.map((field) => [field, undefined])))}
      isMobile={isMobile}
      toggleLabel="Bộ lọc và sắp xếp"
      toggleTestId="filter-toggle"
    >
      <FilterSelects {...props} />
    </FilterPanel>
  );
}

/** The variant list's exact barcode: sent on Enter or when the field is left, cleared at once. */
export function BarcodeFilter({ value, onChange }: { value: string | undefined; onChange: (barcode: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  return (
    <TextInput
      aria-label="Lọc theo mã vạch"
      placeholder="Mã vạch"
      leftSection={<IconBarcode size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        if (event.currentTarget.value === '') onChange('');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(text);
      }}
      onBlur={() => text !== (value ?? '') && onChange(text)}
      style={{ flex: 1 }}
      w={180}
      data-testid="variant-barcode-filter"
    />
  );
}
