/**
 * /role, "Vai trò": the company's roles with their data scope, how many members hold each and how
 * much of the matrix they grant; add, edit (or view Quản trị) and delete for members who may.
 */
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DATA_SCOPE_LABELS, type RoleRecord } from '@contract/roles';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { RowActions } from '@/ui/list-page/row-actions';
import { toast } from '@/ui/toast';
import { roleErrorMessage, useRoles, useRoleWrites } from '../api/role-api';
import { grantedCount, MATRIX_SIZE } from '../model/permission-matrix';
import { RoleFormModal } from './role-form-modal';

export function RoleListView({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  // The roles are few: one unpaged list, searched by the server; the search stays in the tab.
  const [filter, setFilter] = useState({ search: '', page: 1, limit: 100 });
  const roles = useRoles(companyId, filter.search);
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
    <RowActions
      edit={
        canEdit && !(role.is_system && role.name === 'Quản trị') && { label: `Sửa vai trò ${role.name}`, onClick: () => setEditing(role) }
      }
      remove={canDelete && !role.is_system && { label: `Xóa vai trò ${role.name}`, onClick: () => void remove(role) }}
    />
  );
  const scope = (role: RoleRecord) => (
    <Badge variant="light" tt="none" color={role.scope === 'company' ? 'teal' : role.scope === 'region' ? 'blue' : 'gray'}>
      {DATA_SCOPE_LABELS[role.scope]}
    </Badge>
  );
  const granted = (role: RoleRecord) => `${grantedCount(role.permissions)}/${MATRIX_SIZE} quyền`;

  const rows: RowsSpec<RoleRecord> = {
    testId: 'role',
    minWidth: 760,
    card: (role) => (
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
    ),
    columns: [
      { key: 'name', label: 'Vai trò', cell: name, sub: (role) => role.description },
      { key: 'scope', label: 'Phạm vi dữ liệu', cell: scope },
      { key: 'members', label: 'Nhân viên', align: 'right', cell: (role) => role.member_count },
      { key: 'granted', label: 'Quyền', align: 'right', cell: granted },
      { key: 'actions', cell: actions },
    ],
  };

  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm vai trò', placeholder: 'Tìm theo tên hoặc mô tả…' }}
      actions={
        canCreate && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} data-testid="role-create">
            Thêm vai trò
          </Button>
        )
      }
      query={roles}
      empty={{ title: 'Không có vai trò phù hợp', description: 'Thử từ khóa khác.' }}
      footer={
        editing !== null && (
          <RoleFormModal
            key={editing === 'new' ? 'new' : editing.id}
            role={editing === 'new' ? null : editing}
            opened
            onClose={() => setEditing(null)}
            onSave={(draft) => writes.save(editing === 'new' ? null : editing.id, draft)}
          />
        )
      }
      rows={rows}
    />
  );
}
