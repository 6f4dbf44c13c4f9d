/**
 * What this person already sent of a count from this phone: each sheet with its time, its figures
 * and where it stands (waiting for signal, received, refused with the server's words), so after
 * "Gửi số đếm" the screen keeps a trace of the sheet and a recount is made knowingly.
 */
import { Card, Group, Stack, Text } from '@mantine/core';
import type { AppDb, LocalStockCheck, LocalSyncState, OutboxRow } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { SyncChip } from '@/ui/sync-chip';
import { useSentSheets } from '../api/device-counts';
import type { Counter } from '../model/count-sheet';

type SheetPayload = { lines: { variantId: number; lotId: number | null; quantity: number }[]; note: string | null };

const STATE: Record<OutboxRow['state'], LocalSyncState> = { pending: 'pending', sending: 'pending', done: 'synced', rejected: 'rejected' };

function lineText(check: LocalStockCheck, line: SheetPayload['lines'][number]): string {
  const listed = check.lines.find((entry) => entry.variant_id === line.variantId && entry.lot_id === line.lotId);
  const name = listed ? `${listed.product_name}${listed.lot_no ? ` lô ${listed.lot_no}` : ''}` : 'Sản phẩm ngoài phiếu';
  return `${name}: ${formatNumber(line.quantity, 0)}${listed ? ` ${listed.base_unit}` : ''}`;
}

export function CountSentSheets({ db, who, check }: { db: AppDb; who: Counter; check: LocalStockCheck }) {
  const sheets = useSentSheets(db, who, check.id);
  if (!sheets?.length) return null;
  return (
    <Stack gap={6} data-testid="count-sent">
      <Text size="sm" fw={600}>
        Đã gửi từ máy này
      </Text>
      <Text size="xs" c="dimmed">
        Đếm lại một lô rồi gửi: số mới thay số bạn đã gửi cho lô đó. Số đếm của người khác được cộng thêm.
      </Text>
      {sheets.map((op) => {
        const sheet = op.payload as SheetPayload;
        return (
          <Card key={op.opId} withBorder radius="md" padding="xs" data-testid="count-sent-sheet" data-state={op.state}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {formatDateTime(op.clientCreatedAt)} · {sheet.lines.length} dòng
              </Text>
              <SyncChip state={STATE[op.state]} error={op.lastError?.message} />
            </Group>
            <Text size="xs" c="dimmed" data-testid="count-sent-lines">
              {sheet.lines.map((line) => lineText(check, line)).join(' · ')}
            </Text>
            {op.state === 'rejected' && op.lastError && (
              <Text size="xs" c="red">
                {op.lastError.message}
              </Text>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
