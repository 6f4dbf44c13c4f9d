/**
 * Receiving a transfer: what arrived per line, in the line's unit (all of it unless changed; never
 * more than was sent). What did not arrive stays recorded on the line as the difference.
 */
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { formatNumber } from '@/lib/money';
import { lineName } from '@/features/warehouse/model/receipt-print';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  receipt: ReceiptDetail;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onReceive: (received: { line_id: string; quantity: number }[]) => void;
};

export function ReceiveTransferDialog({ receipt, opened, busy, onClose, onReceive }: Props) {
  const [arrived, setArrived] = useState<Record<string, number | ''>>({});
  const value = (lineId: string, sent: number) => arrived[lineId] ?? sent;
  const short = receipt.lines.reduce((sum, line) => sum + Math.max(0, line.quantity - (Number(value(line.id, line.quantity)) || 0)), 0);
  const invalid = receipt.lines.some(
    (line) => value(line.id, line.quantity) === '' || Number(value(line.id, line.quantity)) > line.quantity,
  );
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={`Nhận hàng phiếu ${receipt.code}`} size="lg">
      <Stack gap="sm" data-testid="receive-dialog">
        <Text size="sm" c="dimmed">
          Nhập số lượng thực nhận tại {receipt.to_warehouse_name}. Phần thiếu được ghi lại trên phiếu.
        </Text>
        <Table.ScrollContainer minWidth={340}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sản phẩm</Table.Th>
                <Table.Th ta="right">Thực xuất</Table.Th>
                <Table.Th w={120}>Thực nhận</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {receipt.lines.map((line) => (
                <Table.Tr key={line.id} data-testid="receive-line">
                  <Table.Td>
                    <Text size="sm">{lineName(line)}</Text>
                    {line.lot_no && (
                      <Text size="xs" c="dimmed">
                        Lô {line.lot_no}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatNumber(line.quantity)} {line.unit}
                  </Table.Td>
                  <Table.Td>
                    <StrictNumberInput
                      aria-label={`Thực nhận ${lineName(line)}`}
                      value={value(line.id, line.quantity)}
                      onChange={(next) => setArrived((current) => ({ ...current, [line.id]: next === '' ? '' : Number(next) }))}
                      min={0}
                      max={line.quantity}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator="."
                      decimalSeparator=","
                      error={Number(value(line.id, line.quantity)) > line.quantity ? 'Quá số chuyển' : undefined}
                      data-testid="receive-quantity"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {short > 0 && (
          <Text size="sm" c="orange" data-testid="receive-short">
            Thiếu {formatNumber(short)} so với số chuyển.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Đóng lại
          </Button>
          <Button
            loading={busy}
            disabled={invalid}
            onClick={() => onReceive(receipt.lines.map((line) => ({ line_id: line.id, quantity: Number(value(line.id, line.quantity)) })))}
            data-testid="receive-confirm"
          >
            Xác nhận nhận hàng
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
