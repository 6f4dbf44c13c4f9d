/**
 * "Nhập hàng trả lại" of a shipped order (import-receipt-return-order/): per order line how much comes
 * back, in the line's unit — all that can still come back unless changed, none for a product the
 * warehouse does not track — with the date and a note. The goods come in on an import receipt
 * marked as a return, at the cost they left with, held in quarantine until someone releases the
 * lot. A refusal shows the server's message, on its line when it names one. Loaded when first
 * opened, from the network (scripts/office-chunks.ts leaves components/online out of the precache).
 */
import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { OrderRecord } from '@contract/orders';
import { vietnamDay } from '@contract/price-policy';
import { ApiError } from '@/api/api-error';
import { formatNumber } from '@/lib/money';
import { toast } from '@/ui/toast';
import { DayField } from '@/ui/day-field';
import { useOrderReturn, useReceiptDetails, type OrderReceipts } from '@/features/warehouse/api/order-stock-api';
import { errorMessage } from '@/features/warehouse/api/warehouse-keys';
import {
  baseByVariant,
  refusedLine,
  returnLines,
  returnProblem,
  returnRows,
  type ReturnRow,
} from '@/features/warehouse/model/order-return';
import { NoteField } from '@/ui/note-field';
import { DialogActions } from '@/ui/dialog-actions';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  companyId: number;
  order: OrderRecord;
  receipts: OrderReceipts;
  onClose: () => void;
};

export function OrderReturnDialog({ companyId, order, receipts, onClose }: Props) {
  const shipments = receipts.shipments.filter((receipt) => receipt.status === 'completed');
  const returns = receipts.returns.filter((receipt) => receipt.status === 'completed');
  const details = useReceiptDetails(companyId, [...shipments, ...returns], true);
  const title = `Nhập hàng trả lại – đơn ${order.code ?? order.local_no}`;
  return (
    <ResponsiveModal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm" data-testid="order-return-dialog">
        {details.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" />
          </Group>
        ) : details.isError ? (
          <Alert color="red" data-testid="order-return-error">
            {errorMessage(details.error, 'Không tải được phiếu xuất kho của đơn hàng')}
          </Alert>
        ) : (
          <ReturnForm
            companyId={companyId}
            order={order}
            rows={returnRows(
              order.lines,
              baseByVariant(details.data.slice(0, shipments.length)),
              baseByVariant(details.data.slice(shipments.length)),
            )}
            onClose={onClose}
          />
        )}
      </Stack>
    </ResponsiveModal>
  );
}

function ReturnForm({
  companyId,
  order,
  rows,
  onClose,
}: {
  companyId: number;
  order: OrderRecord;
  rows: ReturnRow[];
  onClose: () => void;
}) {
  const post = useOrderReturn(companyId);
  const [quantities, setQuantities] = useState<Map<string, number | ''>>(() => new Map(rows.map((row) => [row.lineId, row.max])));
  const [date, setDate] = useState(vietnamDay());
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; lineId?: string } | null>(null);
  const chosen = new Map([...quantities].map(([lineId, value]) => [lineId, value === '' ? 0 : value]));

  if (rows.every((row) => row.max === 0))
    return (
      <>
        <Alert color="gray" data-testid="order-return-nothing">
          Hàng của đơn này đã được nhập trả hết (hoặc không có sản phẩm nào được quản lý tồn kho).
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Đóng lại
          </Button>
        </Group>
      </>
    );

  const submit = async () => {
    const problem = returnProblem(rows, chosen);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await post({ order: order.id, document_date: date, note: note.trim() || null, lines: returnLines(rows, chosen) });
      toast.success(answer.message ?? 'Đã nhập kho hàng trả về (đang biệt trữ)');
      onClose();
    } catch (failure) {
      const line = failure instanceof ApiError ? refusedLine(rows, failure.fields) : null;
      setError({ message: errorMessage(failure, 'Không nhập được hàng trả lại'), lineId: line?.lineId });
      setBusy(false);
    }
  };

  return (
    <>
      <Text size="sm" c="dimmed">
        Hàng trả lại được nhập vào kho theo đúng lô đã xuất, với giá vốn lúc xuất, và được biệt trữ cho tới khi kiểm tra xong.
      </Text>
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sản phẩm</Table.Th>
              <Table.Th ta="right">Đã đặt</Table.Th>
              <Table.Th w={130}>Trả lại</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.lineId} data-testid="order-return-line" data-line-id={row.lineId} data-max={row.max}>
                <Table.Td>
                  <Text size="sm">{row.title}</Text>
                  <Text size="xs" c="dimmed">
                    {row.shipped ? `Còn có thể trả: ${formatNumber(row.max)} ${row.unit}` : 'Không quản lý tồn kho: không nhập trả'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNumber(row.ordered)} {row.unit}
                </Table.Td>
                <Table.Td>
                  <StrictNumberInput
                    aria-label={`Số lượng trả ${row.title} (${row.unit})`}
                    value={quantities.get(row.lineId) ?? 0}
                    onChange={(next) => setQuantities((current) => new Map(current).set(row.lineId, next === '' ? '' : Number(next)))}
                    min={0}
                    max={row.max}
                    disabled={row.max === 0}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator="."
                    decimalSeparator=","
                    rightSection={<Text size="xs">{row.unit}</Text>}
                    rightSectionWidth={44}
                    error={error?.lineId === row.lineId ? true : undefined}
                    data-testid="order-return-quantity"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DayField
        label="Ngày nhập"
        value={date}
        onChange={(next) => next && setDate(next)}
        maxDate={vietnamDay()}
        data-testid="order-return-date"
      />
      <NoteField
        label="Ghi chú"
        placeholder="Lý do trả hàng…"
        value={note}
        onChange={setNote}
        minRows={1}
        maxLength={1000}
        data-testid="order-return-note"
      />
      {error && (
        <Alert color="red" data-testid="order-return-error">
          {error.message}
        </Alert>
      )}
      <DialogActions
        onCancel={onClose}
        label="Nhập kho hàng trả lại"
        onConfirm={() => void submit()}
        busy={busy}
        testId="order-return-submit"
      />
    </>
  );
}
