/**
 * The account's e-mail on /my-account, with its state: "Đã xác minh", or "Xác minh email", which
 * sends a code to the address (verifyemail POST) and confirms it (verifyemail PUT), docs/accounts.md.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OTP_RESEND_SECONDS } from '@contract/auth-register';
import type { Account } from '@contract/auth';
import { ProblemLine } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { useBusyWork } from '@/ui/use-busy-work';
import { accountQueries } from '../api/account-api';
import { confirmEmail, sendEmailCode } from '../api/register-api';
import { OtpCodeField } from './otp-code-field';

export function EmailVerification({ account }: { account: Pick<Account, 'id' | 'email' | 'email_verified'> }) {
  const queryClient = useQueryClient();
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const { run, busy, problem } = useBusyWork('Không xác minh được email. Vui lòng thử lại.');

  const send = () =>
    run(async () => {
      toast.info((await sendEmailCode(account.email)) ?? 'Mã xác minh đã được gửi');
      setSentAt(Date.now());
      setCode('');
    });

  const confirm = () =>
    run(async () => {
      await confirmEmail(account.email, code);
      setSentAt(null);
      toast.success('Xác minh email thành công');
      await queryClient.invalidateQueries({ queryKey: accountQueries.detail(account.id).queryKey });
    });

  return (
    <Stack gap={4} data-testid="account-email">
      <Text size="xs" c="dimmed">
        Email
      </Text>
      <Group gap="xs">
        <Text fw={500}>{account.email || '—'}</Text>
        {account.email && account.email_verified && (
          <Badge size="sm" color="teal" variant="light">
            Đã xác minh
          </Badge>
        )}
      </Group>
      {account.email && !account.email_verified && sentAt === null && (
        <Button size="compact-sm" variant="light" w="fit-content" loading={busy} onClick={() => void send()}>
          Xác minh email
        </Button>
      )}
      {sentAt !== null && (
        <Stack gap="xs">
          <OtpCodeField
            label="Mã xác minh email"
            value={code}
            onChange={setCode}
            resendAfter={OTP_RESEND_SECONDS}
            sentAt={sentAt}
            onResend={() => void send()}
          />
          <Button size="compact-sm" w="fit-content" loading={busy} disabled={!/^\d{6}$/.test(code)} onClick={() => void confirm()}>
            Xác nhận
          </Button>
        </Stack>
      )}
      <ProblemLine problem={problem} />
    </Stack>
  );
}
