/**
 * The login screen (product-spec.md §2): phone number, password, "Ghi nhớ mật khẩu", "Quên mật khẩu?".
 * "Remember" keeps the session across browser restarts and pre-fills the phone next time; the
 * password itself is never stored by the app (the browser's password manager may offer to).
 */
import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { LoginAnswer } from '@contract/auth';
import { ApiError } from '@/api/api-error';
import { readCookie, removeCookie, SECONDS, writeCookie } from '@/session/cookies';
import { phone as phoneRule, required } from '@/ui/input-rules';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';
import { login } from '../api/auth-api';
import { ProblemAlert } from '@/ui/problem';

const REMEMBERED_PHONE = 'rememberedPhone';
/** The account name is the phone number: the spec's text, then what a valid one looks like. */
export const PHONE_INVALID = 'Tên tài khoản không hợp lệ: nhập số điện thoại di động 10 chữ số, bắt đầu bằng 0';
const PHONE_RULES = [required('Bạn cần điền vào mục này'), phoneRule(PHONE_INVALID)];
const PASSWORD_RULES = [required('Bạn cần điền vào mục này')];

export function LoginForm({ onSignedIn }: { onSignedIn: (answer: LoginAnswer) => void }) {
  const [phone, setPhone] = useState(() => readCookie(REMEMBERED_PHONE) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const phoneRef = useRef<RuleInputHandle>(null);
  const passwordRef = useRef<RuleInputHandle>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = [phoneRef.current?.validate() ?? true, passwordRef.current?.validate() ?? true].every(Boolean);
    if (!valid) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await login(phone, password, remember);
      if (remember) writeCookie(REMEMBERED_PHONE, phone.trim(), 30 * SECONDS.day);
      else removeCookie(REMEMBERED_PHONE);
      onSignedIn(answer);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Đăng nhập thất bại. Vui lòng thử lại sau.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2}>Đăng nhập</Title>
          <Text c="dimmed" size="sm">
            Dùng số điện thoại đã đăng ký để đăng nhập.
          </Text>
        </div>
        <ProblemAlert problem={error} />
        <RuleTextInput
          ref={phoneRef}
          label="Số điện thoại"
          placeholder="Nhập số điện thoại"
          value={phone}
          onChange={setPhone}
          rules={PHONE_RULES}
          inputMode="tel"
          autoComplete="username"
          name="phone"
        />
        <RuleTextInput
          ref={passwordRef}
          password
          label="Mật khẩu"
          placeholder="Nhập mật khẩu"
          value={password}
          onChange={setPassword}
          rules={PASSWORD_RULES}
          autoComplete="current-password"
          name="password"
        />
        <Group justify="space-between">
          <Checkbox label="Ghi nhớ mật khẩu" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Quên mật khẩu?
          </Anchor>
        </Group>
        <Button type="submit" size="md" loading={submitting} fullWidth>
          Đăng nhập
        </Button>
        <Text size="sm" ta="center">
          Chưa có tài khoản?{' '}
          <Anchor component={Link} to="/register">
            Đăng ký
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
