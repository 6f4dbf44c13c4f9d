/**
 * The order list's search, status tabs with counts and drop-down filters (product-spec.md §3 "Order filter"):
 * customer, date range, order type, area (Miền Bắc/Trung/Nam), province and ward (the 2025 units, from the
 * offline address files), and the order. Every change goes back to page 1 (the caller applies it).
 * The customer filter searches customers: a role that may not see them (Thủ kho) does not get it.
 */
import { FilterPanel } from '@/ui/filter-panel';
import { Grid, Select } from '@mantine/core';

import { useMemo, type ReactNode } from 'react';
import type { StatusCounts } from '@contract/orders';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@contract/orders-status';
import { AREAS, type AreaCode } from '@contract/address-units';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { addressData } from '@/ui/address/address-data';
import { indexPlaces, indexProvinces, placeFilter } from '@/ui/address/place-filter';
import { useAddressFile } from '@/ui/address/use-address-data';
import { useCustomerName, useCustomerOptions } from '../api/order-customer-options';
import { useOrderTypes } from '../api/order-type-api';
import {
  activeOrderFilterCount,
  formatDateRange,
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  parseDateRange,
  type OrderFilter,
  type OrderFilterPatch,
} from '../api/order-filter';
import { DateRangeField } from '@/ui/date-range-field';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import { CustomerSelectField } from '@/ui/customer-picker';
import { useSelectSearch } from '@/ui/searched-select';

export function provincesOfArea(area: AreaCode): readonly string[] {
  return AREAS.find((candidate) => candidate.code === area)?.province_codes ?? [];
}

/** "Tất cả" and each status, with the count of the current filters in that status. */
export function OrderStatusTabs({
  value,
  counts,
  onChange,
}: {
  value: OrderStatus | undefined;
  counts: StatusCounts | undefined;
  onChange: (status: OrderStatus | undefined) => void;
}) {
  const tabs = [
    allStatusesTab(counts?.all),
    ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status], count: counts?.[status] })),
  ];
  return (
    <StatusTabs tabs={tabs} value={value} onChange={(next) => onChange(next as OrderStatus | undefined)} testId="order" highlightActive />
  );
}

type FilterProps = {
  db: AppDb;
  companyId: number;
  filter: OrderFilter;
  onChange: (patch: OrderFilterPatch) => void;
  isMobile: boolean;
};

