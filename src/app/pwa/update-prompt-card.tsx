/**
 * "Có phiên bản mới" with a "Tải lại" action. It stays until the person acts: the app never
 * reloads by itself (registerType 'prompt', docs/offline-sync.md "Service worker updates"), and the action is held while
 * a sync runs so an update never cuts one short (docs/architecture.md "Offline-first").
 */
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { isSyncBusy, useSyncStatus } from '@/sync/sync-status';
import { useIsMobile } from '@/ui/use-is-mobile';
import { applyUpdate } from './register-sw';

export type UpdatePromptCardProps = {
  /** What "Tải lại" does; tests replace it. */
  onApply?: () => boolean;
};

export function UpdatePromptCard({ onApply = applyUpdate }: UpdatePromptCardProps) {
  const busy = useSyncStatus(isSyncBusy);
  const isMobile = useIsMobile();
  const [applying, setApplying] = useState(false);
  // On phones, above the bottom navbar (64 px + safe area); on desktop, bottom left.
  const position = isMobile ? { left: 12, right: 12, bottom: 'calc(76px + env(safe-area-inset-bottom))' } : { left: 24, bottom: 24 };

  return (
    <Affix position={position} zIndex={300}>
      <Paper
        withBorder
        shadow="md"
        radius="md"
        p="md"
        maw={isMobile ? undefined : 420}
        role="status"
        aria-live="polite"
        data-testid="update-prompt"
      >
        <Group justify="space-between" wrap="nowrap" gap="md">
          <div>
            <Text fw={600}>Có phiên bản mới</Text>
            <Text size="sm" c="dimmed">
              {busy ? 'Có thể tải lại khi đồng bộ xong.' : 'Tải lại để dùng phiên bản mới. Dữ liệu chưa gửi vẫn được giữ.'}
            </Text>
          </div>
          <Button
            disabled={busy}
            loading={applying && !busy}
            onClick={() => {
              if (onApply()) setApplying(true);
            }}
          >
            {busy ? 'Đang đồng bộ…' : 'Tải lại'}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
