/**
 * The company's orders (/order, "Toàn công ty"): search, status tabs with counts, filters, the
 * person's columns, the sum of totals of the filter, row selection with the bulk status move, and
 * "Xuất Excel" of every order of the filter. The list is the server's; until it answers, and
 * offline, the orders this device holds stand in for it with a notice saying so (order-queries.ts
 * useOrderList); offline with none, it says the list needs the server. What the member's role
 * does not allow is not shown: "Xuất Excel" needs orders/export; the check boxes, some move the
 * role may make (and the server, so not on rows read offline).
 */
import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ORDER_COLUMN_LABELS, ORDER_COLUMNS, orderPaths, type OrderRecord } from '@contract/orders';
import { vietnamDay } from '@contract/price-policy';
import { ApiError } from '@/api/api-error';
import { downloadFile } from '@/api/files';
import type { AppDb } from '@/db/app-db';
import { formatMoney, formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { ColumnChooser } from '@/ui/list-page/column-chooser';
import { ExportButton } from '@/ui/list-page/export-button';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage } from '@/ui/list-page/list-page';
import { OfflineNotice } from '@/ui/list-page/offline-notice';
import { ListPager } from '@/ui/list-pager';
import { activeOrderFilterCount, applyOrderFilterChange, ORDER_PAGE_SIZES, toExportQuery, type OrderFilter } from '../api/order-filter';
import { useOrderColumns, useOrderCounts, useOrderList } from '../api/order-queries';
import { OrderBulkBar } from './order-list-bulk';
import { OrderFilters, OrderSortSelect, OrderStatusTabs, provincesOfArea } from './order-list-filters';
import { OrderCards, OrderTable, type Selection } from './order-list-table';
import type { OrderRights } from './order-status-rules';

type Props = {
  db: AppDb;
  companyId: number;
  filter: OrderFilter;
  onFilter: (next: OrderFilter) => void;
  staffLabel: string;
  isMobile: boolean;
};

const NO_SELECTION: Selection = new Map();
const apply = (filter: OrderFilter, patch: Partial<OrderFilter>) => applyOrderFilterChange(filter, patch, provincesOfArea);

/**
 * The orders checked for the bulk move, kept while the person pages through the same list; any
 * other change of the filter (search, tab, drop-down, page size, the back button) is a different
 * list, so what was checked may not be in it any more and the selection starts empty.
 */
function useSelection(filter: OrderFilter, rows: readonly OrderRecord[]) {
  const list = JSON.stringify({ ...filter, page: undefined });
  const [state, setState] = useState<{ list: string; orders: Selection }>({ list, orders: NO_SELECTION });
  const selected = state.list === list ? state.orders : NO_SELECTION;
  const update = (change: (next: Map<string, OrderRecord>) => void) =>
    setState((current) => {
      const next = new Map(current.list === list ? current.orders : NO_SELECTION);
      change(next);
      return { list, orders: next };
    });
  const mark = (next: Map<string, OrderRecord>, order: OrderRecord, checked: boolean) =>
    checked ? next.set(order.id, order) : next.delete(order.id);
  return {
    selected,
    toggle: (order: OrderRecord, checked: boolean) => update((next) => mark(next, order, checked)),
    togglePage: (checked: boolean) => update((next) => rows.forEach((order) => mark(next, order, checked))),
    clear: () => setState({ list, orders: NO_SELECTION }),
  };
}

