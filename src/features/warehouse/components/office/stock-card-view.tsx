/**
 * Thẻ kho and nhập-xuất-tồn (GET inventoryview/): over a date range (this month by default), the
 * summary lists per product the opening, in, out and closing quantities and values; the card
 * follows one product (or one of its lots) movement by movement with the running balance. Both
 * in one warehouse or all of them.
 */
import { Select, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { vietnamDay } from '@contract/price-policy';
import type { StockLevel } from '@contract/warehouse-ledger';
import { formatMoney, formatNumber } from '@/lib/money';
import { FilterDateRange } from '@/ui/filter-date-range';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage, type ListScreen } from '@/ui/list-page/list-page';
import type { Column } from '@/ui/list-page/data-table';
import { useStockSummary, useVariantLots, type SummaryRow } from '@/features/warehouse/api/stock-api';
import { useWarehouses } from '@/features/warehouse/api/warehouse-api';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { WAREHOUSE_PAGE_SIZES, warehouseParam, type WarehouseFilter } from '@/features/warehouse/model/warehouse-search';
import { WarehouseFilterSelect } from './receipt-filters';
import { StockCardMoves } from './stock-card-moves';
import { VariantSelect } from './variant-select';
import { lineName } from '@/lib/line-name';

type Props = ListScreen<WarehouseFilter> & { scope: WarehouseScope };

const monthStart = (day: string) => `${day.slice(0, 8)}01`;

function Level({ level }: { level: StockLevel }) {
  return (
    <>
      {formatNumber(level.quantity)}
      <Text size="xs" c="dimmed">
        {formatMoney(level.value)}
      </Text>
    </>
  );
}

const levelColumn = (key: 'opening' | 'in' | 'out' | 'closing', label: string): Column<SummaryRow> => ({
  key,
  label,
  align: 'right',
  nowrap: true,
  bold: key === 'closing',
  cell: (row) => <Level level={row[key]} />,
});

export function StockCardView(props: Props) {
  const { scope, filter } = props;
  const { companyId, isMobile } = scope;
  const controls = filterControls(filter, props.onFilter);
  const warehouses = useWarehouses(companyId);
  const today = vietnamDay();
  const range = { from: filter.from ?? monthStart(today), to: filter.to ?? today };
  const warehouse = warehouseParam(filter, scope.active);
  const mode = filter.mode ?? 'summary';
  const summary = useStockSummary(
    companyId,
    { ...range, warehouse, search: filter.search, page: filter.page, limit: filter.limit },
    mode === 'summary',
  );
  const lots = useVariantLots(companyId, mode === 'card' ? (filter.variant ?? null) : null);

  const filters = (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(next) => controls.change({ mode: next === 'card' ? 'card' : undefined })}
        data={[
          { value: 'summary', label: 'Nhập - xuất - tồn' },
          { value: 'card', label: 'Thẻ kho' },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-testid="card-mode"
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <FilterDateRange
          label="Kỳ"
          value={[range.from, range.to]}
          clearable={false}
          maxDate={today}
          isMobile={isMobile}
          onChange={([from, to]) => controls.change({ from, to })}
          data-testid="card-range"
        />
        {scope.multi && (
          <WarehouseFilterSelect
            warehouses={warehouses.data}
            filter={filter}
            active={scope.active}
            onChange={(value) => controls.change({ warehouse: value })}
          />
        )}
        {mode === 'card' && (
          <VariantSelect
            companyId={companyId}
            value={filter.variant}
            onChange={(variant) => controls.change({ variant, lot: undefined })}
          />
        )}
        {mode === 'card' && filter.variant && (
          <Select
            label="Lô"
            placeholder="Tất cả lô"
            data={(lots.data?.rows ?? []).map((lot) => ({ value: String(lot.id), label: `Lô ${lot.lot_no}` }))}
            value={filter.lot ? String(filter.lot) : null}
            onChange={(next) => controls.change({ lot: next ? Number(next) : undefined })}
            clearable
            data-testid="card-lot"
          />
        )}
      </SimpleGrid>
    </Stack>
  );

  if (mode === 'card')
    return (
      <Stack gap="md">
        {filters}
        <StockCardMoves
          companyId={companyId}
          query={{ ...range, warehouse, variant: filter.variant, lot: filter.lot }}
          isMobile={isMobile}
        />
      </Stack>
    );
  return (
    <ListPage
      screen={{ filter, onFilter: props.onFilter, isMobile }}
      search={{ label: 'Tìm sản phẩm', placeholder: 'Tìm theo tên, mã sản phẩm…', testId: 'summary-search' }}
      header={filters}
      query={summary}
      empty={{ title: 'Không có phát sinh trong kỳ', description: 'Thử chọn kỳ hoặc kho khác.' }}
      rows={{
        testId: 'summary',
        rowKey: (row) => row.variant_id,
        rowProps: (row) => ({ 'data-variant': row.variant_id }),
        hover: false,
        minWidth: 820,
        columns: [
          {
            key: 'name',
            label: 'Sản phẩm',
            cell: (row) => lineName(row),
            sub: (row) => row.sku,
          },
          levelColumn('opening', 'Tồn đầu kỳ'),
          levelColumn('in', 'Nhập trong kỳ'),
          levelColumn('out', 'Xuất trong kỳ'),
          levelColumn('closing', 'Tồn cuối kỳ'),
        ],
        card: (row) => (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {lineName(row)}
            </Text>
            <Text size="sm">
              Đầu kỳ {formatNumber(row.opening.quantity)} · Nhập {formatNumber(row.in.quantity)} · Xuất {formatNumber(row.out.quantity)} ·
              Cuối kỳ <b>{formatNumber(row.closing.quantity)}</b>
            </Text>
            <Text size="xs" c="dimmed">
              Giá trị cuối kỳ {formatMoney(row.closing.value)}
            </Text>
          </Stack>
        ),
      }}
      pager={{ noun: 'sản phẩm', sizes: WAREHOUSE_PAGE_SIZES, testId: 'summary-pager' }}
    />
  );
}
