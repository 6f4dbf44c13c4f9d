/**
 * The cards of /order-groups/{id} (order-group-detail-view.tsx): the group with its moves and
 * figures, and the table of its orders.
 */
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import type { OrderGroupStatus } from '@contract/orders-groups';
import type { OrderRecord } from '@contract/orders';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { AnchorLink } from '@/ui/anchor-link';
import { DataTable, type Column } from '@/ui/list-page/data-table';
import type { OrderGroupDetail } from '../api/order-group-api';
import { GROUP_MOVE_LABELS, GroupStatusBadge } from './order-group-form';
import { orderLabel } from './order-list-table';
import { OrderStatusBadge } from './order-status-badge';
import type { GroupUpdate } from './use-order-group-screen';

type HeaderCardProps = {
  data: OrderGroupDetail;
  isMobile: boolean;
  moves: readonly OrderGroupStatus[];
  deletable: boolean;
  onMove: (status: OrderGroupStatus) => void;
  onDelete: () => void;
};

export function GroupHeaderCard({ data, isMobile, moves, deletable, onMove, onDelete }: HeaderCardProps) {
  return (
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
                onClick={() => onMove(status)}
                data-testid={`group-move-${status}`}
              >
                {GROUP_MOVE_LABELS[status]}
              </Button>
            ))}
            {deletable && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} data-testid="group-delete">
                Xóa nhóm
              </Button>
            )}
          </Group>
        </Group>
        <GroupFigures data={data} />
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
  );
}

function GroupFigures({ data }: { data: OrderGroupDetail }) {
  return (
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
  );
}

type OrdersCardProps = {
  orders: OrderRecord[];
  isMobile: boolean;
  changeable: boolean;
  update: GroupUpdate;
  onAdd: () => void;
  onRemove: (orderId: string) => void;
};

export function GroupOrdersCard({ orders, isMobile, changeable, update, onAdd, onRemove }: OrdersCardProps) {
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
      <Group justify="space-between" mb="sm">
        <Title order={5}>Đơn hàng trong nhóm</Title>
        {changeable && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd} data-testid="group-add">
            Thêm đơn
          </Button>
        )}
      </Group>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nhóm chưa có đơn nào.
        </Text>
      ) : (
        <DataTable
          minWidth={isMobile ? 360 : 720}
          testId="group-orders"
          rowTestId="group-order"
          rows={orders}
          rowKey={(order) => order.id}
          verticalSpacing="xs"
          hover={false}
          columns={groupOrderColumns(isMobile, changeable, update, onRemove)}
        />
      )}
    </Card>
  );
}

/** The customer has a column of its own on a wide screen; the remove button shows while the group is open. */
function groupOrderColumns(
  isMobile: boolean,
  changeable: boolean,
  update: GroupUpdate,
  onRemove: (orderId: string) => void,
): Column<OrderRecord>[] {
  return [
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
                  onClick={() => onRemove(order.id)}
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
  ];
}
