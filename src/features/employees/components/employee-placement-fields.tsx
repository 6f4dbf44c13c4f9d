/**
 * Where an employee sits in the company, on the employee form (employee-form-drawer.tsx): kind
 * (sales, named by the company's type, or office), role (waiting for approval when the member may
 * not approve roles), region, manager (not the employee), start date.
 */
import '@mantine/dates/styles.layer.css';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DayField } from '@/ui/day-field';
import '@/lib/dayjs';
import { salesStaffLabel } from '@contract/company';
import { OFFICE_STAFF_LABEL, type EmployeeOptions, type EmployeeRecord, type StaffKind } from '@contract/employees';
import type { useEmployeeForm } from './use-employee-form';

type Form = ReturnType<typeof useEmployeeForm>;

type Props = {
  companyType: string | null;
  record: EmployeeRecord | null;
  options: EmployeeOptions | undefined;
  values: Form['values'];
  set: Form['set'];
  serverErrors: Form['serverErrors'];
};

export function EmployeePlacementFields({ companyType, record, options, values, set, serverErrors }: Props) {
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
    <>
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
      <DayField
        label="Ngày bắt đầu"
        value={values.start_date || null}
        onChange={(value) => set('start_date', value ?? '')}
        error={serverErrors.start_date}
        clearable
        withIcon
        clearLabel="Xóa ngày bắt đầu"
        data-testid="field-start-date"
      />
    </>
  );
}
