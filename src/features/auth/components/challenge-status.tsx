/** "Đang xác minh…" while the browser solves the server's challenge before a code is sent (api/otp-challenge.ts). */
import { Group, Loader, Text } from '@mantine/core';
import { CHALLENGE_TEXTS } from '@contract/auth-challenge';

export function ChallengeStatus({ verifying }: { verifying: boolean }) {
  if (!verifying) return null;
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {CHALLENGE_TEXTS.verifying}
      </Text>
    </Group>
  );
}
