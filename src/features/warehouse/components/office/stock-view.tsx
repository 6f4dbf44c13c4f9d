/**
 * The stock view (GET inventory/): the figures of the whole filter (`bonus`: variants, on hand,
 * value, lots near expiry and expired) as cards, then per warehouse and variant what is on hand,
 * held and available with its value and lots. Filters in the URL: search, warehouse, expiring
 * within 30/60/90 days, lot status, in stock only; "Xuất Excel" (inventory/export/).
 */
import { Card, Checkbox, Select, SimpleGrid, Text } from '@mantine/core';
import { vietnamDay } from '@contract/price-policy';
import type { StockBonus } from '@contract/warehouse';
import { EXPIRY_WINDOWS } from '@contract/warehouse-ledger';
import { LOT_STATUS_LABELS, LOT_STATUSES } from '@contract/warehouse-status';
import { ApiError } from '@/api/api-error';
import { formatMoney, formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { FilterPanel } from '@/ui/filter-panel';
import { ExportButton } from '@/ui/list-page/export-button';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage, type ListScreen } from '@/ui/list-page/list-page';
import { exportInventory, useInventory } from '@/features/warehouse/api/stock-api';
import { errorMessage, useWarehouses } from '@/features/warehouse/api/warehouse-api';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { activeFilterCount, WAREHOUSE_PAGE_SIZES, warehouseParam, type WarehouseFilter } from '@/features/warehouse/model/warehouse-search';
import { WarehouseFilterSelect } from './receipt-filters';
import { StockRows } from './stock-rows';

type Props = ListScreen<WarehouseFilter> & { scope: WarehouseScope };

function Figures({ bonus }: { bonus: StockBonus }) {
  const figures = [
    { key: 'variants', label: 'Mặt hàng', value: formatNumber(bonus.variants) },
    { key: 'on-hand', label: 'Tổng tồn (đơn vị cơ bản)', value: formatNumber(bonus.on_hand) },
    { key: 'value', label: 'Giá trị tồn kho', value: formatMoney(bonus.value) },
    {
      key: 'near-expiry',
      label: 'Lô cận hạn (≤ 90 ngày)',
      value: formatNumber(bonus.near_expiry_lots),
      color: bonus.near_expiry_lots ? 'orange' : undefined,
    },
    { key: 'expired', label: 'Lô hết hạn', value: formatNumber(bonus.expired_lots), color: bonus.expired_lots ? 'red' : undefined },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="stock-figures">
      {figures.map((figure) => (
        <Card key={figure.key} withBorder radius="md" padding="sm" data-testid={`stock-figure-${figure.key}`}>
          <Text size="xs" c="dimmed">
            {figure.label}
          </Text>
          <Text fw={700} size="lg" c={figure.color} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {figure.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function StockView(props: Props) {
  const { scope, filter } = props;
  const { companyId, isMobile } = scope;
  const warehouse = warehouseParam(filter, scope.active);
  const stock = useInventory(companyId, filter, warehouse);
  const warehouses = useWarehouses(companyId);
  const canExport = useCan('warehouse', 'export');
  const controls = filterControls(filter, props.onFilter);
  const offline = stock.error instanceof ApiError && stock.error.isNetwork;
  const fields: (keyof WarehouseFilter)[] = ['expiring', 'lot_status', 'in_stock', ...(scope.multi ? (['warehouse'] as const) : [])];
  const filtered = Boolean(filter.search) || activeFilterCount(filter, fields) > 0;

  return (
    <ListPage
      screen={{ filter, onFilter: props.onFilter, isMobile }}
      search={{ label: 'Tìm sản phẩm trong kho', placeholder: 'Tìm theo tên, mã sản phẩm…', testId: 'stock-search' }}
      actions={
        canExport && (
          <ExportButton
            run={async () => `Đã tải về ${await exportInventory(companyId, filter, warehouse, vietnamDay())}`}
            failure={(error) => errorMessage(error, 'Không xuất được tồn kho')}
            offline={offline}
            iconOnly={isMobile}
            withProgress
            testId="stock-export"
          />
        )
      }
      nowrap
      header={
        <>
          {stock.data?.bonus && <Figures bonus={stock.data.bonus} />}
          <FilterPanel
            active={activeFilterCount(filter, fields)}
            onClear={() => controls.change({ expiring: undefined, lot_status: undefined, in_stock: undefined, warehouse: undefined })}
            isMobile={isMobile}
            toggleTestId="stock-filter-toggle"
          >
            {scope.multi && (
              <WarehouseFilterSelect
                warehouses={warehouses.data}
                filter={filter}
                active={scope.active}
                onChange={(value) => controls.change({ warehouse: value })}
              />
            )}
            <Select
              label="Hạn dùng"
              placeholder="Tất cả"
              data={EXPIRY_WINDOWS.map((days) => ({ value: String(days), label: `Hết hạn trong ${days} ngày` }))}
              value={filter.expiring ? String(filter.expiring) : null}
              onChange={(next) => controls.change({ expiring: next ? (Number(next) as WarehouseFilter['expiring']) : undefined })}
              clearable
              data-testid="stock-filter-expiring"
            />
            <Select
              label="Trạng thái lô"
              placeholder="Tất cả"
              data={LOT_STATUSES.map((status) => ({ value: status, label: LOT_STATUS_LABELS[status] }))}
              value={filter.lot_status ?? null}
              onChange={(next) => controls.change({ lot_status: (next ?? undefined) as WarehouseFilter['lot_status'] })}
              clearable
              data-testid="stock-filter-lot-status"
            />
            <Checkbox
              label="Chỉ hàng còn tồn"
              checked={filter.in_stock === true}
              onChange={(event) => controls.change({ in_stock: event.currentTarget.checked || undefined })}
              mt={isMobile ? 0 : 30}
              data-testid="stock-filter-in-stock"
            />
          </FilterPanel>
        </>
      }
      query={stock}
      empty={{
        title: filtered ? 'Không có hàng phù hợp' : 'Kho chưa có hàng',
        description: filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : 'Tồn kho có được khi phiếu nhập kho hoàn thành.',
      }}
      pager={{ noun: 'dòng', sizes: WAREHOUSE_PAGE_SIZES, testId: 'stock-pager' }}
    >
      {(data) => <StockRows rows={data.rows} isMobile={isMobile} showWarehouse={scope.multi && warehouse === undefined} />}
    </ListPage>
  );
}
