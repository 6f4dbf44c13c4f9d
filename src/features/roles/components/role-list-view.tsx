/**
 * /role, "Vai trò": the company's roles with their data scope, how many members hold each and how
 * much of the matrix they grant; add, edit (or view Quản trị) and delete for members who may.
 */
import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DATA_SCOPE_LABELS, type RoleRecord } from '@contract/roles';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { roleErrorMessage, useRoles, useRoleWrites } from '../api/role-api';
import { grantedCount, MATRIX_SIZE } from '../model/permission-matrix';
import { RoleFormModal } from './role-form-modal';

export function RoleListView({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  const [search, setSearch] = useState('');
  const roles = useRoles(companyId, search);
  const writes = useRoleWrites(companyId);
  const canCreate = useCan('roles', 'create');
  const canEdit = useCan('roles', 'edit');
  const canDelete = useCan('roles', 'delete');
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);

  const remove = (role: RoleRecord) =>
    openConfirm({
      title: 'Xóa vai trò',
      message: `Xác nhận xóa vai trò "${role.name}"?`,
      onOk: async () => {
        try {
          await writes.remove(role.id);
          toast.success('Đã xóa vai trò');
        } catch (error) {
          toast.error(roleErrorMessage(error, 'Không xóa được vai trò'));
        }
        return true;
      },
    });

  const name = (role: RoleRecord) => (
    <Anchor component="button" type="button" fw={600} ta="left" onClick={() => setEditing(role)} data-testid="role-name">
      {role.name}
    </Anchor>
  );
  const actions = (role: RoleRecord) => (
    <Group gap={4} wrap="nowrap">
      {canEdit && !(role.is_system && role.name === 'Quản trị') && (
        <ActionIcon variant="subtle" aria-label={`Sửa vai trò ${role.name}`} onClick={() => setEditing(role)}>
          <IconEdit size={18} />
        </ActionIcon>
      )}
      {canDelete && !role.is_system && (
        <ActionIcon variant="subtle" color="red" aria-label={`Xóa vai trò ${role.name}`} onClick={() => void remove(role)}>
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
  const scope = (role: RoleRecord) => (
    <Badge variant="light" tt="none" color={role.scope === 'company' ? 'teal' : role.scope === 'region' ? 'blue' : 'gray'}>
      {DATA_SCOPE_LABELS[role.scope]}
    </Badge>
  );
  const granted = (role: RoleRecord) => `${grantedCount(role.permissions)}/${MATRIX_SIZE} quyền`;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'}>
        <TextInput
          aria-label="Tìm vai trò"
          placeholder="Tìm theo tên hoặc mô tả…"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        {canCreate && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} data-testid="role-create">
            Thêm vai trò
          </Button>
        )}
      </Group>
      {roles.isError && <Alert color="red">{roles.error.message}</Alert>}
      {roles.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : roles.data && roles.data.length === 0 ? (
        <EmptyState title="Không có vai trò phù hợp" description="Thử từ khóa khác." />
      ) : roles.data && isMobile ? (
        <Stack gap="xs">
          {roles.data.map((role) => (
            <Card key={role.id} withBorder radius="md" padding="sm" data-testid="role-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  {name(role)}
                  {role.description && (
                    <Text size="xs" c="dimmed">
                      {role.description}
                    </Text>
                  )}
                  <Group gap={6}>
                    {scope(role)}
                    <Text size="xs" c="dimmed">
                      {role.member_count} nhân viên · {granted(role)}
                    </Text>
                  </Group>
                </Stack>
                {actions(role)}
              </Group>
            </Card>
          ))}
        </Stack>
      ) : roles.data ? (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="role-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vai trò</Table.Th>
                <Table.Th>Phạm vi dữ liệu</Table.Th>
                <Table.Th ta="right">Nhân viên</Table.Th>
                <Table.Th ta="right">Quyền</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.data.map((role) => (
                <Table.Tr key={role.id} data-testid="role-row">
                  <Table.Td>
                    {name(role)}
                    {role.description && (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {role.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{scope(role)}</Table.Td>
                  <Table.Td ta="right">{role.member_count}</Table.Td>
                  <Table.Td ta="right">{granted(role)}</Table.Td>
                  <Table.Td>{actions(role)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {editing !== null && (
        <RoleFormModal
          key={editing === 'new' ? 'new' : editing.id}
          role={editing === 'new' ? null : editing}
          opened
          fullScreen={isMobile}
          onClose={() => setEditing(null)}
          onSave={(draft) => writes.save(editing === 'new' ? null : editing.id, draft)}
        />
      )}
    </Stack>
  );
}
