/**
 * The company's warehouses (warehouse/): code, name, address, keeper, default and active marks;
 * add one (the WAREHOUSE service must be on: the server answers FEATURE_OFF otherwise) or edit one
 * (the default warehouse cannot be stopped).
 */
import { Badge, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { WarehouseRecord } from '@contract/warehouse';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { DataTable } from '@/ui/list-page/data-table';
import { RowActions } from '@/ui/list-page/row-actions';
import { toast } from '@/ui/toast';
import { errorFields, errorMessage, useKeeperOptions, useWarehouses, useWarehouseWrites } from '@/features/warehouse/api/warehouse-api';
import { NoteField } from '@/ui/note-field';

type Form = { code: string; name: string; address: string; keeper: string | null; note: string; active: boolean };

const formOf = (row: WarehouseRecord | null): Form => ({
  code: row?.code ?? '',
  name: row?.name ?? '',
  address: row?.address ?? '',
  keeper: row?.keeper_id ? String(row.keeper_id) : null,
  note: row?.note ?? '',
  active: row?.is_active ?? true,
});

function WarehouseForm({ companyId, editing, onClose }: { companyId: number; editing: WarehouseRecord | 'new'; onClose: () => void }) {
  const record = editing === 'new' ? null : editing;
  const writes = useWarehouseWrites(companyId);
  const keepers = useKeeperOptions(companyId, true);
  const [form, setForm] = useState(() => formOf(record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const save = async () => {
    setBusy(true);
    try {
      const input = {
        code: form.code.trim() || null,
        name: form.name.trim(),
        address: form.address.trim() || null,
        keeper_id: form.keeper ? Number(form.keeper) : null,
        note: form.note.trim() || null,
        is_active: form.active,
      };
      toast.success((await writes.saveWarehouse(record?.id ?? null, input)).message ?? 'Đã lưu kho');
      onClose();
    } catch (failure) {
      setErrors({ ...errorFields(failure), form: errorMessage(failure, 'Không lưu được kho') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="warehouse-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Mã kho"
          placeholder="Tự sinh nếu để trống"
          value={form.code}
          onChange={(event) => set({ code: event.currentTarget.value })}
          maxLength={30}
          error={errors.code}
          data-testid="warehouse-code"
        />
        <TextInput
          label="Tên kho"
          value={form.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          maxLength={120}
          withAsterisk
          error={errors.name}
          data-testid="warehouse-name"
        />
      </SimpleGrid>
      <TextInput
        label="Địa chỉ"
        value={form.address}
        onChange={(event) => set({ address: event.currentTarget.value })}
        maxLength={255}
        error={errors.address}
      />
      <Select
        label="Thủ kho"
        data={(keepers.data ?? []).map((person) => ({
          value: String(person.id),
          label: person.code ? `${person.full_name} (${person.code})` : person.full_name,
        }))}
        value={form.keeper}
        onChange={(keeper) => set({ keeper })}
        searchable
        clearable
        nothingFoundMessage="Không có nhân viên phù hợp"
        error={errors.keeper_id}
      />
      <NoteField label="Ghi chú" value={form.note} onChange={(text) => set({ note: text })} minRows={1} maxLength={500} />
      <Switch
        label="Đang hoạt động"
        checked={form.active}
        disabled={record?.is_default}
        onChange={(event) => set({ active: event.currentTarget.checked })}
      />
      {errors.form && (
        <Text c="red" size="sm">
          {errors.form}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Đóng lại
        </Button>
        <Button onClick={() => void save()} loading={busy} disabled={!form.name.trim()} data-testid="warehouse-save">
          Lưu
        </Button>
      </Group>
    </Stack>
  );
}

export function WarehouseListView({ companyId, multi }: { companyId: number; multi: boolean }) {
  const warehouses = useWarehouses(companyId);
  const canCreate = useCan('warehouse', 'create') && multi;
  const canEdit = useCan('warehouse', 'edit');
  const [editing, setEditing] = useState<WarehouseRecord | 'new' | null>(null);
  return (
    <Stack gap="md" data-testid="warehouses">
      {canCreate && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} data-testid="warehouse-create">
            Thêm kho
          </Button>
        </Group>
      )}
      {warehouses.data?.length === 0 && <EmptyState title="Chưa có kho nào" />}
      <DataTable
        minWidth={720}
        testId="warehouse-table"
        rowTestId="warehouse-row"
        rows={warehouses.data ?? []}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-code': row.code })}
        hover={false}
        columns={[
          { key: 'code', label: 'Mã', bold: true, cell: (row) => row.code },
          {
            key: 'name',
            label: 'Tên kho',
            cell: (row) => (
              <>
                {row.name}{' '}
                {row.is_default && (
                  <Badge size="xs" variant="light" tt="none">
                    Mặc định
                  </Badge>
                )}
              </>
            ),
          },
          { key: 'address', label: 'Địa chỉ', cell: (row) => row.address ?? '—' },
          { key: 'keeper', label: 'Thủ kho', cell: (row) => row.keeper_name ?? '—' },
          {
            key: 'status',
            label: 'Trạng thái',
            cell: (row) => (
              <Badge color={row.is_active ? 'teal' : 'gray'} variant="light" tt="none">
                {row.is_active ? 'Hoạt động' : 'Ngừng'}
              </Badge>
            ),
          },
          {
            key: 'actions',
            cell: (row) => (
              <RowActions edit={canEdit && (multi || row.is_default) && { label: `Sửa kho ${row.name}`, onClick: () => setEditing(row) }} />
            ),
          },
        ]}
      />
      <ResponsiveModal
        phoneFullScreen={false}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Thêm kho' : 'Sửa kho'}
        size="lg"
      >
        {editing && <WarehouseForm companyId={companyId} editing={editing} onClose={() => setEditing(null)} />}
      </ResponsiveModal>
    </Stack>
  );
}
