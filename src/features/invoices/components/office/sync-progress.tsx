/**
 * A push of many records while AMIS answers them: a bar of synced (green) and failed (red) out of
 * the batch, and the count still waiting (api/accounting-api.ts useSyncBatch asks until none is).
 */
import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import { ACCOUNTING_SOURCE_LABELS, type SyncBatchRecord } from '@contract/invoices-accounting';

export function SyncProgress({ batch }: { batch: SyncBatchRecord }) {
  const done = batch.synced + batch.failed;
  const percent = (n: number) => (batch.total ? (n / batch.total) * 100 : 0);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="sync-progress"
      data-done={done}
      data-total={batch.total}
      data-failed={batch.failed}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {batch.waiting > 0 ? 'Đang đồng bộ' : 'Đã đồng bộ xong'} {ACCOUNTING_SOURCE_LABELS[batch.source].toLowerCase()} sang MISA
          </Text>
          <Text size="sm" data-testid="sync-progress-count">
            {done}/{batch.total}
          </Text>
        </Group>
        <Progress.Root size="lg" aria-label={`Đã xử lý ${done} trên ${batch.total} chứng từ`}>
          <Progress.Section value={percent(batch.synced)} color="teal" />
          <Progress.Section value={percent(batch.failed)} color="red" />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {batch.synced} đã đồng bộ · {batch.failed} lỗi · {batch.waiting} chờ MISA trả kết quả
        </Text>
      </Stack>
    </Card>
  );
}
