/**
 * /warehouse (the WAREHOUSE service on) and /inventory (off: the default warehouse): tabs in the
 * URL's `tab` — stock, receipts of each kind, counts, lots, stock card and xuất-nhập-tồn, periods,
 * and with several warehouses their list and the transfer reasons — and, with several warehouses,
 * the person's active warehouse the lists open on. A tab's filter is the rest of the URL.
 */
import { Group, Select, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { HUB_TAB_LABELS, type HubTab, type WarehouseFilter } from '@/features/warehouse/model/warehouse-search';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { ActiveWarehouseSelect } from './active-warehouse-select';
import { LotListView } from './lot-list-view';
import { PeriodView } from './period-view';
import { ReasonView } from './reason-view';
import { ReceiptListView } from './receipt-list-view';
import { SettingsView } from './settings-view';
import { StockCardView } from './stock-card-view';
import { StockView } from './stock-view';
import { WarehouseListView } from './warehouse-list-view';
import { ScrollingTabs } from '@/ui/scrolling-tabs';

type Props = {
  scope: WarehouseScope;
  tabs: readonly HubTab[];
  tab: HubTab;
  filter: WarehouseFilter;
  onTab: (tab: HubTab) => void;
  onFilter: (filter: WarehouseFilter) => void;
};

function TabContent({ scope, tab, filter, onFilter }: Omit<Props, 'tabs' | 'onTab'>) {
  const list = { filter, onFilter, isMobile: scope.isMobile, scope };
  switch (tab) {
    case 'stock':
      return <StockView {...list} />;
    case 'import':
    case 'export':
    case 'transfer':
    case 'check':
      return <ReceiptListView key={tab} {...list} kind={tab} />;
    case 'lots':
      return <LotListView {...list} />;
    case 'card':
      return <StockCardView {...list} />;
    case 'periods':
      return <PeriodView companyId={scope.companyId} />;
    case 'warehouses':
      return <WarehouseListView companyId={scope.companyId} multi={scope.multi} />;
    case 'reasons':
      return <ReasonView companyId={scope.companyId} />;
    case 'settings':
      return <SettingsView companyId={scope.companyId} />;
  }
}

export function WarehouseHub({ scope, tabs, tab, filter, onTab, onFilter }: Props) {
  const picker: ReactNode = scope.isMobile ? (
    <Select
      aria-label="Mục"
      data={tabs.map((value) => ({ value, label: HUB_TAB_LABELS[value] }))}
      value={tab}
      onChange={(next) => next && onTab(next as HubTab)}
      allowDeselect={false}
      data-testid="warehouse-tab-select"
    />
  ) : (
    <ScrollingTabs tabs={tabs} labels={HUB_TAB_LABELS} value={tab} onChange={onTab} testId="warehouse" />
  );
  return (
    <Stack gap="md" data-testid="warehouse-hub" data-tab={tab}>
      {scope.multi && (
        <Group justify="flex-end" mt={scope.isMobile ? 0 : -56}>
          <ActiveWarehouseSelect scope={scope} onChange={() => onFilter({ ...filter, page: 1, warehouse: undefined })} />
        </Group>
      )}
      {picker}
      <TabContent scope={scope} tab={tab} filter={filter} onFilter={onFilter} />
    </Stack>
  );
}
