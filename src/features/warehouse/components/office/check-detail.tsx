/**
 * A count's page body (05-VT style): per lot, the books against the count with the surplus and
 * shortage and their value at the average cost; who counted and how many sheets; and, while it is
 * open, "Nhập số đếm" for the office (a sheet of its own, added to the counters' sheets). The
 * counted figures are the sum of the sheets, written when the count is completed.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import type { Column } from '@/ui/list-page/data-table';
import { ListRows } from '@/ui/list-page/list-rows';
import { useAverageCosts } from '@/features/warehouse/api/stock-api';
import { checkRows, checkTotals, type CheckRow } from '@/features/warehouse/model/check-rows';
import { CheckCountDialog } from './check-count-dialog';

type Props = { companyId: number; receipt: ReceiptDetail; isMobile: boolean };

const qty = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatNumber(value));
const money = (value: number | null | undefined) => (value === null || value === undefined ? '' : formatMoney(value));
const figure =
  (pick: (row: CheckRow) => { quantity: number; value: number | null } | null, withValue = true) =>
  (row: CheckRow) => {
    const value = pick(row);
    if (!value) return '—';
    return (
      <>
        {qty(value.quantity)}
        {withValue && value.quantity !== 0 && (
          <Text size="xs" c="dimmed">
            {money(value.value)}
          </Text>
        )}
      </>
    );
  };

export function CheckDetail({ companyId, receipt, isMobile }: Props) {
  const open = receipt.status === 'draft' || receipt.status === 'pending';
  const costs = useAverageCosts(companyId, receipt.warehouse_id, true);
  const rows = checkRows(receipt.lines, (variantId) => costs.data?.get(variantId) ?? null);
  const totals = checkTotals(rows);
  const canCount = useCan('warehouse', 'create');
  const [counting, setCounting] = useState(false);

  const columns: Column<CheckRow>[] = [
    { key: 'no', label: 'STT', width: 48, cell: (row) => row.no },
    { key: 'name', label: 'Sản phẩm', cell: (row) => row.name, sub: (row) => row.sku, maxWidth: 280 },
    { key: 'lot', label: 'Lô / HD', nowrap: true, cell: (row) => row.lotNo ?? '—', sub: (row) => formatDate(row.expiresOn) },
    { key: 'unit', label: 'ĐVT', cell: (row) => row.unit },
    {
      key: 'cost',
      label: 'Đơn giá',
      align: 'right',
      nowrap: true,
      cell: (row) => money(row.unitCost === null ? null : Math.round(row.unitCost)),
    },
    { key: 'book', label: 'Sổ sách', align: 'right', nowrap: true, cell: figure((row) => row.book) },
    { key: 'counted', label: 'Thực tế', align: 'right', nowrap: true, bold: true, cell: figure((row) => row.counted) },
    { key: 'surplus', label: 'Thừa', align: 'right', nowrap: true, cell: figure((row) => row.surplus) },
    { key: 'shortage', label: 'Thiếu', align: 'right', nowrap: true, cell: figure((row) => row.shortage) },
  ];

  return (
    <Stack gap="md">
      {open && (
        <Alert color="blue" variant="light" icon={<IconClipboardList size={18} />} data-testid="check-open-note">
          Thực tế là số đếm đến lúc này.{' '}
          {receipt.count_merge === 'latest'
            ? 'Mỗi lô lấy lần đếm mới nhất, của bất kỳ ai.'
            : 'Mỗi người đếm lấy lần đếm sau cùng của từng lô, số của những người đếm khác nhau được cộng lại.'}{' '}
          Chênh lệch với sổ sách chỉ ghi vào tồn kho khi hoàn thành phiếu.
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs">
          <Title order={5}>Người kiểm</Title>
          {open && canCount && (
            <Button size="compact-md" variant="light" onClick={() => setCounting(true)} data-testid="check-enter-count">
              Nhập số đếm
            </Button>
          )}
        </Group>
        {receipt.counters.length === 0 ? (
          <Text size="sm" c="dimmed">
            Chưa có tờ kiểm nào.
          </Text>
        ) : (
          <Stack gap={4} data-testid="check-counters">
            {receipt.counters.map((counter) => (
              <Text key={counter.account_id} size="sm" data-testid="check-counter">
                <b>{counter.name}</b> · {counter.sheets} tờ kiểm · lần cuối {formatDateTime(counter.counted_at)}
              </Text>
            ))}
          </Stack>
        )}
      </Card>
      <ListRows
        rows={rows}
        isMobile={isMobile}
        spec={{
          testId: 'check-line',
          rowKey: (row) => row.lineId,
          rowProps: (row) => ({ 'data-variant': row.variantId, 'data-lot-no': row.lotNo ?? '' }),
          minWidth: 980,
          hover: false,
          columns,
          card: (row) => (
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {row.no}. {row.name}
              </Text>
              <Text size="xs" c="dimmed">
                {row.lotNo ? `Lô ${row.lotNo}` : 'Không lô'} {row.expiresOn && `· HD ${formatDate(row.expiresOn)}`}
              </Text>
              <Text size="sm">
                Sổ sách {qty(row.book.quantity)} · Thực tế {qty(row.counted?.quantity)} {row.unit}
                {row.surplus?.quantity ? ` · Thừa ${qty(row.surplus.quantity)}` : ''}
                {row.shortage?.quantity ? ` · Thiếu ${qty(row.shortage.quantity)}` : ''}
              </Text>
            </Stack>
          ),
        }}
      />
      <Group justify="flex-end" gap="lg" data-testid="check-totals">
        <Text size="sm">Giá trị sổ sách: {money(totals.book.value)}</Text>
        {totals.countedLines > 0 && (
          <>
            <Text size="sm" c="teal" data-testid="check-surplus">
              Thừa: {qty(totals.surplus.quantity)} · {money(totals.surplus.value)}
            </Text>
            <Text size="sm" c="red" data-testid="check-shortage">
              Thiếu: {qty(totals.shortage.quantity)} · {money(totals.shortage.value)}
            </Text>
          </>
        )}
      </Group>
      <CheckCountDialog companyId={companyId} receipt={receipt} opened={counting} onClose={() => setCounting(false)} isMobile={isMobile} />
    </Stack>
  );
}
