/**
 * Lots (GET shipments/): every lot with its dates, status and quantity on hand, filtered by status
 * and near expiry; a lot's number opens its detail (who received it, its status moves) with the
 * lot's id in the URL.
 */
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import type { LotRecord } from '@contract/warehouse';
import { EXPIRY_WINDOWS } from '@contract/warehouse-ledger';
import { LOT_STATUS_LABELS, LOT_STATUSES, type LotStatus } from '@contract/warehouse-status';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { FilterPanel } from '@/ui/filter-panel';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage, type ListScreen } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { useLots } from '@/features/warehouse/api/stock-api';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { activeFilterCount, WAREHOUSE_PAGE_SIZES, type WarehouseFilter } from '@/features/warehouse/model/warehouse-search';
import { ExpiryText, LotStatusBadge } from './badges';
import { LotDetailDrawer } from './lot-detail-drawer';
import { lineName } from '@/lib/line-name';

type Props = ListScreen<WarehouseFilter> & { scope: WarehouseScope };

const productName = (lot: LotRecord) => lineName(lot);

export function LotListView(props: Props) {
  const { scope, filter } = props;
  const controls = filterControls(filter, props.onFilter);
  const lots = useLots(scope.companyId, {
    search: filter.search,
    status: filter.lot_status,
    expiring: filter.expiring,
    page: filter.page,
    limit: filter.limit,
  });
  const open = (lot: LotRecord) => props.onFilter({ ...filter, open: lot.id });
  const lotNo = (lot: LotRecord) => (
    <Anchor component="button" type="button" fw={600} onClick={() => open(lot)} data-testid="lot-open">
      {lot.lot_no}
    </Anchor>
  );
  const quantity = (lot: LotRecord) => `${formatNumber(lot.quantity)} ${lot.base_unit}`;
  const rows: RowsSpec<LotRecord> = {
    testId: 'lot',
    rowProps: (lot) => ({ 'data-lot-no': lot.lot_no, 'data-status': lot.status }),
    card: (lot) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          {lotNo(lot)}
          <LotStatusBadge status={lot.status} />
        </Group>
        <Text size="sm">{productName(lot)}</Text>
        <Group justify="space-between">
          <ExpiryText expiresOn={lot.expires_on} />
          <Text size="sm" fw={600}>
            {quantity(lot)}
          </Text>
        </Group>
      </Stack>
    ),
    minWidth: 860,
    columns: [
      { key: 'lot', label: 'Số lô', nowrap: true, cell: lotNo },
      { key: 'product', label: 'Sản phẩm', cell: productName, sub: (lot) => lot.sku, maxWidth: 320 },
      { key: 'made', label: 'Ngày sản xuất', nowrap: true, cell: (lot) => formatDate(lot.manufactured_on) || '—' },
      { key: 'expiry', label: 'Hạn dùng', nowrap: true, cell: (lot) => <ExpiryText expiresOn={lot.expires_on} /> },
      { key: 'status', label: 'Trạng thái', cell: (lot) => <LotStatusBadge status={lot.status} />, sub: (lot) => lot.status_reason },
      { key: 'quantity', label: 'Tồn (mọi kho)', align: 'right', nowrap: true, cell: quantity },
    ],
  };
  const filtered = Boolean(filter.search) || activeFilterCount(filter, ['lot_status', 'expiring']) > 0;
  return (
    <ListPage
      screen={{ filter, onFilter: props.onFilter, isMobile: scope.isMobile }}
      search={{ label: 'Tìm lô hàng', placeholder: 'Tìm theo số lô, tên, mã sản phẩm…', testId: 'lot-search' }}
      header={
        <FilterPanel
          active={activeFilterCount(filter, ['lot_status', 'expiring'])}
          onClear={() => controls.change({ lot_status: undefined, expiring: undefined })}
          isMobile={scope.isMobile}
          cols={3}
        >
          <Select
            label="Trạng thái lô"
            placeholder="Tất cả"
            data={LOT_STATUSES.map((status) => ({ value: status, label: LOT_STATUS_LABELS[status] }))}
            value={filter.lot_status ?? null}
            onChange={(next) => controls.change({ lot_status: (next ?? undefined) as LotStatus | undefined })}
            clearable
            data-testid="lot-filter-status"
          />
          <Select
            label="Hạn dùng"
            placeholder="Tất cả"
            data={EXPIRY_WINDOWS.map((days) => ({ value: String(days), label: `Hết hạn trong ${days} ngày` }))}
            value={filter.expiring ? String(filter.expiring) : null}
            onChange={(next) => controls.change({ expiring: next ? (Number(next) as WarehouseFilter['expiring']) : undefined })}
            clearable
            data-testid="lot-filter-expiring"
          />
        </FilterPanel>
      }
      query={lots}
      empty={{
        title: filtered ? 'Không có lô phù hợp' : 'Chưa có lô hàng nào',
        description: filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : 'Lô hàng được tạo khi nhập kho có số lô.',
      }}
      rows={rows}
      pager={{ noun: 'lô', sizes: WAREHOUSE_PAGE_SIZES, testId: 'lot-pager' }}
      footer={
        <LotDetailDrawer
          companyId={scope.companyId}
          id={filter.open ?? null}
          onClose={() => props.onFilter({ ...filter, open: undefined })}
        />
      }
    />
  );
}
