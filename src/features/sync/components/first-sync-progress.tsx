/** A progress bar while a long pull (the first sync of a workspace) runs. */
import { Progress, Text } from '@mantine/core';
import { formatNumber } from '@/lib/money';
import { useSyncStatus } from '@/sync/sync-status';

/** Short pulls finish before a bar would help; show it for bigger ones. */
const SHOW_FROM = 500;

export function FirstSyncProgress() {
  const progress = useSyncStatus((sync) => sync.progress);
  if (!progress || progress.total === null || progress.total < SHOW_FROM) return null;
  const percent = Math.min(100, Math.round((progress.done / progress.total) * 100));
  return (
    <div data-testid="first-sync-progress" style={{ marginBottom: 12 }}>
      <Text size="xs" c="dimmed" mb={4}>
        Đang tải dữ liệu về máy: {formatNumber(progress.done)} / {formatNumber(progress.total)} bản ghi
      </Text>
      <Progress value={percent} animated size="sm" />
    </div>
  );
}
