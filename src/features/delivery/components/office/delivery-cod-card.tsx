/**
 * A delivery's COD reconciliation (đối soát, docs/delivery.md): what was asked, what the carrier
 * collected and paid out, the difference flagged, and the amount of the carrier's statement typed in.
 */
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DeliveryRecord } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { formatDate } from '@/lib/dates';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { toastedWrite } from '@/ui/toasted-write';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { deliveryError, type DeliveryWrites } from '@/features/delivery/api/delivery-api';
import { COD_STATE_COLORS, COD_STATE_LABELS } from '@/features/delivery/model/delivery-text';
import { Fact } from '@/ui/fact';

export function DeliveryCodCard({ delivery, writes, canEdit }: { delivery: DeliveryRecord; writes: DeliveryWrites; canEdit: boolean }) {
  const { cod } = delivery;
  const [paidOut, setPaidOut] = useState(String(cod.paid_out ?? cod.collected ?? cod.expected));
  const [note, setNote] = useState(cod.note ?? '');
  const [open, setOpen] = useState(false);
  if (cod.state === 'none') return null;
  return (
    <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="delivery-cod">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Đối soát tiền thu hộ
        </Text>
        <Badge color={COD_STATE_COLORS[cod.state]} variant="light" data-testid="delivery-cod-state">
          {COD_STATE_LABELS[cod.state]}
        </Badge>
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        <Fact label="Cần thu">{formatMoney(cod.expected)}</Fact>
        <Fact label="Hãng đã thu">{cod.collected === null ? '—' : formatMoney(cod.collected)}</Fact>
        <Fact label="Hãng đã trả">
          {cod.paid_out === null ? '—' : `${formatMoney(cod.paid_out)}${cod.paid_at ? ` (${formatDate(cod.paid_at)})` : ''}`}
        </Fact>
      </SimpleGrid>
      {cod.difference !== 0 && (
        <Text size="sm" c="red" data-testid="delivery-cod-difference">
          Chênh lệch {formatMoney(cod.difference)}: kiểm tra với bảng đối soát của hãng.
        </Text>
      )}
      {cod.note && (
        <Text size="xs" c="dimmed">
          {cod.note}
        </Text>
      )}
      {canEdit && !open && cod.collected !== null && (
        <Button size="xs" variant="light" onClick={() => setOpen(true)} data-testid="delivery-reconcile-open">
          Nhập số tiền hãng đã trả
        </Button>
      )}
      {open && (
        <Stack gap="xs">
          <WholeAmountInput
            label="Số tiền hãng đã trả theo bảng đối soát"
            value={paidOut}
            onChange={setPaidOut}
            suffix=" ₫"
            max={100_000_000_000}
            data-testid="delivery-reconcile-amount"
          />
          <NoteField label="Ghi chú" value={note} onChange={setNote} maxLength={255} />
          <DialogActions
            onCancel={() => setOpen(false)}
            label="Lưu đối soát"
            onConfirm={() =>
              void toastedWrite(
                async () =>
                  (await writes.reconcile(delivery.id, Number(paidOut || 0), note.trim() || null)).message ?? 'Đã ghi nhận đối soát',
                (error) => deliveryError(error, 'Không lưu được đối soát'),
              ).then((done) => done && setOpen(false))
            }
            testId="delivery-reconcile-save"
          />
        </Stack>
      )}
    </Stack>
  );
}
