/** The tables of a campaign's page: its lots, the customers who received them (returned against shipped), notices and returns. */
import { Button, Text } from '@mantine/core';
import { RECALL_NOTICE_CHANNELS, type RecallCustomerRow, type RecallDetail } from '@contract/pharma-recalls';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { AnchorLink } from '@/ui/anchor-link';
import { DataTable } from '@/ui/list-page/data-table';
import { StandingBadge } from './recall-badges';

export function RecallLotsTable({ recall }: { recall: RecallDetail }) {
  return (
    <DataTable
      minWidth={640}
      testId="recall-lots"
      rowTestId="recall-lot"
      rows={recall.lots}
      rowKey={(lot) => lot.lot_id}
      hover={false}
      columns={[
        { key: 'lot', label: 'Số lô', cell: (lot) => lot.lot_no, sub: (lot) => lot.product_name },
        { key: 'expiry', label: 'Hạn dùng', nowrap: true, cell: (lot) => formatDate(lot.expires_on) || '—' },
        { key: 'shipped', label: 'Đã giao', align: 'right', cell: (lot) => `${formatNumber(lot.shipped)} ${lot.base_unit}` },
        { key: 'returned', label: 'Đã thu hồi', align: 'right', cell: (lot) => `${formatNumber(lot.returned)} ${lot.base_unit}` },
        { key: 'onHand', label: 'Trong kho (biệt trữ)', align: 'right', cell: (lot) => `${formatNumber(lot.on_hand)} ${lot.base_unit}` },
      ]}
    />
  );
}

type CustomerProps = { recall: RecallDetail; canBook: boolean; onBook: (row: RecallCustomerRow) => void };

export function RecallCustomersTable({ recall, canBook, onBook }: CustomerProps) {
  const unit = recall.lots[0]?.base_unit ?? '';
  return (
    <DataTable
      minWidth={820}
      testId="recall-customers"
      rowTestId="recall-customer"
      rows={recall.customers}
      rowKey={(row) => row.customer_id}
      rowProps={(row) => ({ 'data-code': row.customer_code, 'data-overdue': String(row.overdue) })}
      hover={false}
      columns={[
        {
          key: 'customer',
          label: 'Khách hàng',
          cell: (row) => row.customer_name,
          sub: (row) => [row.customer_code, row.customer_phone].filter(Boolean).join(' · '),
        },
        { key: 'rep', label: 'Nhân viên phụ trách', cell: (row) => row.rep_name ?? '—' },
        {
          key: 'lots',
          label: 'Theo lô',
          cell: (row) => row.lots.map((lot) => `${lot.lot_no}: ${formatNumber(lot.returned)}/${formatNumber(lot.shipped)}`).join('; '),
        },
        { key: 'shipped', label: 'Đã giao', align: 'right', nowrap: true, cell: (row) => `${formatNumber(row.shipped)} ${unit}` },
        { key: 'returned', label: 'Đã trả', align: 'right', nowrap: true, cell: (row) => `${formatNumber(row.returned)} ${unit}` },
        { key: 'outstanding', label: 'Còn lại', align: 'right', nowrap: true, cell: (row) => formatNumber(row.outstanding) },
        { key: 'standing', label: 'Tình trạng', cell: (row) => <StandingBadge row={row} /> },
        {
          key: 'book',
          label: '',
          cell: (row) =>
            canBook && row.outstanding > 0 ? (
              <Button size="compact-sm" variant="light" onClick={() => onBook(row)} data-testid="recall-book">
                Nhập trả
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

export function RecallNoticesTable({ recall }: { recall: RecallDetail }) {
  if (recall.notices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Chưa có khách hàng nào nhận lô này nên chưa có thông báo.
      </Text>
    );
  return (
    <DataTable
      minWidth={640}
      testId="recall-notices"
      rowTestId="recall-notice"
      rows={recall.notices}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-channel': row.channel, 'data-status': row.status })}
      hover={false}
      columns={[
        { key: 'customer', label: 'Khách hàng', cell: (row) => row.customer_name },
        { key: 'channel', label: 'Kênh', cell: (row) => RECALL_NOTICE_CHANNELS[row.channel] },
        {
          key: 'detail',
          label: 'Kết quả',
          cell: (row) => (row.message ? `${row.detail} · ${row.message}` : row.detail),
          sub: (row) => formatDateTime(row.created_at),
        },
      ]}
    />
  );
}

export function RecallReturnsTable({ recall }: { recall: RecallDetail }) {
  if (recall.returns.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Chưa nhập trả lần nào.
      </Text>
    );
  return (
    <DataTable
      minWidth={640}
      testId="recall-returns"
      rowTestId="recall-return"
      rows={recall.returns}
      rowKey={(row) => row.id}
      hover={false}
      columns={[
        {
          key: 'receipt',
          label: 'Phiếu nhập trả',
          nowrap: true,
          cell: (row) => (
            <AnchorLink to="/inventory/receipt/$kind/$id" params={{ kind: 'import', id: row.receipt_id }}>
              {row.receipt_code}
            </AnchorLink>
          ),
          sub: (row) => formatDate(row.document_date),
        },
        { key: 'customer', label: 'Khách hàng', cell: (row) => row.customer_name },
        { key: 'lot', label: 'Số lô', cell: (row) => row.lot_no },
        { key: 'quantity', label: 'Số lượng', align: 'right', cell: (row) => formatNumber(row.quantity) },
        { key: 'by', label: 'Người nhập', cell: (row) => row.created_by_name },
      ]}
    />
  );
}
