/**
 * The filter of every report: the period (Hôm nay … Năm nay, or a range picked by hand), region,
 * rep, customer group and a search of the rows, plus the report's own choices (`extra`). Options
 * come from filter-options/ within the caller's scope: a rep sees no region and no rep to pick.
 */
import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  DEFAULT_PERIOD,
  PERIOD_PRESET_LABELS,
  PERIOD_PRESETS,
  reportPaths,
  type PeriodPreset,
  type ReportFilterOptions,
} from '@contract/reports';
import { FilterDateRange } from '@/ui/filter-date-range';
import { SearchInput } from '@/ui/search-input';
import { useReport } from '@/features/reports/api/report-api';
import { searchPeriod } from '@/features/reports/model/report-query';
import type { ReportSearch } from '@/features/reports/model/report-search';

type Props = {
  companyId: number;
  search: ReportSearch;
  onSearch: (next: ReportSearch) => void;
  isMobile: boolean;
  /** What the search box looks through: "Tìm sản phẩm", "Tìm khách hàng"…; none for a report without rows to search. */
  searchLabel?: string;
  extra?: ReactNode;
};

const idValue = (value: number | undefined) => (value === undefined ? null : String(value));
const idOf = (value: string | null) => (value ? Number(value) : undefined);

export function ReportFilters({ companyId, search, onSearch, isMobile, searchLabel, extra }: Props) {
  const options = useReport<ReportFilterOptions>(reportPaths.filterOptions, { company: companyId }).data?.data;
  const period = search.period ?? DEFAULT_PERIOD;
  const days = searchPeriod(search);
  const set = (change: Partial<ReportSearch>) => onSearch({ ...search, ...change, page: undefined });
  const width = isMobile ? '100%' : 200;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="report-filters">
      <Select
        label="Thời gian"
        data={PERIOD_PRESETS.map((preset) => ({ value: preset, label: PERIOD_PRESET_LABELS[preset] }))}
        value={period}
        onChange={(value) => {
          const next = (value ?? DEFAULT_PERIOD) as PeriodPreset;
          set(next === 'custom' ? { period: next, from: days.from, to: days.to } : { period: next, from: undefined, to: undefined });
        }}
        allowDeselect={false}
        w={width}
        data-testid="report-period"
        comboboxProps={{ withinPortal: true }}
      />
      {period === 'custom' && (
        <FilterDateRange
          label="Từ ngày – đến ngày"
          value={[days.from, days.to]}
          onChange={([from, to]) => set({ period: 'custom', from, to })}
          clearable={false}
          isMobile={isMobile}
          w={isMobile ? '100%' : 260}
          data-testid="report-range"
        />
      )}
      {options && options.regions.length > 0 && (
        <Select
          label="Khu vực"
          placeholder="Tất cả"
          data={options.regions.map((region) => ({ value: String(region.id), label: region.name }))}
          value={idValue(search.region)}
          onChange={(value) => set({ region: idOf(value) })}
          clearable
          w={width}
          data-testid="report-region"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {options && options.staff.length > 1 && (
        <Select
          label="Nhân viên"
          placeholder="Tất cả"
          data={options.staff.map((person) => ({ value: String(person.id), label: person.name }))}
          value={idValue(search.staff)}
          onChange={(value) => set({ staff: idOf(value) })}
          clearable
          searchable
          w={width}
          data-testid="report-staff"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {options && options.customer_types.length > 0 && (
        <Select
          label="Nhóm khách hàng"
          placeholder="Tất cả"
          data={options.customer_types.map((type) => ({ value: String(type.id), label: type.name }))}
          value={idValue(search.customer_type)}
          onChange={(value) => set({ customer_type: idOf(value) })}
          clearable
          w={width}
          data-testid="report-customer-type"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {extra}
      {searchLabel && (
        <SearchInput
          value={search.search}
          onSearch={(text) => set({ search: text || undefined })}
          label={searchLabel}
          placeholder={searchLabel}
          testId="report-search"
          style={{ width: isMobile ? '100%' : 240 }}
        />
      )}
    </Group>
  );
}
