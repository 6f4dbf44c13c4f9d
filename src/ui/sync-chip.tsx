/** The chip on a record made on this device: where it stands with the server. */
import { Badge, Tooltip } from '@mantine/core';
import type { LocalSyncState } from '@/db/app-db';

const CHIPS: Record<LocalSyncState, { label: string; color: string }> = {
  pending: { label: 'Chờ đồng bộ', color: 'yellow' },
  synced: { label: 'Đã đồng bộ', color: 'teal' },
  rejected: { label: 'Bị từ chối', color: 'red' },
};

export function SyncChip({ state, error }: { state: LocalSyncState; error?: string | null }) {
  const chip = CHIPS[state];
  const badge = (
    <Badge size="sm" variant="light" color={chip.color} data-testid="sync-chip" data-state={state} style={{ flexShrink: 0 }}>
      {chip.label}
    </Badge>
  );
  return error ? (
    <Tooltip label={error} withinPortal>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
