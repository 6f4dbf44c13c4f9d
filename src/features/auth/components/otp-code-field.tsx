/**
 * The 6-digit code a person types after it was sent to their phone or address, with "Gửi lại mã"
 * counting down the seconds before another may be asked for (a minute; the server holds the limit,
 * server/modules/auth/throttle.ts, and says how long to wait when asked too soon).
 */
import { Anchor, Group, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Seconds before "Gửi lại mã" may be used; restarts whenever it changes (a new code was sent). */
  resendAfter: number;
  /** Bumped each time a code is sent, so the countdown starts again. */
  sentAt: number;
  onResend: () => void;
  error?: string | null;
};

function useCountdown(seconds: number, since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return Math.max(0, Math.min(seconds, Math.ceil((since + seconds * 1000 - now) / 1000)));
}

export function OtpCodeField({ label, value, onChange, resendAfter, sentAt, onResend, error }: Props) {
  const left = useCountdown(resendAfter, sentAt);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        aria-label={label}
        getInputProps={(index) => ({ 'aria-label': `Chữ số thứ ${index + 1} của mã OTP` })}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Chưa nhận được mã?
        </Text>
        {left > 0 ? (
          <Text size="xs" c="dimmed" data-testid="otp-countdown">
            Gửi lại sau {left} giây
          </Text>
        ) : (
          <Anchor size="xs" component="button" type="button" onClick={onResend}>
            Gửi lại mã
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
