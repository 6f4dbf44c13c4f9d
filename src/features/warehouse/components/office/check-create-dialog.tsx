/**
 * "Tạo phiếu kiểm" (POST checkreceipt/): a count starts from the books of a warehouse on a date,
 * for everything it holds or for chosen products (searched or scanned), with how several counters'
 * figures make one (contract/warehouse-counts.ts); the new count opens, where its lines (each lot on
 * the books) and the counters' sheets are.
 */
import { ActionIcon, Alert, Button, Group, Radio, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { COUNT_MERGE_LABELS, COUNT_MERGES, type CountMerge } from '@contract/warehouse-counts';
import { appDb } from '@/db/app-db';
import { toast } from '@/ui/toast';
import { useReceiptWrites } from '@/features/warehouse/api/receipt-api';
import { errorFields, errorMessage, useWarehouses, warehouseOptions } from '@/features/warehouse/api/warehouse-api';
import type { LineVariant } from '@/features/warehouse/model/receipt-form';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { DayField } from '@/ui/day-field';
import { NoteField } from '@/ui/note-field';
import { VariantAdder } from './variant-adder';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = { scope: WarehouseScope; opened: boolean; onClose: () => void };

export function CheckCreateDialog({ scope, opened, onClose }: Props) {
  const { companyId } = scope;
  const warehouses = useWarehouses(companyId);
  const writes = useReceiptWrites(companyId);
  const navigate = useNavigate();
  const [warehouse, setWarehouse] = useState<number | null>(scope.active);
  const [date, setDate] = useState(vietnamDay());
  const [partial, setPartial] = useState(false);
  const [chosen, setChosen] = useState<LineVariant[]>([]);
  const [note, setNote] = useState('');
  const [merge, setMerge] = useState<CountMerge>('sum');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const create = async () => {
    if (partial && chosen.length === 0) {
      setError({ message: 'Chọn ít nhất một sản phẩm để kiểm', fields: {} });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await writes.startCheck({
        warehouse: scope.multi ? warehouse : null,
        document_date: date,
        note: note.trim() || null,
        count_merge: merge,
        variants: partial ? chosen.map((variant) => variant.id) : [],
      });
      toast.success(answer.message ?? `Đã tạo phiếu kiểm ${answer.data.code}`);
      onClose();
      void navigate({ to: '/inventory/receipt/$kind/$id', params: { kind: 'check', id: answer.data.id } });
    } catch (failure) {
      setError({ message: errorMessage(failure, 'Không tạo được phiếu kiểm kho'), fields: errorFields(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title="Tạo phiếu kiểm kho" size="lg">
      <Stack gap="sm" data-testid="check-create">
        {scope.multi && (
          <Select
            label="Kho kiểm"
            data={warehouseOptions(warehouses.data)}
            value={warehouse === null ? (warehouses.data?.[0] ? String(warehouses.data[0].id) : null) : String(warehouse)}
            onChange={(next) => setWarehouse(next ? Number(next) : null)}
            allowDeselect={false}
            error={error?.fields.warehouse}
            data-testid="check-warehouse"
          />
        )}
        <DayField
          size="md"
          label="Ngày kiểm kê"
          value={date}
          onChange={(next) => next && setDate(next)}
          maxDate={vietnamDay()}
          error={error?.fields.document_date}
          data-testid="check-date"
        />
        <SegmentedControl
          value={partial ? 'some' : 'all'}
          onChange={(next) => setPartial(next === 'some')}
          data={[
            { value: 'all', label: 'Toàn bộ tồn kho' },
            { value: 'some', label: 'Chọn sản phẩm' },
          ]}
          data-testid="check-scope"
        />
        {partial && (
          <>
            <VariantAdder
              db={appDb()}
              companyId={companyId}
              baseUnitOnly
              label="Sản phẩm cần kiểm"
              onAdd={(variant) => setChosen((list) => (list.some((item) => item.id === variant.id) ? list : [...list, variant]))}
            />
            <Stack gap={4} data-testid="check-chosen">
              {chosen.map((variant) => (
                <Group key={variant.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate="end">
                    {variant.name}{' '}
                    <Text span c="dimmed" size="xs">
                      {variant.sku}
                    </Text>
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Bỏ ${variant.name}`}
                    onClick={() => setChosen((list) => list.filter((item) => item.id !== variant.id))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </>
        )}
        <Radio.Group label="Khi nhiều người cùng đếm một lô" value={merge} onChange={(next) => setMerge(next as CountMerge)}>
          <Stack gap={6} mt={4}>
            {COUNT_MERGES.map((value) => (
              <Radio key={value} value={value} label={COUNT_MERGE_LABELS[value]} data-testid={`check-merge-${value}`} />
            ))}
          </Stack>
        </Radio.Group>
        <NoteField label="Ghi chú" value={note} onChange={setNote} maxLength={1000} />
        {error && <Alert color="red">{error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Đóng lại
          </Button>
          <Button onClick={() => void create()} loading={busy} data-testid="check-create-submit">
            Tạo phiếu kiểm
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
