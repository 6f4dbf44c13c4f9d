/**
 * /system/orders: companies' orders for a package (ordersystem/), by status; confirm the payment
 * (adminconfirmorder/: the package starts and the company's switches follow it) or cancel with a
 * reason (cancelordersystem/: a voucher used is the company's again).
 */
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { SYSTEM_ORDER_STATUS_LABELS, SYSTEM_ORDER_STATUSES, type SystemOrderRecord, type SystemOrderStatus } from '@contract/plans';
import { apiErrorMessage } from '@/api/api-error';
import { formatDateTime } from '@/lib/dates';
import { openConfirm } from '@/ui/confirm-dialog';
import { CopyButton } from '@/ui/copy-button';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import { MoneyText } from '@/ui/money-text';
import { toastedWrite } from '@/ui/toasted-write';
import { systemWrites, useSystemOrders, useSystemWrite } from '@/features/system/api/system-api';
import { formatMoney } from '@contract/money';

type Filter = { search?: string; page: number; limit: number; status?: SystemOrderStatus };
const COLORS: Record<SystemOrderStatus, string> = { pending: 'orange', confirmed: 'teal', cancelled: 'gray' };

export function SystemOrderListView({ isMobile }: { isMobile: boolean }) {
  const [filter, setFilter] = useState<Filter>({ page: 1, limit: 20, status: 'pending' });
  const orders = useSystemOrders({ ...filter });
  const confirm = useSystemWrite(systemWrites.confirmOrder);
  const cancel = useSystemWrite(systemWrites.cancelOrder);

  const askConfirm = (order: SystemOrderRecord) =>
    openConfirm({
      title: 'Xác nhận thanh toán',
      message: `Xác nhận ${order.company_title} đã thanh toán ${formatMoney(order.total)} cho đơn ${order.code}? Gói ${order.package_name} (${order.months} tháng) được kích hoạt và chức năng của công ty theo gói.`,
      okLabel: 'Kích hoạt',
      onOk: () =>
        toastedWrite(
          async () => (await confirm.mutateAsync(order.id)) ?? '',
          (error) => apiErrorMessage(error, 'Không kích hoạt được gói'),
        ),
    });
  const askCancel = (order: SystemOrderRecord) => {
    let reason = '';
    return openConfirm({
      title: `Hủy đơn ${order.code}`,
      icon: 'warning',
      message: (
        <Textarea
          label="Lý do hủy"
          withAsterisk
          maxLength={500}
          onChange={(event) => (reason = event.currentTarget.value)}
          data-testid="cancel-reason"
        />
      ),
      okLabel: 'Hủy đơn',
      onOk: () =>
        toastedWrite(
          async () => (await cancel.mutateAsync({ order: order.id, reason })) ?? '',
          (error) => apiErrorMessage(error, 'Không hủy được đơn'),
        ),
    });
  };

  const status = (order: SystemOrderRecord) => (
    <Badge tt="none" variant="light" color={COLORS[order.status]}>
      {SYSTEM_ORDER_STATUS_LABELS[order.status]}
    </Badge>
  );
  const actions = (order: SystemOrderRecord) =>
    order.status === 'pending' && (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Button size="compact-sm" onClick={() => void askConfirm(order)} data-testid="system-order-confirm">
          Kích hoạt
        </Button>
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => void askCancel(order)}>
          Hủy
        </Button>
      </Group>
    );
  const code = (order: SystemOrderRecord) => (
    <Group gap={4} wrap="nowrap">
      <Text fw={600} size="sm">
        {order.code}
      </Text>
      <CopyButton value={order.code} label={`Sao chép mã đơn ${order.code}`} />
    </Group>
  );

  const rows: RowsSpec<SystemOrderRecord> = {
    testId: 'system-order',
    minWidth: 960,
    card: (order) => (
      <Stack gap={4}>
        <Group justify="space-between">
          {code(order)}
          {status(order)}
        </Group>
        <Text size="sm">{order.company_title}</Text>
        <Text size="xs" c="dimmed">
          {order.package_name} · {order.months} tháng · {formatDateTime(order.created_at)}
        </Text>
        <Group justify="space-between">
          <MoneyText value={order.total} fw={700} />
          {actions(order)}
        </Group>
      </Stack>
    ),
    columns: [
      { key: 'code', label: 'Mã đơn', cell: code, nowrap: true },
      { key: 'company', label: 'Công ty', cell: (order) => order.company_title, sub: (order) => order.created_by_name },
      { key: 'package', label: 'Gói', cell: (order) => `${order.package_name} · ${order.months} tháng` },
      { key: 'voucher', label: 'Mã giảm giá', cell: (order) => order.voucher_code ?? '—' },
      {
        key: 'total',
        label: 'Thành tiền',
        align: 'right',
        cell: (order) => <MoneyText value={order.total} fw={600} />,
        sub: (order) => (order.discount_amount ? `Giảm ${formatMoney(order.discount_amount)}` : null),
      },
      { key: 'created', label: 'Ngày tạo', nowrap: true, cell: (order) => formatDateTime(order.created_at) },
      { key: 'status', label: 'Trạng thái', cell: status, sub: (order) => order.cancel_reason ?? order.decided_by_name },
      { key: 'actions', cell: (order) => actions(order) },
    ],
  };

  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm đơn', placeholder: 'Tìm theo mã đơn hoặc tên công ty…' }}
      header={
        <StatusTabs
          tabs={[
            allStatusesTab(undefined),
            ...SYSTEM_ORDER_STATUSES.map((value) => ({ value, label: SYSTEM_ORDER_STATUS_LABELS[value], count: undefined })),
          ]}
          value={filter.status}
          onChange={(next) => setFilter({ ...filter, page: 1, status: next as SystemOrderStatus | undefined })}
          testId="system-order"
        />
      }
      query={orders}
      empty={{ title: 'Không có đơn gói dịch vụ', description: 'Công ty đăng ký hoặc gia hạn gói ở trang Gói dịch vụ của công ty.' }}
      pager={{ noun: 'đơn', sizes: [20, 50, 100] }}
      rows={rows}
    />
  );
}
