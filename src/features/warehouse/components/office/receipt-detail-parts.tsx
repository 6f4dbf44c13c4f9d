/** A receipt page's header facts and its status history. */
import { Card, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { RECEIPT_STATUS_LABELS } from '@contract/warehouse-status';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { MoneyText } from '@/ui/money-text';
import { Fact } from '@/ui/fact';

const PARTNER = { import: 'Người giao hàng', export: 'Người nhận hàng', transfer: 'Người vận chuyển', check: 'Người kiểm' } as const;

/** A transfer's value at cost, once posted (its lines' costs); null before. */
function transferValue(receipt: ReceiptDetail): number | null {
  const costs = receipt.lines.map((line) => line.cost).filter((cost): cost is number => cost !== null);
  return costs.length ? costs.reduce((sum, cost) => sum + Math.abs(cost), 0) : null;
}

export function ReceiptFacts({ receipt }: { receipt: ReceiptDetail }) {
  const transfer = receipt.kind === 'transfer';
  return (
    <Card withBorder radius="md" padding="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" verticalSpacing="xs" data-testid="receipt-facts">
        <Fact hideEmpty strong label="Ngày chứng từ">
          {formatDate(receipt.document_date)}
        </Fact>
        <Fact
          hideEmpty
          strong
          label={transfer ? 'Xuất tại kho' : receipt.kind === 'import' ? 'Nhập tại kho' : 'Kho'}
          testId="receipt-warehouse-name"
        >
          {receipt.warehouse_name}
        </Fact>
        {transfer && (
          <Fact hideEmpty strong label="Nhập tại kho">
            {receipt.to_warehouse_name}
          </Fact>
        )}
        {transfer && (
          <Fact hideEmpty strong label="Lý do chuyển kho">
            {receipt.reason}
          </Fact>
        )}
        <Fact hideEmpty strong label={PARTNER[receipt.kind]}>
          {receipt.partner_name}
        </Fact>
        <Fact hideEmpty strong label={transfer ? 'Phương tiện' : 'Địa chỉ'}>
          {receipt.partner_address}
        </Fact>
        <Fact hideEmpty strong label="Theo chứng từ">
          {receipt.source_document}
        </Fact>
        <Fact hideEmpty strong label="Đơn hàng">
          {receipt.order_code}
        </Fact>
        {receipt.is_return && (
          <Fact hideEmpty strong label="Loại phiếu">
            Hàng trả về (biệt trữ)
          </Fact>
        )}
        {receipt.kind !== 'check' && (
          <Fact hideEmpty strong label="Tổng số lượng (đơn vị cơ bản)">
            {formatNumber(receipt.total_quantity)}
          </Fact>
        )}
        {receipt.kind !== 'check' && !transfer && (
          <Fact hideEmpty strong label="Tổng tiền" testId="receipt-total">
            <MoneyText value={receipt.total_amount} fw={700} />
          </Fact>
        )}
        {/* A transfer has no price: what moved is worth its cost, known once it is posted. */}
        {transfer && transferValue(receipt) !== null && (
          <Fact hideEmpty strong label="Giá trị hàng chuyển (giá vốn)" testId="receipt-total">
            <MoneyText value={transferValue(receipt)!} fw={700} />
          </Fact>
        )}
        <Fact hideEmpty strong label="Người lập">{`${receipt.created_by_name} · ${formatDateTime(receipt.created_at)}`}</Fact>
        {receipt.completed_by_name && (
          <Fact hideEmpty strong label="Người duyệt">{`${receipt.completed_by_name} · ${formatDateTime(receipt.completed_at)}`}</Fact>
        )}
        <Fact hideEmpty strong label="Ghi chú">
          {receipt.note}
        </Fact>
        {receipt.status === 'cancelled' && (
          <Fact hideEmpty strong label="Lý do hủy">
            {receipt.status_reason}
          </Fact>
        )}
      </SimpleGrid>
    </Card>
  );
}

export function ReceiptHistory({ history }: { history: ReceiptDetail['history'] }) {
  if (history.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={5}>Lịch sử</Title>
      <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} data-testid="receipt-history">
        {history.map((entry, index) => (
          <Timeline.Item
            key={index}
            title={
              entry.from ? `${RECEIPT_STATUS_LABELS[entry.from]} → ${RECEIPT_STATUS_LABELS[entry.to]}` : RECEIPT_STATUS_LABELS[entry.to]
            }
          >
            <Text size="xs" c="dimmed">
              {entry.by} · {formatDateTime(entry.at)}
            </Text>
            {entry.reason && <Text size="sm">Lý do: {entry.reason}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
