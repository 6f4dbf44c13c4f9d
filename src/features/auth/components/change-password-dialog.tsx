/**
 * The change-password dialog (product-spec.md §2, §5, §8): current password, new password, confirmation.
 * Success shows 'Đổi mật khẩu thành công !!!' and signs the user out (the server has ended every
 * session); failure shows the server's message or the spec's fallback text.
 */
import { Button, Group, Stack } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useRef, useState, type FormEvent } from 'react';
import { passwordProblem } from '@contract/auth-password';
import { ApiError } from '@/api/api-error';
import { required, sameAs, type Rule } from '@/ui/input-rules';
import { NewPasswordInput } from '@/ui/new-password-input';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';
import { toast } from '@/ui/toast';
import { changePassword } from '../api/auth-api';

export const CHANGE_PASSWORD_SUCCESS = 'Đổi mật khẩu thành công !!!';
export const CHANGE_PASSWORD_FAILURE = 'Đổi mật khẩu thất bại. Vui lòng thử lại sau !!!';

const strongPassword: Rule = (value) => passwordProblem(value) ?? true;

type Props = { opened: boolean; onClose: () => void; onChanged: () => void };

export function ChangePasswordDialog({ opened, onClose, onChanged }: Props) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<RuleInputHandle>(null);
  const nextRef = useRef<RuleInputHandle>(null);
  const confirmRef = useRef<RuleInputHandle>(null);

  function close() {
    setCurrent('');
    setNext('');
    setConfirm('');
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const results = [currentRef, nextRef, confirmRef].map((ref) => ref.current?.validate() ?? true);
    if (!results.every(Boolean)) return;
    setBusy(true);
    try {
      await changePassword(current, next);
      toast.success(CHANGE_PASSWORD_SUCCESS);
      close();
      onChanged();
    } catch (error) {
      toast.error(error instanceof ApiError && error.status !== 0 ? error.message : CHANGE_PASSWORD_FAILURE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ResponsiveModal opened={opened} onClose={close} title="Đổi mật khẩu" centered size="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <RuleTextInput
            ref={currentRef}
            password
            label="Mật khẩu hiện tại"
            value={current}
            onChange={setCurrent}
            rules={[required('Vui lòng nhập')]}
            autoComplete="current-password"
          />
          <NewPasswordInput ref={nextRef} value={next} onChange={setNext} rules={[required('Vui lòng nhập'), strongPassword]} />
          <NewPasswordInput
            ref={confirmRef}
            label="Nhập lại mật khẩu mới"
            value={confirm}
            onChange={setConfirm}
            rules={[required('Vui lòng nhập'), sameAs(() => next, 'Mật khẩu mới không giống nhau')]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Đóng lại
            </Button>
            <Button type="submit" loading={busy}>
              Xác nhận
            </Button>
          </Group>
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
