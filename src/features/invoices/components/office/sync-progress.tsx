/**
 * A push of many records while AMIS answers them: a bar of synced (green) and failed (red) out of
 * the batch, the count still waiting (api/accounting-api.ts useSyncBatch asks until none is), and
 * then what it came to as the server says it ("Đã đồng bộ X/Y, Z lỗi"), a success only when
 * something was synced and nothing failed, with the refused records and AMIS's reasons listed.
 */
import { Card, Group, List, Progress, Stack, Text } from '@mantine/core';
import { ACCOUNTING_SOURCE_LABELS, type SyncBatchRecord } from '@contract/invoices-accounting';

const HEADS: Record<SyncBatchRecord['outcome'], string> = {
  running: 'Đang đồng bộ',
  success: 'Đồng bộ thành công',
  failed: 'Đồng bộ chưa thành công',
};
const COLORS: Record<SyncBatchRecord['outcome'], string | undefined> = { running: undefined, success: 'teal', failed: 'red' };

export function SyncProgress({ batch }: { batch: SyncBatchRecord }) {
  const done = batch.synced + batch.failed;
  const percent = (n: number) => (batch.total ? (n / batch.total) * 100 : 0);
  const color = COLORS[batch.outcome];
  const unlisted = batch.failed - batch.failures.length;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      style={color ? { borderColor: `var(--mantine-color-${color}-6)` } : undefined}
      data-testid="sync-progress"
      data-done={done}
      data-total={batch.total}
      data-failed={batch.failed}
      data-outcome={batch.outcome}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} c={color}>
            {HEADS[batch.outcome]} {ACCOUNTING_SOURCE_LABELS[batch.source].toLowerCase()} sang MISA
          </Text>
          <Text size="sm" data-testid="sync-progress-count">
            {done}/{batch.total}
          </Text>
        </Group>
        <Progress.Root size="lg" aria-label={`Đã xử lý ${done} trên ${batch.total} chứng từ`}>
          <Progress.Section value={percent(batch.synced)} color="teal" />
          <Progress.Section value={percent(batch.failed)} color="red" />
        </Progress.Root>
        <Text size="sm" fw={batch.outcome === 'running' ? undefined : 600} c={color} data-testid="sync-progress-summary">
          {batch.summary}
        </Text>
        <Text size="xs" c="dimmed">
          {batch.synced} đã đồng bộ · {batch.failed} lỗi · {batch.waiting} chờ MISA trả kết quả
        </Text>
        {batch.failures.length > 0 && (
          <List size="xs" spacing={2} data-testid="sync-progress-failures">
            {batch.failures.map((failure) => (
              <List.Item key={failure.id} data-testid="sync-progress-failure">
                <Text span size="xs" fw={600}>
                  {failure.source_code}
                </Text>{' '}
                · {failure.partner_name}: {failure.error_message ?? 'MISA từ chối chứng từ'}
              </List.Item>
            ))}
            {unlisted > 0 && <List.Item>và {unlisted} chứng từ lỗi khác (xem tab Lỗi bên dưới)</List.Item>}
          </List>
        )}
      </Stack>
    </Card>
  );
}
