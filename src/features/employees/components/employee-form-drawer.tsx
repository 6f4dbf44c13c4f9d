/**
 * Creating and editing an employee in a drawer (from the right on desktop, full width on phones):
 * phone, name, email and, when creating, the initial password of a new account; then code, kind,
 * role, region, manager and start date. Creating by a phone that already has an account links it
 * (its own name and password stay); the person gets an invitation to accept. A role chosen by
 * someone who may not approve roles waits for approval, which the answer's message says.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { SideDrawer } from '@/ui/side-drawer';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import type { EmployeeOptions, EmployeeRecord } from '@contract/employees';
import { NewPasswordInput } from '@/ui/new-password-input';
import { RuleTextInput } from '@/ui/rule-text-input';
import type { EmployeeFormValues } from '../model/employee-form';
import { DialogActions } from '@/ui/dialog-actions';
import { EmployeePlacementFields } from './employee-placement-fields';
import { useEmployeeForm } from './use-employee-form';

type Props = {
  opened: boolean;
  onClose: () => void;
  companyId: number;
  companyType: string | null;
  /** The employee being edited; null to create one. */
  record: EmployeeRecord | null;
  initial: EmployeeFormValues;
  options: EmployeeOptions | undefined;
  isMobile: boolean;
  onSaved: (record: EmployeeRecord) => void;
};

export function EmployeeFormDrawer(props: Props) {
  const { opened, onClose, record } = props;
  return (
    <SideDrawer opened={opened} onClose={onClose} width={520} title={record ? `Sửa thông tin: ${record.full_name}` : 'Thêm nhân viên'}>
      {/* Mounted per opening, so each opening starts from its own values. */}
      {opened && <EmployeeForm {...props} />}
    </SideDrawer>
  );
}

function EmployeeForm({ companyId, companyType, record, initial, options, onClose, onSaved }: Props) {
  const { values, serverErrors, set, textProps, saving, editing, phoneRef, nameRef, emailRef, passwordRef, codeRef, submit } =
    useEmployeeForm({
      companyId,
      record,
      initial,
      onClose,
      onSaved,
    });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="employee-form">
      <Stack gap="sm">
        {editing ? (
          <RuleTextInput label="Số điện thoại" value={values.phone} onChange={() => undefined} disabled />
        ) : (
          <RuleTextInput
            label="Số điện thoại"
            placeholder="VD: 0912 345 678"
            inputMode="tel"
            autoComplete="off"
            ref={phoneRef}
            {...textProps('phone')}
            data-testid="field-phone"
            data-autofocus
          />
        )}
        <RuleTextInput label="Họ và tên" ref={nameRef} {...textProps('full_name')} data-testid="field-full-name" />
        <RuleTextInput label="Email" type="email" ref={emailRef} {...textProps('email')} data-testid="field-email" />
        {!editing && (
          <>
            <NewPasswordInput
              label="Mật khẩu ban đầu"
              description="Dùng khi số điện thoại chưa có tài khoản. Tài khoản đã có giữ nguyên họ tên và mật khẩu."
              ref={passwordRef}
              {...textProps('password')}
              data-testid="field-password"
            />
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
              <Text size="sm">Người được thêm sẽ nhận lời mời và cần chấp nhận khi đăng nhập để vào công ty.</Text>
            </Alert>
          </>
        )}
        <RuleTextInput
          label="Mã nhân viên"
          placeholder="Để trống để hệ thống tự cấp mã"
          ref={codeRef}
          {...textProps('code')}
          data-testid="field-code"
        />
        <EmployeePlacementFields
          companyType={companyType}
          record={record}
          options={options}
          values={values}
          set={set}
          serverErrors={serverErrors}
        />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label={editing ? 'Lưu thay đổi' : 'Thêm và gửi lời mời'}
          busy={saving}
          leftSection={<IconDeviceFloppy size={18} />}
          testId="employee-save"
          mt="sm"
        />
      </Stack>
    </form>
  );
}
