/**
 * /invoices: the company's e-invoices on the list-page kit: search (number, buyer, tax code, order
 * code), status tabs counted over the search, the rows (number and series, date, buyer, orders,
 * total, status) and "Cấu hình" for who may change the settings. Invoices are issued from a
 * completed order's page. The filter is in the URL.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceRecord, type InvoiceStatus } from '@contract/invoices';
import { formatMoney } from '@contract/money';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { CardHead } from '@/ui/list-page/card-head';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import { useInvoiceList } from '@/features/invoices/api/invoice-api';
import { compactInvoiceFilter, INVOICE_PAGE_SIZES, parseInvoiceFilter, type InvoiceFilter } from '@/features/invoices/model/invoice-filter';
import { InvoiceStatusBadge } from './invoice-status-badge';

export const invoiceLabel = (invoice: Pick<InvoiceRecord, 'template_no' | 'series' | 'number'>) =>
  invoice.number ? `${invoice.number}` : 'Chưa có số';
const ordersText = (invoice: InvoiceRecord) => invoice.orders.map((order) => order.code ?? '—').join(', ');

function NumberLink({ row }: { row: InvoiceRecord }) {
  return (
    <AnchorLink to="/invoices/$id" params={{ id: row.id }} fw={600} size="sm" data-testid="invoice-number">
      {invoiceLabel(row)}
    </AnchorLink>
  );
}

export function InvoiceListView({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => parseInvoiceFilter(location.search), [location.search]);
  const setFilter = (next: InvoiceFilter) => void navigate({ to: '/invoices', search: compactInvoiceFilter(next) as never, replace: true });
  const list = useInvoiceList(companyId, filter);
  const canEdit = useCan('invoices', 'edit');
  const counts = list.data?.bonus?.by_status;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : undefined;

  const rows: RowsSpec<InvoiceRecord> = {
    testId: 'invoice',
    rowProps: (row) => ({ 'data-id': row.id, 'data-status': row.status }),
    minWidth: 960,
    card: (row) => (
      <Stack gap={4}>
        <CardHead aside={<InvoiceStatusBadge invoice={row} />}>
          <NumberLink row={row} />
          <Text size="sm" fw={500} lineClamp={2}>
            {row.buyer.legal_name}
          </Text>
        </CardHead>
        <Text size="xs" c="dimmed">
          {row.template_no}
          {row.series} · {formatDate(row.issued_on ?? row.created_at)} · {ordersText(row)}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs">{row.buyer.tax_code ? `MST ${row.buyer.tax_code}` : 'Người mua không có MST'}</Text>
          <Text size="sm" fw={600}>
            {formatMoney(row.total)}
          </Text>
        </Group>
      </Stack>
    ),
    columns: [
      { key: 'number', label: 'Số hóa đơn', nowrap: true, cell: (row) => <NumberLink row={row} /> },
      { key: 'series', label: 'Ký hiệu', nowrap: true, cell: (row) => `${row.template_no}${row.series}` },
      { key: 'date', label: 'Ngày', nowrap: true, cell: (row) => formatDate(row.issued_on ?? row.created_at) },
      {
        key: 'buyer',
        label: 'Người mua',
        cell: (row) => row.buyer.legal_name,
        lines: 2,
        maxWidth: 280,
        sub: (row) => row.buyer.tax_code ?? null,
      },
      { key: 'orders', label: 'Đơn hàng', cell: ordersText, lines: 2, maxWidth: 200 },
      { key: 'total', label: 'Tổng tiền', align: 'right', nowrap: true, cell: (row) => formatMoney(row.total) },
      { key: 'status', label: 'Trạng thái', cell: (row) => <InvoiceStatusBadge invoice={row} /> },
    ],
  };

  const settingsButton = canEdit ? (
    <Button
      component={Link}
      to="/invoices/settings"
      variant="default"
      leftSection={<IconSettings size={18} />}
      data-testid="invoice-settings-link"
    >
      {isMobile ? 'Cấu hình' : 'Cấu hình hóa đơn'}
    </Button>
  ) : null;

  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm hóa đơn', placeholder: 'Tìm theo số hóa đơn, người mua, MST, mã đơn…', testId: 'invoice-search' }}
      actions={settingsButton}
      nowrap
      header={
        <StatusTabs
          tabs={[
            allStatusesTab(all),
            ...INVOICE_STATUSES.map((status) => ({
              value: status,
              label: INVOICE_STATUS_LABELS[status],
              count: counts ? (counts[status] ?? 0) : undefined,
            })),
          ]}
          value={filter.status}
          onChange={(status) => setFilter({ ...filter, page: 1, status: status as InvoiceStatus | undefined })}
          testId="invoice"
        />
      }
      query={list}
      empty={{
        title: filter.search || filter.status ? 'Không có hóa đơn phù hợp' : 'Chưa có hóa đơn điện tử nào',
        description:
          filter.search || filter.status ? 'Thử đổi từ khóa hoặc trạng thái.' : 'Mở một đơn hàng đã hoàn thành và chọn "Xuất hóa đơn".',
      }}
      rows={rows}
      pager={{ noun: 'hóa đơn', sizes: INVOICE_PAGE_SIZES, testId: 'invoice-pager', countTestId: 'invoice-count' }}
    />
  );
}
