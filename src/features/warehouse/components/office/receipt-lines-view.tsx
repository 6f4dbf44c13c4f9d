/**
 * The lines of a receipt on its page: product, unit, quantities (per document / actual, and for a
 * transfer what arrived), price and amount, and the lots each line brought or took (an export's
 * first-expiry-first-out picks once posted), as a table on a desk and cards on a phone. A lot that
 * may not be sold (received expired, short-dated under the company's rule, recalled) shows its
 * status and why.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReceiptLineRecord } from '@contract/warehouse-receipts';
import { LOT_STATUS_COLORS, LOT_STATUS_LABELS, type ReceiptKind } from '@contract/warehouse-status';
import { formatNumber } from '@/lib/money';
import type { Column } from '@/ui/list-page/data-table';
import { ListRows } from '@/ui/list-page/list-rows';
import { MoneyText } from '@/ui/money-text';
import { lineName, lotLabel } from '@/features/warehouse/model/receipt-print';

type Props = { kind: ReceiptKind; lines: readonly ReceiptLineRecord[]; isMobile: boolean };

const LABELS: Record<ReceiptKind, [string, string]> = {
  import: ['Theo chứng từ', 'Thực nhập'],
  export: ['Yêu cầu', 'Thực xuất'],
  transfer: ['Yêu cầu', 'Thực xuất'],
  check: ['Sổ sách', 'Thực tế'],
};

function Lots({ line }: { line: ReceiptLineRecord }) {
  const picks = line.picks.filter((pick) => pick.lot_no);
  if (picks.length === 0) {
    const own = lotLabel(line.lot_no, line.expires_on);
    return own ? (
      <Text size="xs">{own}</Text>
    ) : (
      <Text size="xs" c="dimmed">
        Theo hạn dùng (FEFO)
      </Text>
    );
  }
  const seen = new Map<string, number>();
  // A transfer's picks leave one warehouse and enter the other: list each lot once.
  for (const pick of picks) if (!seen.has(pick.lot_no)) seen.set(pick.lot_no, pick.base_quantity);
  return (
    <Stack gap={0} data-testid="line-picks">
      {[...seen].map(([lotNo, quantity]) => {
        const pick = picks.find((candidate) => candidate.lot_no === lotNo)!;
        return (
          <Text key={lotNo} size="xs" data-testid="line-pick" data-lot-no={lotNo}>
            {lotLabel(lotNo, pick.expires_on)}:{' '}
            {quantity % line.factor === 0
              ? `${formatNumber(quantity / line.factor)} ${line.unit}`
              : `${formatNumber(quantity)} ${line.base_unit || '(đơn vị cơ bản)'}`}
          </Text>
        );
      })}
    </Stack>
  );
}

/** The line's lots, and its lot's status and reason when it may not be sold. */
function LotCell({ line }: { line: ReceiptLineRecord }) {
  const status = line.lot_status;
  if (!status || status === 'usable') return <Lots line={line} />;
  return (
    <Stack gap={2}>
      <Lots line={line} />
      <Group gap={6} wrap="nowrap" align="flex-start" data-testid="line-lot-status" data-status={status}>
        <Badge size="xs" variant="light" color={LOT_STATUS_COLORS[status]} tt="none" style={{ flexShrink: 0 }}>
          {LOT_STATUS_LABELS[status]}
        </Badge>
        {line.lot_status_reason && (
          <Text size="xs" c="dimmed">
            {line.lot_status_reason}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

export function ReceiptLinesView({ kind, lines, isMobile }: Props) {
  const [documentLabel, quantityLabel] = LABELS[kind];
  const quantity = (value: number | null, line: ReceiptLineRecord) => (value === null ? '—' : `${formatNumber(value)} ${line.unit}`);
  const columns: Column<ReceiptLineRecord>[] = [
    { key: 'no', label: 'STT', width: 48, cell: (line) => lines.indexOf(line) + 1 },
    { key: 'name', label: 'Sản phẩm', cell: lineName, sub: (line) => line.sku, maxWidth: 320 },
    { key: 'lots', label: 'Lô, hạn dùng', cell: (line) => <LotCell line={line} /> },
    { key: 'document', label: documentLabel, align: 'right', nowrap: true, cell: (line) => quantity(line.document_quantity, line) },
    { key: 'quantity', label: quantityLabel, align: 'right', nowrap: true, bold: true, cell: (line) => quantity(line.quantity, line) },
    ...(kind === 'transfer'
      ? [
          {
            key: 'received',
            label: 'Thực nhận',
            align: 'right' as const,
            nowrap: true,
            cell: (line: ReceiptLineRecord) => quantity(line.received_quantity, line),
          },
        ]
      : []),
    { key: 'price', label: 'Đơn giá', align: 'right', nowrap: true, cell: (line) => <MoneyText value={line.unit_price} size="sm" /> },
    { key: 'amount', label: 'Thành tiền', align: 'right', nowrap: true, cell: (line) => <MoneyText value={line.amount} size="sm" /> },
    {
      key: 'cost',
      label: 'Giá trị kho',
      align: 'right',
      nowrap: true,
      cell: (line) => (line.cost === null ? '—' : <MoneyText value={line.cost} size="sm" />),
    },
  ];
  return (
    <ListRows
      rows={lines}
      isMobile={isMobile}
      spec={{
        testId: 'receipt-line',
        rowProps: (line) => ({ 'data-variant': line.variant_id, 'data-lot-no': line.lot_no ?? '' }),
        minWidth: 960,
        hover: false,
        alignTop: true,
        columns,
        card: (line) => (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {lines.indexOf(line) + 1}. {lineName(line)}
            </Text>
            <LotCell line={line} />
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {quantityLabel}: <b>{quantity(line.quantity, line)}</b>
                {line.document_quantity !== null && ` / ${documentLabel.toLowerCase()} ${formatNumber(line.document_quantity)}`}
                {kind === 'transfer' && line.received_quantity !== null && ` · nhận ${formatNumber(line.received_quantity)}`}
              </Text>
              <MoneyText value={line.amount || line.cost || 0} size="sm" fw={600} />
            </Group>
          </Stack>
        ),
      }}
    />
  );
}
