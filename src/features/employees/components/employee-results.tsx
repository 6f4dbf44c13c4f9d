/**
 * Staff as a table on desktop and as cards on phones: code, name, phone, email, region, role,
 * manager, state and start date, with a menu of what the member may do to each row (edit, reset
 * the password, deactivate or reactivate). The menu offers nothing for the owner's row but editing,
 * and nothing destructive on one's own row.
 */
import { ActionIcon, Badge, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconDots, IconKey, IconMail, IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { employeeStateLabel, type EmployeeRecord } from '@contract/employees';
import { formatDate } from '@/lib/dates';
import { CardHead } from '@/ui/list-page/card-head';
import { CardLine, PhoneLine } from '@/ui/list-page/card-line';
import type { Column } from '@/ui/list-page/data-table';
import type { RowsSpec } from '@/ui/list-page/list-rows';

export type RowActions = {
  canEdit: boolean;
  canDeactivate: boolean;
  selfId: number;
  onEdit: (row: EmployeeRecord) => void;
  onResetPassword: (row: EmployeeRecord) => void;
  onToggleActive: (row: EmployeeRecord) => void;
};

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

export function StateBadge({ row }: { row: EmployeeRecord }) {
  const color = !row.is_active ? 'gray' : row.status_display === 'accept' ? 'teal' : row.status_display === 'invited' ? 'blue' : 'yellow';
  return (
    <Badge variant="light" color={color} size="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }} data-testid="employee-state">
      {employeeStateLabel(row)}
    </Badge>
  );
}

function RoleText({ row }: { row: EmployeeRecord }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{row.role?.name ?? 'Chưa có vai trò'}</Text>
      {row.pending_role && (
        <Tooltip label="Thay đổi vai trò đang chờ quản trị viên duyệt">
          <Text size="xs" c="orange">
            Chờ duyệt: {row.pending_role.name}
          </Text>
        </Tooltip>
      )}
    </Stack>
  );
}

function RowMenu({ row, actions }: { row: EmployeeRecord; actions: RowActions }) {
  const self = row.id === actions.selfId;
  // The owner's record is theirs to edit; nobody resets or deactivates it.
  const editable = actions.canEdit && (!row.is_owner || self);
  const resettable = actions.canEdit && !self && !row.is_owner;
  const toggleable = actions.canDeactivate && !self && !row.is_owner;
  if (!editable && !resettable && !toggleable) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Thao tác với ${row.full_name}`} data-testid="employee-actions">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {editable && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onEdit(row)}>
            Sửa thông tin
          </Menu.Item>
        )}
        {resettable && (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => actions.onResetPassword(row)}>
            Đặt lại mật khẩu
          </Menu.Item>
        )}
        {toggleable && (
          <Menu.Item
            color={row.is_active ? 'red' : 'teal'}
            leftSection={row.is_active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            onClick={() => actions.onToggleActive(row)}
          >
            {row.is_active ? 'Ngừng hoạt động' : 'Kích hoạt lại'}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function columns(actions: RowActions): Column<EmployeeRecord>[] {
  return [
    { key: 'code', label: 'Mã NV', nowrap: true, cell: (row) => dash(row.code) },
    {
      key: 'name',
      label: 'Họ và tên',
      cell: (row) => (
        <Text size="sm" fw={600} data-testid="employee-name">
          {row.full_name}
        </Text>
      ),
    },
    { key: 'phone', label: 'Số điện thoại', nowrap: true, cell: (row) => row.phone },
    { key: 'email', label: 'Email', cell: (row) => dash(row.email) },
    { key: 'region', label: 'Khu vực', cell: (row) => (row.region ? `${row.region.name} (${row.region.code})` : '—') },
    { key: 'role', label: 'Vai trò', cell: (row) => <RoleText row={row} /> },
    { key: 'manager', label: 'Người quản lý', cell: (row) => dash(row.manager?.full_name) },
    { key: 'state', label: 'Trạng thái', cell: (row) => <StateBadge row={row} /> },
    { key: 'start', label: 'Ngày bắt đầu', nowrap: true, cell: (row) => dash(formatDate(row.start_date)) },
    { key: 'actions', width: 48, ariaLabel: 'Thao tác', cell: (row) => <RowMenu row={row} actions={actions} /> },
  ];
}

function EmployeeCard({ row, actions }: { row: EmployeeRecord; actions: RowActions }) {
  return (
    <Stack gap={4}>
      <CardHead
        aside={
          <Group gap={4} wrap="nowrap">
            <StateBadge row={row} />
            <RowMenu row={row} actions={actions} />
          </Group>
        }
      >
        <Text fw={600} data-testid="employee-name">
          {row.full_name}
        </Text>
        <Text size="xs" c="dimmed">
          {dash(row.code)} · {row.role?.name ?? 'Chưa có vai trò'}
          {row.region ? ` · ${row.region.name}` : ''}
        </Text>
      </CardHead>
      <PhoneLine phone={row.phone} />
      {row.email && (
        <CardLine icon={IconMail}>
          <Text size="sm" truncate="end">
            {row.email}
          </Text>
        </CardLine>
      )}
      {row.pending_role && (
        <Text size="xs" c="orange">
          Vai trò chờ duyệt: {row.pending_role.name}
        </Text>
      )}
      {(row.manager || row.start_date) && (
        <Text size="xs" c="dimmed">
          {row.manager ? `Quản lý: ${row.manager.full_name}` : ''}
          {row.manager && row.start_date ? ' · ' : ''}
          {row.start_date ? `Bắt đầu: ${formatDate(row.start_date)}` : ''}
        </Text>
      )}
    </Stack>
  );
}

/** The staff lists' rows: the table's columns and the phone's card, each with the row's menu. */
export function employeeRows(actions: RowActions): RowsSpec<EmployeeRecord> {
  return {
    testId: 'employee',
    rowKey: (row) => row.membership_id,
    rowProps: (row) => ({ 'data-phone': row.phone }),
    card: (row) => <EmployeeCard row={row} actions={actions} />,
    columns: columns(actions),
    minWidth: 1100,
  };
}
