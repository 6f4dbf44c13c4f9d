/**
 * Over a receipt list: status tabs with the count of each status in the current filter (the list's
 * `bonus`), the document date range and, with several warehouses, the warehouse (the person's
 * active one until another or "Tất cả kho" is chosen).
 */
import { Select } from '@mantine/core';
import { RECEIPT_STATUS_LABELS, RECEIPT_TRANSITIONS, type ReceiptKind, type ReceiptStatus } from '@contract/warehouse-status';
import type { WarehouseRecord } from '@contract/warehouse';
import { FilterDateRange } from '@/ui/filter-date-range';
import { FilterPanel } from '@/ui/filter-panel';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import type { WarehouseFilter } from '@/features/warehouse/model/warehouse-search';

/** The statuses a kind of receipt can be in (a transfer is the only one in transit). */
const statusesOf = (kind: ReceiptKind) =>
  (Object.keys(RECEIPT_STATUS_LABELS) as ReceiptStatus[]).filter(
    (status) => status !== 'in_transit' || RECEIPT_TRANSITIONS[kind].in_transit.length > 0,
  );

export function ReceiptStatusTabs({
  kind,
  value,
  counts,
  onChange,
}: {
  kind: ReceiptKind;
  value: ReceiptStatus | undefined;
  counts: Partial<Record<ReceiptStatus, number>> | undefined;
  onChange: (status: ReceiptStatus | undefined) => void;
}) {
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : undefined;
  const tabs = [
    allStatusesTab(all),
    ...statusesOf(kind).map((status) => ({
      value: status,
      label: RECEIPT_STATUS_LABELS[status],
      count: counts ? (counts[status] ?? 0) : undefined,
    })),
  ];
  return <StatusTabs tabs={tabs} value={value} onChange={(next) => onChange(next as ReceiptStatus | undefined)} testId="receipt" />;
}

/** "Kho": the active warehouse is what an empty URL means, so "Tất cả kho" is a choice of its own. */
export function WarehouseFilterSelect({
  warehouses,
  filter,
  active,
  onChange,
  label = 'Kho',
}: {
  warehouses: readonly WarehouseRecord[] | undefined;
  filter: Pick<WarehouseFilter, 'warehouse'>;
  active: number | null;
  onChange: (warehouse: number | 'all' | undefined) => void;
  label?: string;
}) {
  const value = filter.warehouse === 'all' ? 'all' : String(filter.warehouse ?? active ?? 'all');
  return (
    <Select
      label={label}
      data={[{ value: 'all', label: 'Tất cả kho' }, ...(warehouses ?? []).map((row) => ({ value: String(row.id), label: row.name }))]}
      value={value}
      onChange={(next) => onChange(!next ? undefined : next === 'all' ? 'all' : Number(next))}
      allowDeselect={false}
      data-testid="filter-warehouse"
    />
  );
}

export function ReceiptFilters({
  filter,
  onChange,
  warehouses,
  active,
  isMobile,
}: {
  filter: WarehouseFilter;
  onChange: (patch: Partial<WarehouseFilter>) => void;
  /** Several warehouses (the service on): the warehouse filter shows. */
  warehouses: readonly WarehouseRecord[] | null;
  active: number | null;
  isMobile: boolean;
}) {
  const set = (filter.from ? 1 : 0) + (filter.warehouse !== undefined ? 1 : 0);
  return (
    <FilterPanel
      active={set}
      onClear={() => onChange({ from: undefined, to: undefined, warehouse: undefined })}
      isMobile={isMobile}
      cols={3}
      toggleTestId="receipt-filter-toggle"
    >
      <FilterDateRange
        label="Ngày chứng từ"
        value={[filter.from, filter.to]}
        onChange={([from, to]) => onChange({ from, to })}
        isMobile={isMobile}
        data-testid="filter-date-range"
      />
      {warehouses && (
        <WarehouseFilterSelect warehouses={warehouses} filter={filter} active={active} onChange={(warehouse) => onChange({ warehouse })} />
      )}
    </FilterPanel>
  );
}
