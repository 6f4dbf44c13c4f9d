/**
 * Staff as a table on desktop and as cards on phones: code, name, phone, email, region, role,
 * manager, state and start date, with a menu of what the member may do to each row (edit, reset
 * the password, deactivate or reactivate). The menu offers nothing for the owner's row but editing,
 * and nothing destructive on one's own row.
 */
import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconKey, IconMail, IconPencil, IconPhone, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { employeeStateLabel, type EmployeeRecord } from '@contract/employees';
import { formatDate } from '@/lib/dates';

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

type RowsProps = { rows: EmployeeRecord[]; actions: RowActions };

export function EmployeeTable({ rows, actions }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="employee-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mã NV</Table.Th>
            <Table.Th>Họ và tên</Table.Th>
            <Table.Th>Số điện thoại</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Khu vực</Table.Th>
            <Table.Th>Vai trò</Table.Th>
            <Table.Th>Người quản lý</Table.Th>
            <Table.Th>Trạng thái</Table.Th>
            <Table.Th>Ngày bắt đầu</Table.Th>
            <Table.Th w={48} aria-label="Thao tác" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.membership_id} data-testid="employee-row" data-phone={row.phone}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(row.code)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} data-testid="employee-name">
                  {row.full_name}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.phone}</Table.Td>
              <Table.Td>{dash(row.email)}</Table.Td>
              <Table.Td>{row.region ? `${row.region.name} (${row.region.code})` : '—'}</Table.Td>
              <Table.Td>
                <RoleText row={row} />
              </Table.Td>
              <Table.Td>{dash(row.manager?.full_name)}</Table.Td>
              <Table.Td>
                <StateBadge row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(formatDate(row.start_date))}</Table.Td>
              <Table.Td>
                <RowMenu row={row} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function EmployeeCards({ rows, actions }: RowsProps) {
  return (
    <Stack gap="xs" data-testid="employee-cards">
      {rows.map((row) => (
        <Card key={row.membership_id} withBorder radius="md" padding="sm" data-testid="employee-row" data-phone={row.phone}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} data-testid="employee-name">
                  {row.full_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {dash(row.code)} · {row.role?.name ?? 'Chưa có vai trò'}
                  {row.region ? ` · ${row.region.name}` : ''}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <StateBadge row={row} />
                <RowMenu row={row} actions={actions} />
              </Group>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconPhone size={14} aria-hidden />
              <Anchor href={`tel:${row.phone}`} size="sm">
                {row.phone}
              </Anchor>
            </Group>
            {row.email && (
              <Group gap={6} wrap="nowrap">
                <IconMail size={14} aria-hidden />
                <Text size="sm" truncate="end">
                  {row.email}
                </Text>
              </Group>
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
        </Card>
      ))}
    </Stack>
  );
}
