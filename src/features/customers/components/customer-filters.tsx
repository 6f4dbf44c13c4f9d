/**
 * The customer list's tabs and drop-down filters (product-spec.md §3 "Customer filter"; the search field is
 * src/ui/search-input.tsx). Every change goes back to page 1 (the caller applies it).
 */
import { FilterPanel } from '@/ui/filter-panel';
import { ScrollArea, Select, SimpleGrid, Tabs } from '@mantine/core';

import { CUSTOMER_KINDS, CUSTOMER_TAB_LABELS, CUSTOMER_TABS, type CustomerTab } from '@contract/customers';
import type { LocalCustomerLevel, LocalCustomerType } from '@/db/app-db';
import type { StaffMember } from '../api/customer-queries';
import { activeFilterCount, type CustomerFilter, type CustomerFilterPatch } from '../model/customer-filter';

type Props = {
  filter: CustomerFilter;
  onChange: (patch: CustomerFilterPatch) => void;
  types: LocalCustomerType[];
  levels: LocalCustomerLevel[];
  staff: StaffMember[];
  staffLabel: string;
  isMobile: boolean;
};

const toId = (value: string | null) => (value ? Number(value) : undefined);

export function CustomerTabs({ value, onChange }: { value: CustomerTab; onChange: (tab: CustomerTab) => void }) {
  return (
    <Tabs value={value} onChange={(next) => onChange((next ?? 'all') as CustomerTab)} keepMounted={false}>
      <ScrollArea type="never" offsetScrollbars={false}>
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {CUSTOMER_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} style={{ whiteSpace: 'nowrap' }} data-testid={`customer-tab-${tab}`}>
              {CUSTOMER_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </ScrollArea>
    </Tabs>
  );
}

function FilterSelects({ filter, onChange, types, levels, staff, staffLabel }: Omit<Props, 'isMobile'>) {
  return (
    <>
      <Select
        label="Nhóm khách hàng"
        placeholder="Tất cả nhóm"
        data={types.map((type) => ({ value: String(type.id), label: type.title }))}
        value={filter.filterCustomerGroup ? String(filter.filterCustomerGroup) : null}
        onChange={(value) => onChange({ filterCustomerGroup: toId(value) })}
        clearable
        searchable
        nothingFoundMessage="Không có nhóm phù hợp"
        data-testid="filter-group"
      />
      <Select
        label="Cấp độ"
        placeholder="Tất cả cấp độ"
        data={levels.map((level) => ({ value: String(level.id), label: level.title }))}
        value={filter.filterCustomerLevel ? String(filter.filterCustomerLevel) : null}
        onChange={(value) => onChange({ filterCustomerLevel: toId(value) })}
        clearable
        data-testid="filter-level"
      />
      <Select
        label={staffLabel}
        placeholder="Tất cả"
        data={staff.map((member) => ({ value: String(member.id), label: member.name }))}
        value={filter.filterUserSale ? String(filter.filterUserSale) : null}
        onChange={(value) => onChange({ filterUserSale: toId(value) })}
        clearable
        searchable
        nothingFoundMessage="Không tìm thấy nhân viên"
        data-testid="filter-staff"
      />
      <Select
        label="Loại hình kinh doanh"
        placeholder="Tất cả loại hình"
        data={[...CUSTOMER_KINDS]}
        value={filter.filterCustomerType ?? null}
        onChange={(value) => onChange({ filterCustomerType: value ?? undefined })}
        clearable
        data-testid="filter-kind"
      />
    </>
  );
}

export function CustomerFilters(props: Props) {
  const { filter, onChange, isMobile } = props;
  return (
    <FilterPanel
      active={activeFilterCount(filter)}
      onClear={() =>
        onChange({
          filterCustomerGroup: undefined,
          filterCustomerLevel: undefined,
          filterUserSale: undefined,
          filterCustomerType: undefined,
        })
      }
      isMobile={isMobile}
      desktop={
        <SimpleGrid cols={4} spacing="sm">
          <FilterSelects {...props} />
        </SimpleGrid>
      }
      mobile={<FilterSelects {...props} />}
    />
  );
}
