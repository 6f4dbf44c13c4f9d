/**
 * Creating and editing an employee in a drawer (from the right on desktop, full width on phones):
 * phone, name, email and, when creating, the initial password of a new account; then code, kind,
 * role, region, manager and start date. Creating by a phone that already has an account links it
 * (its own name and password stay); the person gets an invitation to accept. A role chosen by
 * someone who may not approve roles waits for approval, which the answer's message says.
 */
import '@mantine/dates/styles.layer.css';
import { Alert, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { SideDrawer } from '@/ui/side-drawer';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import '@/lib/dayjs';
import { IconCalendar, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { salesStaffLabel } from '@contract/company';
import { OFFICE_STAFF_LABEL, type EmployeeOptions, type EmployeeRecord, type StaffKind } from '@contract/employees';
import { ApiError } from '@/api/api-error';
import { DISPLAY_DATE_FORMAT } from '@/lib/dates';
import { useRuleForm, validateRuleInputs } from '@/ui/rule-form';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';
import { toast } from '@/ui/toast';
import { employeeWrites } from '../api/employee-api';
import { EMPLOYEE_FORM_RULES, isEmptyUpdate, toCreateInput, toUpdateInput, type EmployeeFormValues } from '../model/employee-form';
import { DialogActions } from '@/ui/dialog-actions';

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
    <SideDrawer
      opened={opened}
      onClose={onClose}
      fullScreen={props.isMobile}
      width={520}
      title={record ? `Sửa thông tin: ${record.full_name}` : 'Thêm nhân viên'}
    >
      {/* Mounted per opening, so each opening starts from its own values. */}
      {opened && <EmployeeForm {...props} />}
    </SideDrawer>
  );
}

function EmployeeForm({ companyId, companyType, record, initial, options, onClose, onSaved }: Props) {
  const { values, serverErrors, setServerErrors, set, textProps } = useRuleForm(initial, EMPLOYEE_FORM_RULES);
  const [saving, setSaving] = useState(false);
  const phoneRef = useRef<RuleInputHandle>(null);
  const nameRef = useRef<RuleInputHandle>(null);
  const emailRef = useRef<RuleInputHandle>(null);
  const passwordRef = useRef<RuleInputHandle>(null);
  const codeRef = useRef<RuleInputHandle>(null);
  const editing = record !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const refs = editing ? [nameRef, emailRef, codeRef] : [phoneRef, nameRef, emailRef, passwordRef, codeRef];
    if (!validateRuleInputs(refs.map((ref) => ref.current))) return;
    setSaving(true);
    try {
      if (record) {
        const input = toUpdateInput(companyId, record, values);
        if (isEmptyUpdate(input)) {
          onClose();
          return;
        }
        const answer = await employeeWrites.update(record.id, input);
        if (answer.data.role_request_pending) toast.info(answer.message);
        else toast.success(answer.message);
        onSaved(answer.data);
      } else {
        const answer = await employeeWrites.create(toCreateInput(companyId, values));
        toast.success(answer.message);
        onSaved(answer.data);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(error.fields);
        toast.error(error.isNetwork ? 'Cần kết nối mạng để lưu nhân viên. Vui lòng thử lại khi có mạng.' : error.message);
      } else {
        toast.error('Không lưu được nhân viên. Vui lòng thử lại.');
      }
    } finally {
      setSaving(false);
    }
  }

  const salesLabel = salesStaffLabel(companyType);
  const roles = (options?.roles ?? []).map((role) => ({ value: String(role.id), label: role.name }));
  const regions = (options?.regions ?? []).map((region) => ({ value: String(region.id), label: `${region.name} (${region.code})` }));
  const managers = (options?.managers ?? [])
    .filter((manager) => manager.id !== record?.id)
    .map((manager) => ({ value: String(manager.id), label: manager.code ? `${manager.full_name} (${manager.code})` : manager.full_name }));
  if (record?.manager && !managers.some((option) => option.value === String(record.manager!.id))) {
    managers.push({ value: String(record.manager.id), label: record.manager.full_name });
  }
  const approves = options?.can_approve_roles ?? false;

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
            <RuleTextInput
              label="Mật khẩu ban đầu"
              password
              autoComplete="new-password"
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
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Loại nhân viên
          </Text>
          <SegmentedControl
            value={values.staff_kind}
            onChange={(value) => set('staff_kind', value as StaffKind)}
            data={[
              { value: 'sales', label: salesLabel },
              { value: 'office', label: OFFICE_STAFF_LABEL },
            ]}
            data-testid="field-kind"
          />
        </Stack>
        <Select
          label="Vai trò"
          placeholder={values.staff_kind === 'sales' ? 'Mặc định: Trình dược viên' : 'Chưa có vai trò'}
          description={approves ? undefined : 'Vai trò bạn chọn sẽ chờ quản trị viên duyệt.'}
          data={roles}
          value={values.role || null}
          onChange={(value) => set('role', value ?? '')}
          error={serverErrors.role}
          clearable={approves}
          data-testid="field-role"
        />
        <Select
          label="Khu vực"
          placeholder="Chưa xếp khu vực"
          data={regions}
          value={values.region || null}
          onChange={(value) => set('region', value ?? '')}
          error={serverErrors.region}
          clearable
          searchable
          nothingFoundMessage="Không có khu vực phù hợp"
          data-testid="field-region"
        />
        <Select
          label="Người quản lý"
          placeholder="Không có"
          data={managers}
          value={values.manager || null}
          onChange={(value) => set('manager', value ?? '')}
          error={serverErrors.manager}
          clearable
          searchable
          nothingFoundMessage="Không tìm thấy nhân viên"
          data-testid="field-manager"
        />
        <DatesProvider settings={{ locale: 'vi', firstDayOfWeek: 1 }}>
          <DatePickerInput
            label="Ngày bắt đầu"
            placeholder="Chọn ngày"
            valueFormat={DISPLAY_DATE_FORMAT}
            value={values.start_date || null}
            onChange={(value) => set('start_date', value ? String(value).slice(0, 10) : '')}
            error={serverErrors.start_date}
            clearable
            leftSection={<IconCalendar size={16} />}
            clearButtonProps={{ 'aria-label': 'Xóa ngày bắt đầu' }}
            data-testid="field-start-date"
          />
        </DatesProvider>
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
