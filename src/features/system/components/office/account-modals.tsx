/** Changing an account's details and type, and setting its password, as the system administrator. */
import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { passwordProblem } from '@contract/auth-password';
import type { AccountTypeRecord, AdminAccountRecord } from '@contract/system';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { NewPasswordInput } from '@/ui/new-password-input';
import { useDialogWrite } from '@/ui/use-dialog-write';
import { systemWrites, useSystemWrite } from '@/features/system/api/system-api';
import { ResponsiveModal } from '@/ui/responsive-modal';

/** A dialog's write of the area, refreshing the area's reads when it went through (src/ui/use-dialog-write.ts). */
export function useSystemDialogWrite<I>(write: (input: I) => Promise<string | undefined>, fallback: string, onDone: () => void) {
  const mutation = useSystemWrite(write);
  return useDialogWrite((input: I) => mutation.mutateAsync(input), fallback, onDone);
}

export function AccountEditModal({
  account,
  types,
  onClose,
}: {
  account: AdminAccountRecord;
  types: AccountTypeRecord[];
  onClose: () => void;
}) {
  const [draft, setDraft] = useState({
    full_name: account.full_name,
    email: account.email ?? '',
    address: account.address ?? '',
    account_type: account.account_type.id,
  });
  const save = useSystemDialogWrite(systemWrites.updateAccount, 'Không lưu được tài khoản', onClose);
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title={`Sửa tài khoản ${account.phone}`}>
      <Stack gap="sm" data-testid="account-edit">
        <TextInput
          label="Họ và tên"
          withAsterisk
          maxLength={120}
          value={draft.full_name}
          onChange={(event) => setDraft({ ...draft, full_name: event.currentTarget.value })}
        />
        <TextInput
          label="Email"
          maxLength={255}
          value={draft.email}
          onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })}
        />
        <TextInput
          label="Địa chỉ"
          maxLength={500}
          value={draft.address}
          onChange={(event) => setDraft({ ...draft, address: event.currentTarget.value })}
        />
        <Select
          label="Loại tài khoản"
          data={types.map((type) => ({ value: String(type.id), label: type.title }))}
          value={String(draft.account_type)}
          onChange={(value) => value && setDraft({ ...draft, account_type: Number(value) })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <ProblemAlert problem={save.problem} testId="account-edit-error" />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label="Lưu"
          busy={save.busy}
          onConfirm={() =>
            void save.run({ id: account.id, ...draft, email: draft.email.trim() || null, address: draft.address.trim() || null })
          }
        />
      </Stack>
    </ResponsiveModal>
  );
}

export function AccountPasswordModal({ account, onClose }: { account: AdminAccountRecord; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const issue = password ? passwordProblem(password, account.phone) : null;
  const save = useSystemDialogWrite(systemWrites.setPassword, 'Không đặt được mật khẩu', onClose);
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title={`Đặt mật khẩu cho ${account.full_name}`}>
      <Stack gap="sm">
        <NewPasswordInput value={password} onChange={setPassword} error={issue} data-testid="account-new-password" />
        <ProblemAlert problem={save.problem} testId="account-password-error" />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label="Đặt mật khẩu"
          busy={save.busy}
          disabled={!password || Boolean(issue)}
          onConfirm={() => void save.run({ account: account.id, password })}
        />
      </Stack>
    </ResponsiveModal>
  );
}
