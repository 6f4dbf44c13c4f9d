/**
 * /order-groups/{id}: a delivery group, its orders, adding and removing orders while it is open,
 * and its moves (Bắt đầu giao ships its confirmed orders, Đã giao xong completes those delivering,
 * Hủy releases them), each answered with the server's message. Moves and the group's orders need
 * order_groups/edit, deleting it order_groups/delete (issue #7); without them they are not shown.
 */
import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ORDER_GROUP_TRANSITIONS, type OrderGroupStatus } from '@contract/orders-groups';
import { useHeaderActions } from '@/ui/header-actions';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { AnchorLink } from '@/ui/anchor-link';
import { DataTable } from '@/ui/list-page/data-table';
import type { OrderRecord } from '@contract/orders';
import { useOrderGroup, useOrderGroupWrites } from '../api/order-group-api';
import { AddOrdersDialog, GROUP_MOVE_LABELS, GroupStatusBadge } from './order-group-form';
import { orderLabel } from './order-list-table';
import { OrderStatusBadge } from './order-status-badge';
import { toastedWrite } from '@/ui/toasted-write';
import { LoadingBlock } from '@/ui/loading-block';

type Props = { companyId: number; id: number; isMobile: boolean };

const MOVE_CONFIRM: Record<OrderGroupStatus, string> = {
  open: '',
  delivering: 'Bắt đầu giao nhóm này? Các đơn “Đã xác nhận” trong nhóm sẽ chuyển sang “Đang giao”.',
  done: 'Xác nhận đã giao xong? Các đơn “Đang giao” trong nhóm sẽ chuyển sang “Hoàn thành”.',
  cancelled: 'Hủy nhóm này? Các đơn trong nhóm sẽ được trả ra, không còn thuộc nhóm nào.',
};

export function OrderGroupDetailView({ companyId, id, isMobile }: Props) {
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

  if (group.isPending) {
    return <LoadingBlock />;
  }
  if (!data) return <EmptyState title="Không tìm thấy nhóm đơn" description={group.error?.message} />;

  return (
    <Stack gap="md" data-testid="group-detail" data-status={data.status}>
      <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Group gap="xs">
                <Title order={3}>{data.code}</Title>
                <GroupStatusBadge status={data.status} />
              </Group>
              <Text fw={500}>{data.title}</Text>
            </div>
            <Group gap="xs">
              {moves.map((status) => (
                <Button
                  key={status}
                  color={status === 'cancelled' ? 'red' : status === 'done' ? 'teal' : 'indigo'}
                  variant={status === 'cancelled' ? 'light' : 'filled'}
                  onClick={() => void moveTo(status)}
                  data-testid={`group-move-${status}`}
                >
                  {GROUP_MOVE_LABELS[status]}
                </Button>
              ))}
              {deletable && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => void deleteGroup()}
                  data-testid="group-delete"
                >
                  Xóa nhóm
                </Button>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <div>
              <Text size="xs" c="dimmed">
                Ngày giao
              </Text>
              <Text size="sm">{data.delivery_date ? formatDate(data.delivery_date) : '—'}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Số đơn
              </Text>
              <Text size="sm" data-testid="group-order-count">
                {data.order_count}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Tổng tiền
              </Text>
              <Text size="sm" fw={700}>
                {formatMoney(data.total)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Ngày tạo
              </Text>
              <Text size="sm">{formatDateTime(data.created_at)}</Text>
            </div>
          </SimpleGrid>
          {data.note && (
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Ghi chú:{' '}
              </Text>
              {data.note}
            </Text>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
        <Group justify="space-between" mb="sm">
          <Title order={5}>Đơn hàng trong nhóm</Title>
          {changeable && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => {
                update.reset();
                setAdding(true);
              }}
              data-testid="group-add"
            >
              Thêm đơn
            </Button>
          )}
        </Group>
        {data.orders.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nhóm chưa có đơn nào.
          </Text>
        ) : (
          <DataTable
            minWidth={isMobile ? 360 : 720}
            testId="group-orders"
            rowTestId="group-order"
            rows={data.orders}
            rowKey={(order) => order.id}
            verticalSpacing="xs"
            hover={false}
            columns={[
              {
                key: 'order',
                label: 'Đơn hàng',
                cell: (order) => (
                  <AnchorLink to="/order/$id" params={{ id: order.id }} search={{ type: 'detail' }} fw={600} size="sm">
                    {orderLabel(order)}
                  </AnchorLink>
                ),
                sub: isMobile ? (order) => order.customer_name : undefined,
              },
              ...(isMobile
                ? []
                : [
                    {
                      key: 'customer',
                      label: 'Khách hàng',
                      cell: (order: OrderRecord) => order.customer_name,
                      sub: (order: OrderRecord) => order.customer_address,
                    },
                  ]),
              { key: 'status', label: 'Trạng thái', cell: (order) => <OrderStatusBadge status={order.status} size="sm" /> },
              { key: 'total', label: 'Tổng tiền', align: 'right', nowrap: true, cell: (order) => formatMoney(order.total) },
              ...(changeable
                ? [
                    {
                      key: 'remove',
                      width: 40,
                      ariaLabel: 'Bỏ khỏi nhóm',
                      cell: (order: OrderRecord) => (
                        <Tooltip label="Bỏ khỏi nhóm">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Bỏ đơn ${orderLabel(order)} khỏi nhóm`}
                            onClick={() => removeOrder(order.id)}
                            loading={update.isPending && update.variables?.remove?.includes(order.id)}
                            data-testid="group-remove-order"
                          >
                            <IconX size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
      {group.isError && <Alert color="red">{group.error.message}</Alert>}
      <AddOrdersDialog
        opened={adding}
        companyId={companyId}
        isMobile={isMobile}
        busy={update.isPending}
        error={update.error?.message ?? null}
        onClose={() => setAdding(false)}
        onAdd={(ids) =>
          update.mutate(
            { id, add: ids },
            {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setAdding(false);
              },
            },
          )
        }
      />
    </Stack>
  );
}
