/**
 * A region's staff (assigned through their membership), customers and orders (by address), the
 * tabs of its detail: each searchable and paged by the server (getstaff/, getcustomer/, getorder/),
 * its search and page kept in the tab (they are not part of /area's URL).
 */
import { Badge, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@contract/customers';
import { formatMoney } from '@contract/money';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import type { RegionCustomerRow, RegionOrderRow, RegionStaffRow } from '@contract/regions';
import { formatDate } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { useRegionChild } from '../api/region-api';
import type { RegionTab } from '../model/region-search';

export const TAB_LABELS: Record<RegionTab, string> = { staff: 'Nhân viên', customers: 'Khách hàng', orders: 'Đơn hàng' };
const PAGE_SIZE = 10;

/** What each tab lists: its search placeholder, its empty text, its rows (test id, columns, card). */
type Tab<Row> = { placeholder: string; empty: string; rows: (staffLabel: string) => RowsSpec<Row> };

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');
const kindLabel = (kind: string, staffLabel: string) => (kind === 'sales' ? staffLabel : 'Văn phòng');

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} size="sm" tt="none">
      {active ? 'Đang làm việc' : 'Ngừng hoạt động'}
    </Badge>
  );
}

function CustomerName({ row }: { row: RegionCustomerRow }) {
  return (
    <AnchorLink to="/customers/$id" params={{ id: row.id }} fw={600} size="sm">
      {row.name}
    </AnchorLink>
  );
}

function OrderStatus({ row }: { row: RegionOrderRow }) {
  return (
    <Badge variant="light" color={ORDER_STATUS_COLORS[row.status]} size="sm" tt="none">
      {ORDER_STATUS_LABELS[row.status] ?? row.status}
    </Badge>
  );
}

const STAFF: Tab<RegionStaffRow> = {
  placeholder: 'Tìm theo tên, mã, số điện thoại…',
  empty: 'Chưa có nhân viên nào thuộc khu vực này',
  rows: (staffLabel) => ({
    testId: 'region-staff',
    rowKey: (row) => row.account_id,
    hover: false,
    columns: [
      { key: 'code', label: 'Mã', cell: (row) => dash(row.code) },
      { key: 'name', label: 'Họ và tên', bold: true, cell: (row) => row.full_name },
      { key: 'phone', label: 'Điện thoại', cell: (row) => row.phone },
      { key: 'role', label: 'Vai trò', cell: (row) => row.role_name ?? kindLabel(row.staff_kind, staffLabel) },
      { key: 'manager', label: 'Quản lý', cell: (row) => dash(row.manager_name) },
      { key: 'start', label: 'Ngày bắt đầu', cell: (row) => (row.start_date ? formatDate(row.start_date) : '—') },
      { key: 'state', label: 'Trạng thái', cell: (row) => <ActiveBadge active={row.is_active} /> },
    ],
    card: (row) => (
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{row.full_name}</Text>
          <Text size="xs" c="dimmed">
            {[row.code, row.role_name ?? kindLabel(row.staff_kind, staffLabel), row.phone].filter(Boolean).join(' · ')}
          </Text>
          {row.manager_name && (
            <Text size="xs" c="dimmed">
              Quản lý: {row.manager_name}
            </Text>
          )}
        </div>
        <ActiveBadge active={row.is_active} />
      </Group>
    ),
  }),
};

