/**
 * The state behind /order-groups/{id} (order-group-detail-view.tsx): the group, what the member may
 * do with it, its moves, taking an order out, deleting it, and the header's actions.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ORDER_GROUP_TRANSITIONS, type OrderGroupStatus } from '@contract/orders-groups';
import { useHeaderActions } from '@/ui/header-actions';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { toastedWrite } from '@/ui/toasted-write';
import { useOrderGroup, useOrderGroupWrites } from '../api/order-group-api';
import { GROUP_MOVE_LABELS } from './order-group-form';

const MOVE_CONFIRM: Record<OrderGroupStatus, string> = {
  open: '',
  delivering: 'Bắt đầu giao nhóm này? Các đơn “Đã xác nhận” trong nhóm sẽ chuyển sang “Đang giao”.',
  done: 'Xác nhận đã giao xong? Các đơn “Đang giao” trong nhóm sẽ chuyển sang “Hoàn thành”.',
  cancelled: 'Hủy nhóm này? Các đơn trong nhóm sẽ được trả ra, không còn thuộc nhóm nào.',
};

export type GroupUpdate = ReturnType<typeof useOrderGroupWrites>['update'];

export function useOrderGroupScreen(companyId: number, id: number) {
  const group = useOrderGroup(companyId, id);
  const { update, remove } = useOrderGroupWrites(companyId);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const canEdit = useCan('order_groups', 'edit');
  const canDelete = useCan('order_groups', 'delete');
  const data = group.data;
  const moves = data && canEdit ? ORDER_GROUP_TRANSITIONS[data.status] : [];
  // Orders are added and taken out while the group is open, by members who may edit it.
  const changeable = data?.status === 'open' && canEdit;
  const deletable = canDelete && (data?.status === 'open' || data?.status === 'cancelled');

  const moveTo = async (status: OrderGroupStatus) => {
    // Starting the run ships confirmed orders only; say which ones will stay behind.
    const waiting = status === 'delivering' ? (data?.orders.filter((order) => order.status === 'pending').length ?? 0) : 0;
    await openConfirm({
      title: GROUP_MOVE_LABELS[status],
      message: waiting > 0 ? `${MOVE_CONFIRM[status]} ${waiting} đơn còn “Chờ xác nhận” sẽ giữ nguyên.` : MOVE_CONFIRM[status],
      icon: status === 'cancelled' ? 'error' : 'warning',
      okLabel: GROUP_MOVE_LABELS[status],
      onOk: () =>
        toastedWrite(
          async () => (await update.mutateAsync({ id, status })).message,
          (error) => (error instanceof Error ? error.message : 'Không cập nhật được nhóm'),
        ),
    });
  };
  const removeOrder = (orderId: string) =>
    update.mutate(
      { id, remove: [orderId] },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) },
    );
  const deleteGroup = async () => {
    await openConfirm({
      title: 'Xóa nhóm',
      message: 'Xóa nhóm đơn này? Các đơn trong nhóm sẽ không còn thuộc nhóm nào.',
      icon: 'error',
      okLabel: 'Xóa nhóm',
      onOk: () =>
        toastedWrite(
          async () => {
            const answer = await remove.mutateAsync(id);
            void navigate({ to: '/order-groups' });
            return answer.message;
          },
          (error) => (error instanceof Error ? error.message : 'Không xóa được nhóm'),
        ),
    });
  };

  useHeaderActions([
    ...moves.map((status) => ({
      key: `move-${status}`,
      label: GROUP_MOVE_LABELS[status],
      danger: status === 'cancelled',
      onClick: () => void moveTo(status),
    })),
    ...(changeable ? [{ key: 'add', label: 'Thêm đơn', onClick: () => setAdding(true) }] : []),
    ...(deletable ? [{ key: 'delete', label: 'Xóa nhóm', danger: true, onClick: () => void deleteGroup() }] : []),
  ]);

  return { group, update, adding, setAdding, moves, changeable, deletable, moveTo, removeOrder, deleteGroup };
}
