/**
 * Registration, first step (product-spec.md §5 texts): phone (the account name), full name, an
 * optional e-mail, password and its confirmation. The server runs the same rules
 * (contract/auth-register.ts) and its field messages are shown under the fields.
 */
import { Button, Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { passwordProblem } from '@contract/auth-password';
import { REGISTER_TEXTS, type RegisterV2Input } from '@contract/auth-register';
import { email as emailRule, phone as phoneRule, required, sameAs, type Rule } from '@/ui/input-rules';
import { validateRuleInputs } from '@/ui/rule-form';
import { NewPasswordInput } from '@/ui/new-password-input';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';

const strongPassword: Rule = (value) => passwordProblem(value) ?? true;

type Props = {
  busy: boolean;
  fieldErrors: Record<string, string>;
  onSubmit: (input: RegisterV2Input) => void;
};

export function RegisterForm({ busy, fieldErrors, onSubmit }: Props) {
  const [values, setValues] = useState({ phone: '', full_name: '', email: '', password: '', password_confirm: '' });
  const phoneRef = useRef<RuleInputHandle>(null);
  const nameRef = useRef<RuleInputHandle>(null);
  const emailRef = useRef<RuleInputHandle>(null);
  const passwordRef = useRef<RuleInputHandle>(null);
  const confirmRef = useRef<RuleInputHandle>(null);
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const handles = [phoneRef, nameRef, emailRef, passwordRef, confirmRef].map((ref) => ref.current);
    if (!validateRuleInputs(handles)) return;
    onSubmit({ ...values, email: values.email.trim() || null });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <RuleTextInput
          ref={phoneRef}
          label="Số điện thoại"
          placeholder="Số điện thoại dùng để đăng nhập"
          value={values.phone}
          onChange={set('phone')}
          rules={[required(REGISTER_TEXTS.required), phoneRule(REGISTER_TEXTS.phoneInvalid)]}
          error={fieldErrors.phone}
          inputMode="tel"
          autoComplete="tel"
          name="phone"
        />
        <RuleTextInput
          ref={nameRef}
          label="Họ và tên"
          value={values.full_name}
          onChange={set('full_name')}
          rules={[required(REGISTER_TEXTS.fullNameRequired)]}
          error={fieldErrors.full_name}
          autoComplete="name"
          name="full_name"
        />
        <RuleTextInput
          ref={emailRef}
          label="Email (không bắt buộc)"
          value={values.email}
          onChange={set('email')}
          rules={[emailRule(REGISTER_TEXTS.emailInvalid)]}
          error={fieldErrors.email}
          inputMode="email"
          autoComplete="email"
          name="email"
        />
        <NewPasswordInput
          ref={passwordRef}
          label="Mật khẩu"
          description="Ít nhất 8 ký tự"
          value={values.password}
          onChange={set('password')}
          rules={[required(REGISTER_TEXTS.required), strongPassword]}
          error={fieldErrors.password}
          name="password"
        />
        <NewPasswordInput
          ref={confirmRef}
          label="Nhập lại mật khẩu"
          value={values.password_confirm}
          onChange={set('password_confirm')}
          rules={[required(REGISTER_TEXTS.required), sameAs(() => values.password, REGISTER_TEXTS.passwordMismatch)]}
          error={fieldErrors.password_confirm}
          name="password_confirm"
        />
        <Button type="submit" size="md" loading={busy} fullWidth mt="xs">
          Đăng ký
        </Button>
      </Stack>
    </form>
  );
}
