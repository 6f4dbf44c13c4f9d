/**
 * The company's orders (/order, "Toàn công ty"): search, status tabs with counts, filters, the
 * person's columns, the sum of totals of the filter, row selection with the bulk status move, and
 * "Xuất Excel" of every order of the filter. The list needs the server; offline it says so (a
 * rep's own orders stay on the "Của tôi" view). What the member's role does not allow (issue #7)
 * is not shown: "Xuất Excel" needs orders/export; the check boxes, some move the role may make.
 */
import { Alert, Button, Group, Loader, Pagination, Select, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { orderPaths, type OrderRecord } from '@contract/orders';
import { vietnamDay } from '@contract/price-policy';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { formatMoney } from '@/lib/money';
import { EmptyState } from '@/ui/empty-state';
import { useCan } from '@/session/access';
import { toast } from '@/ui/toast';
import { downloadFile } from '@/api/files';
import {
  activeOrderFilterCount,
  applyOrderFilterChange,
  ORDER_PAGE_SIZES,
  toExportQuery,
  type OrderFilter,
  type OrderFilterPatch,
} from '../api/order-filter';
import { useOrderColumns, useOrderCounts, useOrderList } from '../api/order-queries';
import { OrderBulkBar } from './order-list-bulk';
import { OrderColumnsMenu } from './order-list-columns';
import { SearchInput } from '@/ui/search-input';
import { OrderFilters, OrderSortSelect, OrderStatusTabs, provincesOfArea } from './order-list-filters';
import { OrderCards, OrderTable } from './order-list-table';
import type { OrderRights } from './order-status-rules';

type Props = {
  db: AppDb;
  companyId: number;
  filter: OrderFilter;
  onFilter: (next: OrderFilter) => void;
  staffLabel: string;
  isMobile: boolean;
};

export function OrderListView({ db, companyId, filter, onFilter, staffLabel, isMobile }: Props) {
  const list = useOrderList(companyId, filter);
  const counts = useOrderCounts(companyId, filter);
  const { columns, save } = useOrderColumns(companyId);
  const [selected, setSelected] = useState<Map<string, OrderRecord>>(() => new Map());
  const [exporting, setExporting] = useState(false);
  const canExport = useCan('orders', 'export');
  const rights: OrderRights = { edit: useCan('orders', 'edit'), approve: useCan('orders', 'approve') };
  // Every status is reached by a move needing one of the two: with either, some bulk move exists.
  const selectable = rights.edit || rights.approve;

  const change = (patch: OrderFilterPatch) => {
    // A different list: what was selected may not be in it any more.
    setSelected(new Map());
    onFilter(applyOrderFilterChange(filter, patch, provincesOfArea));
  };
  const toggle = (order: OrderRecord, checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(order.id, order);
      else next.delete(order.id);
      return next;
    });
  const togglePage = (checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const order of list.data?.rows ?? []) {
        if (checked) next.set(order.id, order);
        else next.delete(order.id);
      }
      return next;
    });

  const exportList = async () => {
    setExporting(true);
    try {
      const name = await downloadFile(
        orderPaths.exportData,
        toExportQuery(companyId, filter),
        `don-hang-${vietnamDay().replace(/-/g, '')}.xlsx`,
      );
      toast.success(`Đã tải về ${name}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Không xuất được danh sách đơn hàng');
    } finally {
      setExporting(false);
    }
  };

  const data = list.data;
  const offline = list.error instanceof ApiError && list.error.isNetwork;
  const filtered = Boolean(filter.search) || filter.statusOrder !== undefined || activeOrderFilterCount(filter) > 0;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / filter.limit));

  const exportButton = canExport && (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={18} />}
      loading={exporting}
      onClick={() => void exportList()}
      disabled={offline}
      data-testid="order-export"
    >
      Xuất Excel
    </Button>
  );

  return (
    <Stack gap="md" pb={selected.size > 0 ? 80 : undefined}>
      <Group gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'} align="center">
        <SearchInput
          value={filter.search}
          onSearch={(search) => change({ search })}
          label="Tìm đơn hàng"
          placeholder="Tìm theo mã đơn, khách hàng, số điện thoại…"
          testId="order-search"
        />
        {!isMobile && <OrderSortSelect filter={filter} onChange={change} w={190} />}
        {!isMobile && (
          <OrderColumnsMenu columns={columns} onChange={(next) => save.mutate(next)} staffLabel={staffLabel} saving={save.isPending} />
        )}
        {!isMobile && exportButton}
      </Group>
      <OrderStatusTabs value={filter.statusOrder} counts={counts.data} onChange={(statusOrder) => change({ statusOrder })} />
      <OrderFilters db={db} companyId={companyId} filter={filter} onChange={change} isMobile={isMobile} />
      {offline ? (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="order-list-offline">
          Không có kết nối mạng: danh sách đơn hàng của công ty cần máy chủ. Đơn của bạn vẫn xem được ở mục “Của tôi”.
        </Alert>
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {list.error.message}
        </Alert>
      ) : null}
      {list.isPending && !offline ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState
          title={filtered ? 'Không có đơn hàng phù hợp' : 'Chưa có đơn hàng nào'}
          description={filtered ? 'Thử đổi từ khóa, trạng thái hoặc bộ lọc.' : 'Đơn hàng trình dược viên gửi lên sẽ hiện ở đây.'}
        />
      ) : data ? (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <Group justify="space-between" gap="xs" data-testid="order-summary">
            <Text size="sm" c="dimmed">
              {data.count.toLocaleString('vi-VN')} đơn hàng
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
          <Group justify="space-between" gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'} data-testid="order-pager">
            <Select
              aria-label="Số dòng mỗi trang"
              data={ORDER_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / trang` }))}
              value={String(filter.limit)}
              onChange={(value) => value && change({ limit: Number(value) })}
              allowDeselect={false}
              w={120}
              size="xs"
              styles={{ input: { height: 30, minHeight: 30 } }}
            />
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(filter.page, pages)}
                onChange={(page) => onFilter({ ...filter, page })}
                size={isMobile ? 'sm' : 'md'}
                siblings={isMobile ? 0 : 1}
              />
            )}
          </Group>
          {isMobile && exportButton && <Group justify="flex-end">{exportButton}</Group>}
        </Stack>
      ) : null}
      {selectable && (
        <OrderBulkBar
          companyId={companyId}
          selected={selected}
          onClear={() => setSelected(new Map())}
          isMobile={isMobile}
          rights={rights}
        />
      )}
    </Stack>
  );
}
