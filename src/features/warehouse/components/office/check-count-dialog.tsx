/**
 * The office enters what was counted (POST checkreceipt/{id}/count/): one sheet with a new id, in
 * base units, per lot of the count; a product found on the shelf but not on the list can be added
 * (counted from a book of zero). Lines left empty are not sent; the sheet adds to the counters' sheets.
 */
import { Alert, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { appDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { toast } from '@/ui/toast';
import { COUNT_MERGE_NOTES } from '@contract/warehouse-counts';
import { useReceiptWrites } from '@/features/warehouse/api/receipt-api';
import { errorMessage } from '@/features/warehouse/api/warehouse-api';
import { lineName } from '@/features/warehouse/model/receipt-print';
import { NoteField } from '@/ui/note-field';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { VariantAdder } from './variant-adder';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = { companyId: number; receipt: ReceiptDetail; opened: boolean; onClose: () => void; isMobile: boolean };

type Row = { key: string; variantId: number; lotId: number | null; name: string; lot: string; unit: string };

export function CheckCountDialog({ companyId, receipt, opened, onClose, isMobile }: Props) {
  const writes = useReceiptWrites(companyId);
  const listed: Row[] = receipt.lines.map((line) => ({
    key: line.id,
    variantId: line.variant_id,
    lotId: line.lot_id,
    name: lineName(line),
    lot: line.lot_no ? `Lô ${line.lot_no}${line.expires_on ? ` · HD ${formatDate(line.expires_on)}` : ''}` : 'Không lô',
    unit: line.unit,
  }));
  const [extra, setExtra] = useState<Row[]>([]);
  const [counts, setCounts] = useState<Record<string, number | ''>>({});
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = [...listed, ...extra];

  const send = async () => {
    const lines = rows
      .filter((row) => counts[row.key] !== undefined && counts[row.key] !== '')
      .map((row) => ({ variantId: row.variantId, lotId: row.lotId, quantity: Number(counts[row.key]) }));
    if (lines.length === 0) return setError('Chưa nhập số đếm nào');
    setBusy(true);
    setError(null);
    try {
      toast.success((await writes.addCount(receipt.id, lines, note.trim() || null)).message ?? 'Đã ghi số đếm');
      setCounts({});
      setExtra([]);
      setNote('');
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'Không ghi được số đếm'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={`Nhập số đếm – ${receipt.code}`} size="xl">
      <Stack gap="sm" data-testid="check-count-dialog">
        <Text size="sm" c="dimmed">
          Số đếm theo đơn vị cơ bản. {COUNT_MERGE_NOTES[receipt.count_merge ?? 'sum']} Dòng để trống không được gửi.
        </Text>
        <ScrollArea.Autosize mah={isMobile ? undefined : 420}>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key} data-testid="count-line" data-variant={row.variantId}>
                  <Table.Td>
                    <Text size="sm">{row.name}</Text>
                    <Text size="xs" c="dimmed">
                      {row.lot}
                    </Text>
                  </Table.Td>
                  <Table.Td w={isMobile ? 130 : 160}>
                    <StrictNumberInput
                      aria-label={`Số đếm ${row.name} ${row.lot}`}
                      value={counts[row.key] ?? ''}
                      onChange={(next) => setCounts((current) => ({ ...current, [row.key]: next === '' ? '' : Number(next) }))}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator="."
                      decimalSeparator=","
                      rightSection={<Text size="xs">{row.unit}</Text>}
                      rightSectionWidth={44}
                      data-testid="count-quantity"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <VariantAdder
          db={appDb()}
          companyId={companyId}
          baseUnitOnly
          label="Thêm sản phẩm ngoài danh sách"
          disabled={!opened}
          onAdd={(variant, unit) => {
            if (rows.some((row) => row.variantId === variant.id && row.lotId === null)) return;
            setExtra((list) => [
              ...list,
              { key: `extra-${variant.id}`, variantId: variant.id, lotId: null, name: variant.name, lot: 'Không lô', unit },
            ]);
          }}
        />
        <NoteField label="Ghi chú" value={note} onChange={setNote} minRows={1} maxLength={500} />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Đóng lại
          </Button>
          <Button loading={busy} onClick={() => void send()} data-testid="count-submit">
            Gửi tờ kiểm
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
