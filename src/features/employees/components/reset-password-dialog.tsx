/**
 * "Đặt lại mật khẩu": an admin sets a new password for a member (typed twice). Every session of
 * that person ends; the dialog says so before and after. The server refuses an account that also
 * works for companies where the admin has no say, with its message shown here.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { passwordProblem } from '@contract/auth-password';
import type { EmployeeRecord } from '@contract/employees';
import { ApiError } from '@/api/api-error';
import { required, sameAs, type Rule } from '@/ui/input-rules';
import { validateRuleInputs } from '@/ui/rule-form';
import { NewPasswordInput } from '@/ui/new-password-input';
import type { RuleInputHandle } from '@/ui/rule-text-input';
import { toast } from '@/ui/toast';
import { employeeWrites } from '../api/employee-api';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  companyId: number;
  record: EmployeeRecord | null;
  onClose: () => void;
};

export function ResetPasswordDialog({ companyId, record, onClose }: Props) {
  return (
    <ResponsiveModal opened={record !== null} onClose={onClose} title="Đặt lại mật khẩu" centered>
      {record && <ResetPasswordForm companyId={companyId} record={record} onClose={onClose} />}
    </ResponsiveModal>
  );
}

function ResetPasswordForm({ companyId, record, onClose }: { companyId: number; record: EmployeeRecord; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const passwordRef = useRef<RuleInputHandle>(null);
  const confirmRef = useRef<RuleInputHandle>(null);

  const policy: Rule = (value) => (value === '' ? true : (passwordProblem(value, record.phone) ?? true));
  const passwordRules = [required('Vui lòng nhập mật khẩu mới'), policy];
  const confirmRules = [required('Vui lòng nhập lại mật khẩu mới'), sameAs(() => password, 'Mật khẩu mới không giống nhau')];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!validateRuleInputs([passwordRef.current, confirmRef.current])) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await employeeWrites.resetPassword(companyId, record.id, password);
      toast.success(answer.message);
      onClose();
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.fields.new_password ?? failure.message) : 'Không đặt được mật khẩu. Vui lòng thử lại.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="reset-password-form">
      <Stack gap="sm">
        <Text size="sm">
          Đặt mật khẩu mới cho <b>{record.full_name}</b> ({record.phone}).
        </Text>
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          Mọi phiên đăng nhập của người này sẽ kết thúc. Hãy báo mật khẩu mới cho họ qua kênh an toàn.
        </Alert>
        <NewPasswordInput value={password} onChange={setPassword} rules={passwordRules} ref={passwordRef} data-autofocus />
        <NewPasswordInput label="Nhập lại mật khẩu mới" value={confirm} onChange={setConfirm} rules={confirmRules} ref={confirmRef} />
        <ProblemAlert problem={error} testId="reset-password-error" />
        <DialogActions onCancel={onClose} label="Đặt mật khẩu" busy={saving} />
      </Stack>
    </form>
  );
}