function CustomerFilter({
  db,
  companyId,
  value,
  onChange,
}: {
  db: AppDb;
  companyId: number;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const search = useSelectSearch({ delay: 250 });
  const options = useCustomerOptions(db, companyId, search.debounced);
  const chosen = useCustomerName(db, companyId, value);
  return (
    <CustomerSelectField
      placeholder="Tất cả khách hàng"
      search={search}
      found={options.data}
      chosen={chosen.data}
      value={value ?? null}
      onPick={(_, id) => onChange(id ?? undefined)}
      searching={options.isFetching}
      clearable
      data-testid="order-filter-customer"
    />
  );
}

function PlaceFilters({
  filter,
  onChange,
  wrap = (node) => node,
}: Pick<FilterProps, 'filter' | 'onChange'> & { wrap?: (node: ReactNode) => ReactNode }) {
  const provinces = useAddressFile('provinces', addressData.provinces);
  const wards = useAddressFile(filter.province ?? null, addressData.wards);
  const provinceOptions = useMemo(() => {
    const inArea = filter.area ? provincesOfArea(filter.area) : null;
    return (provinces.data ?? [])
      .filter((province) => !inArea || inArea.includes(province.code))
      .map((province) => ({ value: province.code, label: province.name }));
  }, [provinces.data, filter.area]);
  const provinceFilter = useMemo(() => placeFilter(indexProvinces(provinces.data ?? [])), [provinces.data]);
  const wardOptions = useMemo(() => (wards.data ?? []).map((ward) => ({ value: ward.code, label: ward.name })), [wards.data]);
  const wardFilter = useMemo(() => placeFilter(indexPlaces(wards.data ?? [])), [wards.data]);
  return (
    <>
      {wrap(
        <Select
          label="Miền"
          placeholder="Cả nước"
          data={AREAS.map((area) => ({ value: area.code, label: area.name }))}
          value={filter.area ?? null}
          onChange={(value) => onChange({ area: (value as AreaCode | null) ?? undefined })}
          clearable
          data-testid="order-filter-area"
        />,
      )}
      {wrap(
        <Select
          label="Tỉnh/thành phố"
          placeholder={provinces.error ? 'Không tải được danh sách' : 'Tất cả tỉnh/thành'}
          data={provinceOptions}
          value={filter.province ?? null}
          onChange={(value) => onChange({ province: value ?? undefined })}
          filter={provinceFilter}
          searchable
          clearable
          nothingFoundMessage="Không có tỉnh/thành phù hợp"
          data-testid="order-filter-province"
        />,
      )}
      {wrap(
        <Select
          label="Phường/xã"
          placeholder={filter.province ? 'Tất cả phường/xã' : 'Chọn tỉnh trước'}
          data={wardOptions}
          value={filter.ward ?? null}
          onChange={(value) => onChange({ ward: value ?? undefined })}
          filter={wardFilter}
          disabled={!filter.province}
          searchable
          clearable
          limit={100}
          nothingFoundMessage="Không có phường/xã phù hợp"
          data-testid="order-filter-ward"
        />,
      )}
    </>
  );
}

function DatesFilter({ filter, onChange, isMobile }: Pick<FilterProps, 'filter' | 'onChange' | 'isMobile'>) {
  return (
    <DateRangeField
      label="Ngày tạo"
      value={parseDateRange(filter.dateRange)}
      onChange={(range) => onChange({ dateRange: formatDateRange(range) })}
      withPresets={!isMobile}
      data-testid="order-filter-dates"
    />
  );
}

/** The list's order; beside the search on a desk, among the filters on a phone. */
export function OrderSortSelect({ filter, onChange, label, w }: Pick<FilterProps, 'filter' | 'onChange'> & { label?: string; w?: number }) {
  return (
    <Select
      label={label}
      aria-label="Sắp xếp"
      data={ORDER_SORTS.map((sort) => ({ value: sort, label: ORDER_SORT_LABELS[sort] }))}
      value={filter.orderBy ?? '-created_at'}
      onChange={(value) => onChange({ orderBy: !value || value === '-created_at' ? undefined : (value as OrderFilter['orderBy']) })}
      allowDeselect={false}
      w={w}
      data-testid="order-filter-sort"
    />
  );
}

const CLEARED: OrderFilterPatch = {
  customer: undefined,
  dateRange: undefined,
  area: undefined,
  province: undefined,
  district: undefined,
  ward: undefined,
  region: undefined,
  orderType: undefined,
  orderBy: undefined,
};

/** The company's order types (bán lẻ, bán sỉ …), stopped ones included: old orders keep theirs. */
function OrderTypeFilter({ companyId, filter, onChange }: Pick<FilterProps, 'companyId' | 'filter' | 'onChange'>) {
  const types = useOrderTypes(companyId);
  return (
    <Select
      label="Loại đơn"
      placeholder="Tất cả loại đơn"
      data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
      value={filter.orderType ? String(filter.orderType) : null}
      onChange={(value) => onChange({ orderType: value ? Number(value) : undefined })}
      clearable
      data-testid="order-filter-type"
    />
  );
}

export function OrderFilters(props: FilterProps) {
  const { filter, onChange, isMobile } = props;
  const byCustomer = useCan('customers', 'view');
  return (
    <FilterPanel
      active={activeOrderFilterCount(filter)}
      onClear={() => onChange(CLEARED)}
      isMobile={isMobile}
      toggleTestId="order-filter-toggle"
      clearTestId="order-filter-clear"
      desktop={
        <Grid gap="sm">
          {byCustomer && (
            <Grid.Col span={{ base: 6, lg: 3 }}>
              <CustomerFilter
                db={props.db}
                companyId={props.companyId}
                value={filter.customer}
                onChange={(customer) => onChange({ customer })}
              />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 6, lg: 3 }}>
            <DatesFilter filter={filter} onChange={onChange} isMobile={false} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, lg: 3 }}>
            <OrderTypeFilter companyId={props.companyId} filter={filter} onChange={onChange} />
          </Grid.Col>
          <PlaceFilters filter={filter} onChange={onChange} wrap={(node) => <Grid.Col span={{ base: 4, lg: 2 }}>{node}</Grid.Col>} />
        </Grid>
      }
      mobile={
        <>
          {byCustomer && (
            <CustomerFilter
              db={props.db}
              companyId={props.companyId}
              value={filter.customer}
              onChange={(customer) => onChange({ customer })}
            />
          )}
          <DatesFilter filter={filter} onChange={onChange} isMobile />
          <OrderTypeFilter companyId={props.companyId} filter={filter} onChange={onChange} />
          <PlaceFilters filter={filter} onChange={onChange} />
          <OrderSortSelect filter={filter} onChange={onChange} label="Sắp xếp" />
        </>
      }
    />
  );
}