const CUSTOMERS: Tab<RegionCustomerRow> = {
  placeholder: 'Tìm theo tên, mã, số điện thoại khách hàng…',
  empty: 'Chưa có khách hàng nào có địa chỉ trong khu vực này',
  rows: () => ({
    testId: 'region-customer',
    hover: false,
    minWidth: 820,
    columns: [
      { key: 'code', label: 'Mã', nowrap: true, cell: (row) => row.code },
      { key: 'name', label: 'Tên khách hàng', cell: (row) => <CustomerName row={row} />, sub: (row) => row.kind },
      { key: 'phone', label: 'Điện thoại', nowrap: true, cell: (row) => dash(row.phone) },
      { key: 'address', label: 'Địa chỉ', maxWidth: 300, lines: 2, cell: (row) => dash(row.address) },
      { key: 'staff', label: 'Phụ trách', cell: (row) => dash(row.staff_name) },
      {
        key: 'status',
        label: 'Trạng thái',
        cell: (row) => (
          <Badge variant="light" color={row.status === 'active' ? 'teal' : 'gray'} size="sm" tt="none">
            {CUSTOMER_STATUS_LABELS[row.status as CustomerStatus] ?? row.status}
          </Badge>
        ),
      },
    ],
    card: (row) => (
      <>
        <CustomerName row={row} />
        <Text size="xs" c="dimmed">
          {row.code} · {row.kind}
          {row.phone ? ` · ${row.phone}` : ''}
        </Text>
        <Text size="sm" lineClamp={2}>
          {dash(row.address)}
        </Text>
      </>
    ),
  }),
};

const ORDERS: Tab<RegionOrderRow> = {
  placeholder: 'Tìm theo mã đơn, khách hàng…',
  empty: 'Chưa có đơn hàng nào trong khu vực này',
  rows: () => ({
    testId: 'region-order',
    hover: false,
    minWidth: 820,
    columns: [
      {
        key: 'code',
        label: 'Mã đơn',
        nowrap: true,
        cell: (row) => (
          <Text size="sm" fw={600}>
            {row.code ?? row.local_no}
          </Text>
        ),
      },
      { key: 'created', label: 'Ngày tạo', nowrap: true, cell: (row) => formatDate(row.created_at) },
      { key: 'customer', label: 'Khách hàng', cell: (row) => row.customer_name, sub: (row) => row.customer_address },
      { key: 'creator', label: 'Người tạo', cell: (row) => row.account_name },
      { key: 'status', label: 'Trạng thái', cell: (row) => <OrderStatus row={row} /> },
      { key: 'total', label: 'Tổng tiền', align: 'right', nowrap: true, cell: (row) => formatMoney(row.total) },
    ],
    card: (row) => (
      <>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{row.code ?? row.local_no}</Text>
          <OrderStatus row={row} />
        </Group>
        <Text size="sm">{row.customer_name}</Text>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {formatDate(row.created_at)} · {row.account_name}
          </Text>
          <Text size="sm" fw={600}>
            {formatMoney(row.total)}
          </Text>
        </Group>
      </>
    ),
  }),
};

type Rows = { staff: RegionStaffRow; customers: RegionCustomerRow; orders: RegionOrderRow };
const TABS: { [K in RegionTab]: Tab<Rows[K]> } = { staff: STAFF, customers: CUSTOMERS, orders: ORDERS };

type Props = { companyId: number; regionId: number; kind: RegionTab; isMobile: boolean; staffLabel: string };

export function RegionChildList({ companyId, regionId, kind, isMobile, staffLabel }: Props) {
  const [filter, setFilter] = useState({ search: '', page: 1, limit: PAGE_SIZE });
  const list = useRegionChild(companyId, kind, { region: regionId, ...filter });
  const tab = TABS[kind];
  return (
    <div data-testid={`region-${kind}`}>
      <ListPage
        screen={{ filter, onFilter: setFilter, isMobile }}
        search={{ label: `Tìm ${TAB_LABELS[kind].toLowerCase()}`, placeholder: tab.placeholder }}
        query={list}
        empty={{ title: filter.search ? 'Không có kết quả phù hợp' : tab.empty }}
        pager={{ noun: TAB_LABELS[kind].toLowerCase(), sizes: null, countTestId: `region-${kind}-count` }}
        // The tab's rows are the rows its query returns (useRegionChild answers per kind).
        rows={tab.rows(staffLabel) as RowsSpec<never>}
      />
    </div>
  );
}