export function OrderListView(props: Props) {
  const { db, companyId, filter, onFilter, staffLabel, isMobile } = props;
  const list = useOrderList(db, companyId, filter);
  const counts = useOrderCounts(companyId, filter);
  const { columns, save } = useOrderColumns(companyId);
  const { selected, toggle, togglePage, clear } = useSelection(filter, list.data?.rows ?? []);
  const canExport = useCan('orders', 'export');
  const rights: OrderRights = { edit: useCan('orders', 'edit'), approve: useCan('orders', 'approve') };
  const controls = filterControls(filter, onFilter, apply);
  const noServer = list.error instanceof ApiError && list.error.isNetwork;
  // The rows are the device's because the server could not be reached (not only not answered yet).
  const offline = noServer || (list.data?.source === 'device' && !list.isPlaceholderData);
  // Every status is reached by a move needing one of the two: with either, some bulk move exists.
  // A move needs the server: no check boxes on rows read offline.
  const selectable = (rights.edit || rights.approve) && !offline;
  const filtered = Boolean(filter.search) || filter.statusOrder !== undefined || activeOrderFilterCount(filter) > 0;

  const exportButton = canExport && (
    <ExportButton
      run={async () =>
        `Đã tải về ${await downloadFile(orderPaths.exportData, toExportQuery(companyId, filter), `don-hang-${vietnamDay().replace(/-/g, '')}.xlsx`)}`
      }
      failure={(error) => (error instanceof Error ? error.message : 'Không xuất được danh sách đơn hàng')}
      offline={offline}
      testId="order-export"
    />
  );

  return (
    <ListPage
      screen={props}
      apply={apply}
      search={{ label: 'Tìm đơn hàng', placeholder: 'Tìm theo mã đơn, khách hàng, số điện thoại…', testId: 'order-search' }}
      actions={
        !isMobile && (
          <>
            <OrderSortSelect filter={filter} onChange={controls.change} w={190} />
            <ColumnChooser
              columns={ORDER_COLUMNS}
              labels={{ ...ORDER_COLUMN_LABELS, staff: staffLabel }}
              shown={columns}
              onChange={(next) => save.mutate(next)}
              hint="Chọn các cột của bảng đơn hàng"
              saving={save.isPending}
              testId="order-columns"
              optionTestId="order-column"
            />
            {exportButton}
          </>
        )
      }
      header={
        <>
          <OrderStatusTabs value={filter.statusOrder} counts={counts.data} onChange={(statusOrder) => controls.change({ statusOrder })} />
          <OrderFilters db={db} companyId={companyId} filter={filter} onChange={controls.change} isMobile={isMobile} />
        </>
      }
      query={list}
      deviceNotice={{
        testId: 'order-list-device',
        text: offline
          ? 'Không có kết nối mạng: đang hiện các đơn hàng có trên máy này, danh sách của công ty sẽ cập nhật khi có mạng.'
          : 'Đang tải danh sách từ máy chủ, tạm hiện các đơn hàng có trên máy này.',
      }}
      error={
        noServer && (
          <OfflineNotice testId="order-list-offline">
            Không có kết nối mạng: danh sách đơn hàng của công ty cần máy chủ. Đơn của bạn vẫn xem được ở mục “Của tôi”.
          </OfflineNotice>
        )
      }
      empty={{
        title: filtered ? 'Không có đơn hàng phù hợp' : 'Chưa có đơn hàng nào',
        description: filtered ? 'Thử đổi từ khóa, trạng thái hoặc bộ lọc.' : 'Đơn hàng trình dược viên gửi lên sẽ hiện ở đây.',
      }}
      pb={selected.size > 0 ? 80 : undefined}
      footer={selectable && <OrderBulkBar companyId={companyId} selected={selected} onClear={clear} isMobile={isMobile} rights={rights} />}
    >
      {(data) => (
        <>
          <Group justify="space-between" gap="xs" data-testid="order-summary">
            <Text size="sm" c="dimmed">
              {formatNumber(data.count)} đơn hàng
            </Text>
            <Text size="sm">
              Tổng tiền:{' '}
              <Text span fw={700} data-testid="order-total-amount">
                {formatMoney(data.totalAmount)}
              </Text>
            </Text>
          </Group>
          {isMobile ? (
            <OrderCards rows={data.rows} selected={selected} onToggle={toggle} staffLabel={staffLabel} selectable={selectable} />
          ) : (
            <OrderTable
              rows={data.rows}
              columns={columns}
              selected={selected}
              onToggle={toggle}
              onTogglePage={togglePage}
              staffLabel={staffLabel}
              selectable={selectable}
            />
          )}
          {/* Under the rows, with the export that a phone shows here rather than beside the search. */}
          <ListPager
            page={filter.page}
            limit={filter.limit}
            count={data.count}
            onPage={controls.page}
            onLimit={controls.limit}
            sizes={ORDER_PAGE_SIZES}
            compact={isMobile}
            testId="order-pager"
          />
          {isMobile && exportButton && <Group justify="flex-end">{exportButton}</Group>}
        </>
      )}
    </ListPage>
  );
}
