/** The status pill shown in every workspace header; it leads to the diagnostics page. */
import { Badge, Loader, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { dayjs } from '@/lib/dayjs';
import { useSyncStatus } from '@/sync/sync-status';
import { statusLabel, type PillTone } from '../model/status-label';

const COLORS: Record<PillTone, string> = { synced: 'teal', busy: 'blue', offline: 'gray', attention: 'red' };

export function SyncStatusPill({ compact = false }: { compact?: boolean }) {
  const status = useSyncStatus();
  const { text, tone } = statusLabel(status, (iso) => dayjs(iso).format('HH:mm'));
  const icon =
    tone === 'busy' ? (
      <Loader size={12} color="blue" />
    ) : tone === 'offline' ? (
      <IconCloudOff size={14} />
    ) : tone === 'attention' ? (
      <IconAlertTriangle size={14} />
    ) : (
      <IconCloudCheck size={14} />
    );
  return (
    <Tooltip label={text} disabled={!compact} withinPortal>
      <Badge
        component={Link}
        to="/diagnostics"
        variant="light"
        color={COLORS[tone]}
        leftSection={icon}
        size="lg"
        radius="xl"
        style={{ cursor: 'pointer', textTransform: 'none', maxWidth: compact ? 44 : 320 }}
        data-testid="sync-status"
        data-tone={tone}
        aria-label={text}
      >
        {compact ? (status.pending > 0 ? status.pending : '') : text}
      </Badge>
    </Tooltip>
  );
}
