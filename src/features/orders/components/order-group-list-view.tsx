/**
 * /order-groups (GROUP-ORDER service): delivery groups with their status, order count and total;
 * a status filter; creating a group from picked orders (order_groups/create).
 */
import { Button, Group, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ORDER_GROUP_STATUS_LABELS, ORDER_GROUP_STATUSES, type OrderGroupRecord, type OrderGroupStatus } from '@contract/orders-groups';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { toast } from '@/ui/toast';
import { useOrderGroups, useOrderGroupWrites, type GroupListFilter } from '../api/order-group-api';
import { CreateGroupDialog, GroupStatusBadge } from './order-group-form';

type Props = ListScreenProps<GroupListFilter>;

function GroupLink({ group }: { group: OrderGroupRecord }) {
  return (
    <AnchorLink to="/order-groups/$id" params={{ id: String(group.id) }} fw={600} size="sm" data-testid="group-link">
      {group.code}
    </AnchorLink>
  );
}

const delivery = (group: OrderGroupRecord) => (group.delivery_date ? formatDate(group.delivery_date) : '—');

const ROWS: RowsSpec<OrderGroupRecord> = {
  testId: 'group',
  card: (group) => <GroupCard group={group} />,
  columns: [
    { key: 'code', label: 'Mã nhóm', cell: (group) => <GroupLink group={group} /> },
    { key: 'title', label: 'Tên nhóm', cell: (group) => group.title },
    { key: 'delivery', label: 'Ngày giao', cell: delivery },
    { key: 'status', label: 'Trạng thái', cell: (group) => <GroupStatusBadge status={group.status} /> },
    { key: 'orders', label: 'Số đơn', align: 'right', cell: (group) => group.order_count },
    { key: 'total', label: 'Tổng tiền', align: 'right', bold: true, nowrap: true, cell: (group) => formatMoney(group.total) },
    { key: 'created', label: 'Ngày tạo', nowrap: true, cell: (group) => formatDateTime(group.created_at) },
  ],
};

function GroupCard({ group }: { group: OrderGroupRecord }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <GroupLink group={group} />
        <Text size="sm" fw={500} lineClamp={1}>
          {group.title}
        </Text>
        <Text size="xs" c="dimmed">
          {group.order_count} đơn · Giao {delivery(group)}
        </Text>
      </div>
      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
        <GroupStatusBadge status={group.status} />
        <Text size="sm" fw={700}>
          {formatMoney(group.total)}
        </Text>
      </Stack>
    </Group>
  );
}

export function OrderGroupListView(props: Props) {
  const { companyId, filter, onFilter, isMobile } = props;
  const list = useOrderGroups(companyId, filter);
  const { create } = useOrderGroupWrites(companyId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('order_groups', 'create');

  return (
    <ListPage
      screen={props}
      header={
        <Group justify="space-between" gap="sm">
          {/* Five statuses do not fit a phone's width: the strip scrolls instead of cutting the last. */}
          <ScrollArea type="auto" scrollbarSize={4} maw="100%">
            <SegmentedControl
              value={filter.status ?? 'all'}
              onChange={(value) => onFilter({ ...filter, page: 1, status: value === 'all' ? undefined : (value as OrderGroupStatus) })}
              data={[
                { value: 'all', label: 'Tất cả' },
                ...ORDER_GROUP_STATUSES.map((status) => ({ value: status, label: ORDER_GROUP_STATUS_LABELS[status] })),
              ]}
              size={isMobile ? 'xs' : 'sm'}
              data-testid="group-status-filter"
            />
          </ScrollArea>
          {canCreate && (
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => {
                create.reset();
                setCreating(true);
              }}
              fullWidth={isMobile}
              data-testid="group-create"
            >
              Tạo nhóm đơn
            </Button>
          )}
        </Group>
      }
      query={list}
      empty={{
        title: filter.status ? 'Không có nhóm đơn nào ở trạng thái này' : 'Chưa có nhóm đơn nào',
        description: 'Gom đơn của nhiều khách hàng vào một chuyến giao.',
      }}
      pager={{ noun: 'nhóm', sizes: null }}
      footer={
        <CreateGroupDialog
          opened={creating}
          companyId={companyId}
          isMobile={isMobile}
          busy={create.isPending}
          error={create.error?.message ?? null}
          onClose={() => setCreating(false)}
          onCreate={(input) =>
            create.mutate(input, {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setCreating(false);
                void navigate({ to: '/order-groups/$id', params: { id: String(answer.data.id) } });
              },
            })
          }
        />
      }
      rows={ROWS}
    />
  );
}
