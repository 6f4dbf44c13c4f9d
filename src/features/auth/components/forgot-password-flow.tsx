/**
 * Forgot password in three steps (product-spec.md §2): verify information (phone, then the 6-digit code sent
 * to it), create a new password, done.
 */
import { Anchor, Button, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { passwordProblem } from '@contract/auth-password';
import { OTP_RESEND_SECONDS } from '@contract/auth-register';
import { ApiError } from '@/api/api-error';
import { toast } from '@/ui/toast';
import { phone as phoneRule, required, sameAs, type Rule } from '@/ui/input-rules';
import { NewPasswordInput } from '@/ui/new-password-input';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';
import { requestResetCode, resetPassword, verifyResetCode } from '../api/auth-api';
import { ProblemAlert } from '@/ui/problem';
import { ChallengeStatus } from './challenge-status';
import { OtpCodeField } from './otp-code-field';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Đã có lỗi xảy ra. Vui lòng thử lại sau.';
}

const strongPassword: Rule = (value) => passwordProblem(value) ?? true;

function VerifyStep({ onVerified }: { onVerified: (resetToken: string) => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [sentAt, setSentAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phoneRef = useRef<RuleInputHandle>(null);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!phoneRef.current?.validate()) return;
    setBusy(true);
    setError(null);
    try {
      const message = await requestResetCode(phone, setVerifying);
      setCodeSent(true);
      setSentAt(Date.now());
      toast.info(message ?? 'Mã xác minh đã được gửi');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Mã xác minh gồm 6 chữ số');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { reset_token } = await verifyResetCode(phone, code);
      onVerified(reset_token);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void (codeSent ? verify(event) : send(event))} noValidate>
      <Stack>
        <ProblemAlert problem={error} />
        <RuleTextInput
          ref={phoneRef}
          label="Số điện thoại đã đăng ký"
          value={phone}
          onChange={setPhone}
          rules={[required(), phoneRule()]}
          inputMode="tel"
          autoComplete="username"
          disabled={codeSent}
        />
        {codeSent && (
          <OtpCodeField
            label="Mã xác minh"
            value={code}
            onChange={setCode}
            resendAfter={OTP_RESEND_SECONDS}
            sentAt={sentAt}
            onResend={() => void send()}
          />
        )}
        <ChallengeStatus verifying={verifying} />
        <Button type="submit" loading={busy}>
          {codeSent ? 'Xác minh' : 'Gửi mã xác minh'}
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordStep({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<RuleInputHandle>(null);
  const confirmRef = useRef<RuleInputHandle>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = [passwordRef.current?.validate(), confirmRef.current?.validate()].every(Boolean);
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(resetToken, password);
      onDone();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <ProblemAlert problem={error} />
        <NewPasswordInput ref={passwordRef} value={password} onChange={setPassword} rules={[required(), strongPassword]} />
        <NewPasswordInput
          ref={confirmRef}
          label="Nhập lại mật khẩu mới"
          value={confirm}
          onChange={setConfirm}
          rules={[required(), sameAs(() => password, 'Mật khẩu không trùng khớp')]}
        />
        <Button type="submit" loading={busy}>
          Đặt mật khẩu mới
        </Button>
      </Stack>
    </form>
  );
}

export function ForgotPasswordFlow() {
  const [step, setStep] = useState(0);
  const [resetToken, setResetToken] = useState('');
  return (
    <Stack gap="lg">
      <Title order={2}>Quên mật khẩu</Title>
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Xác minh thông tin">
          <VerifyStep
            onVerified={(token) => {
              setResetToken(token);
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label="Tạo mật khẩu mới">
          <NewPasswordStep resetToken={resetToken} onDone={() => setStep(2)} />
        </Stepper.Step>
        <Stepper.Step label="Hoàn tất">
          <Stack align="center" ta="center" py="md">
            <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" />
            <Text fw={600}>Hoàn tất</Text>
            <Text size="sm" c="dimmed">
              Mật khẩu đã được đặt lại. Mọi phiên đăng nhập cũ đã kết thúc.
            </Text>
            <Button component={Link} to="/login">
              Đăng nhập
            </Button>
          </Stack>
        </Stepper.Step>
      </Stepper>
      {step < 2 && (
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Quay lại đăng nhập
        </Anchor>
      )}
    </Stack>
  );
}
