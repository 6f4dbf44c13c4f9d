/**
 * The customer list's tabs and drop-down filters (product-spec.md §3 "Customer filter"; the search field is
 * src/ui/search-input.tsx). Every change goes back to page 1 (the caller applies it).
 */
import { FilterPanel } from '@/ui/filter-panel';
import { SelectFilters, type SelectField } from '@/ui/list-page/filter-select';

import { CUSTOMER_KINDS } from '@contract/customers';
import { CUSTOMER_TAB_LABELS, CUSTOMER_TABS, LICENCE_STATE_LABELS, LICENCE_STATES, type CustomerTab } from '@contract/customers-tabs';
import type { LocalCustomerLevel, LocalCustomerType } from '@/db/app-db';
import type { StaffMember } from '../api/customer-queries';
import { activeFilterCount, type CustomerFilter, type CustomerFilterPatch } from '../model/customer-filter';
import { ScrollingTabs } from '@/ui/scrolling-tabs';

type Props = {
  filter: CustomerFilter;
  onChange: (patch: CustomerFilterPatch) => void;
  types: LocalCustomerType[];
  levels: LocalCustomerLevel[];
  staff: StaffMember[];
  staffLabel: string;
  isMobile: boolean;
};

export function CustomerTabs({ value, onChange }: { value: CustomerTab; onChange: (tab: CustomerTab) => void }) {
  return <ScrollingTabs tabs={CUSTOMER_TABS} labels={CUSTOMER_TAB_LABELS} value={value} onChange={onChange} testId="customer" />;
}

const KINDS = CUSTOMER_KINDS.map((kind) => ({ value: kind, label: kind }));
const LICENCES = LICENCE_STATES.map((state) => ({ value: state, label: LICENCE_STATE_LABELS[state] }));

function FilterSelects({ filter, onChange, types, levels, staff, staffLabel }: Omit<Props, 'isMobile'>) {
  const groups = types.map((type) => ({ value: String(type.id), label: type.title }));
  const ranks = levels.map((level) => ({ value: String(level.id), label: level.title }));
  const people = staff.map((member) => ({ value: String(member.id), label: member.name }));
  const fields: SelectField<CustomerFilter>[] = [
    { field: 'filterCustomerGroup', label: 'Nhóm khách hàng', all: 'nhóm', data: groups, id: true, search: true, testId: 'filter-group' },
    { field: 'filterCustomerLevel', label: 'Cấp độ', all: 'cấp độ', data: ranks, id: true, testId: 'filter-level' },
    { field: 'filterUserSale', label: staffLabel, data: people, id: true, search: 'Không tìm thấy nhân viên', testId: 'filter-staff' },
    { field: 'filterCustomerType', label: 'Loại hình kinh doanh', all: 'loại hình', data: KINDS, testId: 'filter-kind' },
    { field: 'filterLicence', label: 'Giấy phép', data: LICENCES, testId: 'filter-licence' },
  ];
  return <SelectFilters filter={filter} onChange={onChange} fields={fields} />;
}

const CLEARED: CustomerFilterPatch = {
  filterCustomerGroup: undefined,
  filterCustomerLevel: undefined,
  filterUserSale: undefined,
  filterCustomerType: undefined,
  filterLicence: undefined,
};

export function CustomerFilters(props: Props) {
  return (
    <FilterPanel active={activeFilterCount(props.filter)} onClear={() => props.onChange(CLEARED)} isMobile={props.isMobile}>
      <FilterSelects {...props} />
    </FilterPanel>
  );
}
