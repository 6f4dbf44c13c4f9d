/**
 * Transfer reasons (reasontransfer/): add, rename, stop using (receipts keep naming a reason, so
 * "deleting" one only switches it off).
 */
import { Badge, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TransferReasonRecord } from '@contract/warehouse';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { RowActions } from '@/ui/list-page/row-actions';
import { toast } from '@/ui/toast';
import { errorFields, errorMessage, useTransferReasons, useWarehouseWrites } from '@/features/warehouse/api/warehouse-api';
import { toastedWrite } from '@/ui/toasted-write';

export function ReasonView({ companyId }: { companyId: number }) {
  const reasons = useTransferReasons(companyId);
  const writes = useWarehouseWrites(companyId);
  const canCreate = useCan('warehouse', 'create');
  const canEdit = useCan('warehouse', 'edit');
  const canDelete = useCan('warehouse', 'delete');
  const [editing, setEditing] = useState<TransferReasonRecord | 'new' | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (reason: TransferReasonRecord | 'new') => {
    setEditing(reason);
    setTitle(reason === 'new' ? '' : reason.title);
    setError(null);
  };
  const save = async () => {
    setBusy(true);
    try {
      const answer = await writes.saveReason(editing === 'new' || !editing ? null : editing.id, title.trim());
      toast.success(answer.message ?? 'Đã lưu lý do');
      setEditing(null);
    } catch (failure) {
      setError(errorFields(failure).title ?? errorMessage(failure, 'Không lưu được lý do'));
    } finally {
      setBusy(false);
    }
  };
  const stop = (reason: TransferReasonRecord) =>
    void openConfirm({
      title: 'Ngừng dùng lý do',
      message: `Ngừng dùng lý do "${reason.title}"? Các phiếu đã dùng vẫn giữ lý do này.`,
      // Closes whatever the answer: the toast says it.
      onOk: async () => {
        await toastedWrite(
          async () => (await writes.stopReason(reason.id)).message ?? 'Đã ngừng dùng',
          (failure) => errorMessage(failure, 'Không ngừng được lý do'),
        );
        return true;
      },
    });

  return (
    <Stack gap="md" data-testid="reasons">
      {canCreate && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={18} />} onClick={() => open('new')} data-testid="reason-create">
            Thêm lý do
          </Button>
        </Group>
      )}
      {reasons.data?.length === 0 ? (
        <EmptyState
          title="Chưa có lý do chuyển kho"
          description="Lý do giúp phân loại phiếu chuyển kho (bổ sung chi nhánh, trả hàng, điều chuyển cận hạn…)."
        />
      ) : (
        <Table striped data-testid="reason-table">
          <Table.Tbody>
            {(reasons.data ?? []).map((reason) => (
              <Table.Tr key={reason.id} data-testid="reason-row">
                <Table.Td>{reason.title}</Table.Td>
                <Table.Td w={120}>
                  {!reason.is_active && (
                    <Badge color="gray" variant="light" tt="none">
                      Ngừng dùng
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td w={90}>
                  <RowActions
                    edit={canEdit && { label: `Sửa lý do ${reason.title}`, onClick: () => open(reason) }}
                    remove={canDelete && reason.is_active && { label: `Ngừng dùng lý do ${reason.title}`, onClick: () => stop(reason) }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ResponsiveModal
        phoneFullScreen={false}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Thêm lý do chuyển kho' : 'Sửa lý do chuyển kho'}
        centered
      >
        <Stack gap="sm">
          <TextInput
            label="Lý do"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={120}
            error={error}
            withAsterisk
            data-autofocus
            data-testid="reason-title"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              Đóng lại
            </Button>
            <Button disabled={!title.trim()} loading={busy} onClick={() => void save()} data-testid="reason-save">
              Lưu
            </Button>
          </Group>
        </Stack>
      </ResponsiveModal>
    </Stack>
  );
}
