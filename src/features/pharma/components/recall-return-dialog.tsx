/**
 * "Nhập trả" against a campaign (POST …/returns/): one customer's lot coming back, in base units,
 * no more than is still out with them; the server writes the warehouse's return receipt and holds
 * the goods in quarantine. Closing it keeps the refusal beside the form.
 */
import { Select, Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import type { RecallCustomerRow, RecallDetail } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { formatNumber } from '@/lib/money';
import { DayField } from '@/ui/day-field';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { useDialogWrite } from '@/ui/use-dialog-write';
import { useRecallWrites } from '../api/recall-api';

type Props = { companyId: number; recall: RecallDetail; customer: RecallCustomerRow | null; onClose: () => void };

export function RecallReturnDialog({ companyId, recall, customer, onClose }: Props) {
  return (
    <ResponsiveModal phoneFullScreen={false} opened={customer !== null} onClose={onClose} title="Nhập trả hàng thu hồi">
      {customer && <ReturnForm key={customer.customer_id} companyId={companyId} recall={recall} customer={customer} onClose={onClose} />}
    </ResponsiveModal>
  );
}

function ReturnForm({ companyId, recall, customer, onClose }: Props & { customer: RecallCustomerRow }) {
  const writes = useRecallWrites(companyId);
  const open = customer.lots.filter((lot) => lot.returned < lot.shipped);
  const [lotId, setLotId] = useState<number | null>(open[0]?.lot_id ?? null);
  const lot = customer.lots.find((entry) => entry.lot_id === lotId) ?? null;
  const left = lot ? lot.shipped - lot.returned : 0;
  const [quantity, setQuantity] = useState<number | string>(left || '');
  const [day, setDay] = useState<string | null>(vietnamDay());
  const [note, setNote] = useState('');
  const unit = recall.lots.find((entry) => entry.lot_id === lotId)?.base_unit ?? '';
  const write = useDialogWrite(
    async () =>
      (
        await writes.bookReturn(recall.id, {
          customer_id: customer.customer_id,
          lot_id: lotId ?? 0,
          quantity: Number(quantity),
          document_date: day ?? '',
          warehouse_id: null,
          note: note.trim() || null,
        })
      ).message,
    'Không nhập trả được',
    onClose,
  );
  return (
    <Stack gap="sm" data-testid="recall-return-dialog">
      <Text fw={600}>{customer.customer_name}</Text>
      <Select
        label="Số lô"
        data={customer.lots.map((entry) => ({
          value: String(entry.lot_id),
          label: `${entry.lot_no}: còn ${formatNumber(entry.shipped - entry.returned)} / đã giao ${formatNumber(entry.shipped)}`,
          disabled: entry.returned >= entry.shipped,
        }))}
        value={lotId === null ? null : String(lotId)}
        onChange={(next) => {
          const id = next ? Number(next) : null;
          setLotId(id);
          const chosen = customer.lots.find((entry) => entry.lot_id === id);
          setQuantity(chosen ? chosen.shipped - chosen.returned : '');
        }}
        allowDeselect={false}
        data-testid="recall-return-lot"
      />
      <StrictNumberInput
        label={`Số lượng trả (${unit})`}
        value={quantity}
        onChange={setQuantity}
        min={1}
        max={left}
        allowDecimal={false}
        unit={unit}
        withAsterisk
        data-testid="recall-return-quantity"
      />
      <DayField label="Ngày nhập trả" value={day} onChange={setDay} maxDate={vietnamDay()} withAsterisk />
      <NoteField label="Ghi chú" value={note} onChange={setNote} maxLength={500} />
      <Text size="xs" c="dimmed">
        Hàng nhập về kho lô đã giao, ở trạng thái biệt trữ (không bán được) cho tới khi xử lý.
      </Text>
      <ProblemAlert problem={write.problem} testId="recall-return-problem" />
      <DialogActions
        onCancel={onClose}
        label="Nhập trả"
        onConfirm={() => void write.run(undefined)}
        busy={write.busy}
        disabled={lotId === null || !quantity}
        testId="recall-return-submit"
      />
    </Stack>
  );
}
