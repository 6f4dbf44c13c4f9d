/**
 * Creating or editing a role: name, description, whose data its members see, the permission
 * matrix, and the most its members may discount before an order waits for approval (docs/decisions.md, "Discount limits and approval";
 * empty: no limit). Quản trị opens read-only (the server refuses to change it). Server refusals (a duplicate
 * name, granting more than one holds) are shown as the server words them.
 */
import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_ROLE, AREA_LABELS, DATA_SCOPE_LABELS, DATA_SCOPES, type DataScope, type RoleRecord } from '@contract/roles';
import { toast } from '@/ui/toast';
import { NumericInput } from '@/ui/numeric-input';
import { NoteField } from '@/ui/note-field';
import { roleErrorMessage, type RoleDraft } from '../api/role-api';
import { allowsOffRoute, withOffRoute } from '../model/permission-matrix';
import { maxDiscountOf } from '../model/max-discount';
import { PermissionMatrix } from './permission-matrix';
import { ProblemAlert } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  role: RoleRecord | null;
  opened: boolean;
  onClose: () => void;
  onSave: (draft: RoleDraft) => Promise<unknown>;
};

const EMPTY: RoleDraft = { name: '', description: null, scope: 'own', permissions: { dashboard: ['view'] }, max_discount: null };

export function RoleFormModal({ role, opened, onClose, onSave }: Props) {
  const [draft, setDraft] = useState<RoleDraft>(() =>
    role
      ? {
          name: role.name,
          description: role.description,
          scope: role.scope,
          permissions: role.permissions,
          max_discount: role.max_discount,
        }
      : EMPTY,
  );
  const [discountText, setDiscountText] = useState(draft.max_discount === null ? '' : String(draft.max_discount));
  const maxDiscount = maxDiscountOf(discountText);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = Boolean(role?.is_system && role.name === ADMIN_ROLE);

  async function submit() {
    if (!draft.name.trim()) return setNameError('Vui lòng nhập tên vai trò');
    if (maxDiscount.problem) return setFailure(maxDiscount.problem);
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ ...draft, name: draft.name.trim(), description: draft.description?.trim() || null, max_discount: maxDiscount.value });
      toast.success(role ? 'Đã lưu vai trò' : 'Đã thêm vai trò');
      onClose();
    } catch (error) {
      setFailure(roleErrorMessage(error, 'Không lưu được vai trò'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ResponsiveModal
      opened={opened}
      onClose={onClose}
      title={readOnly ? `Vai trò ${role?.name}` : role ? 'Sửa vai trò' : 'Thêm vai trò'}
      size="xl"
    >
      <Stack gap="sm" data-testid="role-form">
        {readOnly && (
          <Alert color="blue">Quản trị có mọi quyền trong công ty và không thể sửa, để công ty không tự khóa mình khỏi ứng dụng.</Alert>
        )}
        <TextInput
          label="Tên vai trò"
          withAsterisk
          value={draft.name}
          maxLength={100}
          error={nameError}
          disabled={readOnly}
          onChange={(event) => {
            setNameError(null);
            setDraft({ ...draft, name: event.currentTarget.value });
          }}
        />
        <NoteField
          label="Mô tả"
          value={draft.description ?? ''}
          maxLength={500}
          minRows={1}
          disabled={readOnly}
          onChange={(text) => setDraft({ ...draft, description: text })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Phạm vi dữ liệu
          </Text>
          <SegmentedControl
            data={DATA_SCOPES.map((scope) => ({ value: scope, label: DATA_SCOPE_LABELS[scope] }))}
            value={draft.scope}
            disabled={readOnly}
            onChange={(scope) => setDraft({ ...draft, scope: scope as DataScope })}
            fullWidth
          />
          <Text size="xs" c="dimmed">
            Đơn hàng, khách hàng và lượt ghé thăm mà người giữ vai trò này được xem.
          </Text>
        </Stack>
        <PermissionMatrix value={draft.permissions} readOnly={readOnly} onChange={(permissions) => setDraft({ ...draft, permissions })} />
        <Checkbox
          label={AREA_LABELS.off_route}
          description="Bán hàng và ghé thăm cả khách hàng ngoài phạm vi dữ liệu của vai trò; đơn hàng ghi rõ là bán ngoài tuyến."
          checked={allowsOffRoute(draft.permissions)}
          disabled={readOnly}
          onChange={(event) => setDraft({ ...draft, permissions: withOffRoute(draft.permissions, event.currentTarget.checked) })}
          data-testid="role-off-route"
        />
        <NumericInput
          label="Chiết khấu tối đa (%)"
          description="Để trống: không giới hạn. Đơn hàng có chiết khấu vượt mức này chờ người có quyền duyệt đơn hàng duyệt."
          placeholder="Không giới hạn"
          value={discountText}
          max={100}
          unit="%"
          w={{ base: '100%', sm: 320 }}
          disabled={readOnly}
          onChange={setDiscountText}
          data-testid="role-max-discount"
        />
        <ProblemAlert problem={failure} testId="role-form-error" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {readOnly ? 'Đóng lại' : 'Hủy'}
          </Button>
          {!readOnly && (
            <Button loading={saving} onClick={() => void submit()} data-testid="role-save">
              Lưu
            </Button>
          )}
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
