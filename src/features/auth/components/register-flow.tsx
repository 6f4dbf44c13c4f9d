/**
 * Registration V2 (product-spec.md §2, §5): the form, then the code sent to the phone. The code
 * verified, the account exists and is signed in; `onRegistered` takes it on to /onboard, where it
 * registers or joins a company. A refused registration token is shown with the spec's text.
 */
import { Anchor, Button, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { REGISTER_TEXTS, type RegisterV2Input, type RegistrationDone, type RegistrationStarted } from '@contract/auth-register';
import { ApiError } from '@/api/api-error';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { resendRegistrationCode, startRegistration, verifyRegistration } from '../api/register-api';
import { ChallengeStatus } from './challenge-status';
import { OtpCodeField } from './otp-code-field';
import { RegisterForm } from './register-form';

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.code === 'REGISTRATION_TOKEN_INVALID') return REGISTER_TEXTS.tokenInvalid;
  return error instanceof ApiError ? error.message : 'Đăng ký thất bại. Vui lòng thử lại sau.';
}

function CodeStep({
  started,
  onResent,
  onDone,
}: {
  started: RegistrationStarted;
  onResent: (next: RegistrationStarted) => void;
  onDone: (done: RegistrationDone) => void;
}) {
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Mã OTP gồm 6 chữ số');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onDone(await verifyRegistration(started.access_token, code));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    try {
      const next = await resendRegistrationCode(started.access_token, setVerifying);
      setSentAt(Date.now());
      setCode('');
      onResent(next);
      toast.info(`Đã gửi lại mã OTP đến số ${next.phone_hint}`);
    } catch (caught) {
      setError(messageOf(caught));
    }
  }

  return (
    <form onSubmit={(event) => void verify(event)} noValidate>
      <Stack>
        <Text size="sm">
          Mã OTP đã được gửi đến số <b>{started.phone_hint}</b>. Mã có hiệu lực 10 phút.
        </Text>
        <OtpCodeField
          label="Mã OTP"
          value={code}
          onChange={setCode}
          resendAfter={started.resend_after}
          sentAt={sentAt}
          onResend={() => void resend()}
          error={error}
        />
        <ChallengeStatus verifying={verifying} />
        <Button type="submit" loading={busy}>
          Xác nhận
        </Button>
      </Stack>
    </form>
  );
}

export function RegisterFlow({ onRegistered }: { onRegistered: (done: RegistrationDone) => void }) {
  const [started, setStarted] = useState<RegistrationStarted | null>(null);
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function submit(input: RegisterV2Input) {
    setBusy(true);
    setProblem(null);
    setFieldErrors({});
    try {
      setStarted(await startRegistration(input, setVerifying));
    } catch (caught) {
      setProblem(messageOf(caught));
      if (caught instanceof ApiError) setFieldErrors(caught.fields);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Đăng ký tài khoản</Title>
        <Text c="dimmed" size="sm">
          Tạo tài khoản bằng số điện thoại, rồi đăng ký hoặc tham gia công ty của bạn.
        </Text>
      </div>
      <Stepper active={started ? 1 : 0} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Thông tin">
          <Stack>
            <ProblemAlert problem={problem} />
            <RegisterForm busy={busy} fieldErrors={fieldErrors} onSubmit={(input) => void submit(input)} />
            <ChallengeStatus verifying={verifying} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Xác thực OTP">
          {started && <CodeStep started={started} onResent={setStarted} onDone={onRegistered} />}
        </Stepper.Step>
      </Stepper>
      <Text size="sm" ta="center">
        Đã có tài khoản?{' '}
        <Anchor component={Link} to="/login">
          Đăng nhập
        </Anchor>
      </Text>
    </Stack>
  );
}
