/**
 * The filters over the delivery list (transport-list-view.tsx): status tabs counted by
 * orderdlo/counts/, then the date range, the carrier, the print status and the COD reconciliation's
 * state (model/transport-filter.ts).
 */
import { CARRIER_LABELS, CARRIERS, PRINT_STATUS_LABELS, PRINT_STATUSES } from '@contract/delivery';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUSES, type DeliveryStatus } from '@contract/delivery-status';
import { FilterDateRange } from '@/ui/filter-date-range';
import { FilterPanel } from '@/ui/filter-panel';
import { SelectFilters } from '@/ui/list-page/filter-select';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import type { useDeliveryCounts } from '@/features/delivery/api/delivery-api';
import {
  activeTransportFilterCount,
  COD_FILTER_LABELS,
  COD_FILTERS,
  type TransportFilter,
} from '@/features/delivery/model/transport-filter';

type Props = {
  filter: TransportFilter;
  counts: ReturnType<typeof useDeliveryCounts>;
  change: (patch: Partial<TransportFilter>) => void;
  isMobile: boolean;
};

export function TransportFilters({ filter, counts, change, isMobile }: Props) {
  const statusTabs = [
    allStatusesTab(counts.data?.all),
    ...DELIVERY_STATUSES.filter((status) => status !== 'creating').map((status) => ({
      value: status,
      label: DELIVERY_STATUS_LABELS[status],
      count: counts.data?.[status],
    })),
  ];

  return (
    <>
      <StatusTabs
        tabs={statusTabs}
        value={filter.statusOrderDLO}
        onChange={(next) => change({ statusOrderDLO: next as DeliveryStatus | undefined })}
        testId="transport"
      />
      <FilterPanel
        active={activeTransportFilterCount(filter)}
        onClear={() => change({ dateRange: undefined, printStatus: undefined, typeFilterTransport: undefined, cod: undefined })}
        isMobile={isMobile}
        cols={4}
        toggleTestId="transport-filter-toggle"
        clearTestId="transport-filter-clear"
      >
        <FilterDateRange
          label="Ngày tạo"
          value={[filter.dateRange?.[0] ?? undefined, filter.dateRange?.[1] ?? undefined]}
          onChange={([from, to]) => change({ dateRange: from || to ? [from ?? null, to ?? null] : undefined })}
          isMobile={isMobile}
          data-testid="transport-filter-dates"
        />
        <SelectFilters
          filter={filter}
          onChange={change}
          fields={[
            {
              field: 'typeFilterTransport',
              label: 'Hãng vận chuyển',
              all: 'hãng',
              data: CARRIERS.map((value) => ({ value, label: CARRIER_LABELS[value] })),
              testId: 'transport-filter-carrier',
            },
            {
              field: 'printStatus',
              label: 'Trạng thái in',
              data: PRINT_STATUSES.map((value) => ({ value, label: PRINT_STATUS_LABELS[value] })),
              testId: 'transport-filter-print',
            },
            {
              field: 'cod',
              label: 'Đối soát thu hộ',
              data: COD_FILTERS.map((value) => ({ value, label: COD_FILTER_LABELS[value] })),
              testId: 'transport-filter-cod',
            },
          ]}
        />
      </FilterPanel>
    </>
  );
}
