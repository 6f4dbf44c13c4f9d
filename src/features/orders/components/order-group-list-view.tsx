/**
 * /order-groups (GROUP-ORDER service): delivery groups with their status, order count and total;
 * a status filter; creating a group from picked orders (order_groups/create).
 */
import { Alert, Button, Card, Group, Loader, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ORDER_GROUP_STATUS_LABELS, ORDER_GROUP_STATUSES, type OrderGroupRecord, type OrderGroupStatus } from '@contract/orders';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { EmptyState } from '@/ui/empty-state';
import { useCan } from '@/session/access';
import { toast } from '@/ui/toast';
import { AnchorLink } from '@/ui/anchor-link';
import { useOrderGroups, useOrderGroupWrites, type GroupListFilter } from '../api/order-group-api';
import { CreateGroupDialog, GroupStatusBadge } from './order-group-form';

type Props = {
  companyId: number;
  filter: GroupListFilter;
  onFilter: (next: GroupListFilter) => void;
  isMobile: boolean;
};

function GroupLink({ group }: { group: OrderGroupRecord }) {
  return (
    <AnchorLink to="/order-groups/$id" params={{ id: String(group.id) }} fw={600} size="sm" data-testid="group-link">
      {group.code}
    </AnchorLink>
  );
}

export function OrderGroupListView({ companyId, filter, onFilter, isMobile }: Props) {
  const list = useOrderGroups(companyId, filter);
  const { create } = useOrderGroupWrites(companyId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('order_groups', 'create');
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / filter.limit));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          value={filter.status ?? 'all'}
          onChange={(value) => onFilter({ ...filter, page: 1, status: value === 'all' ? undefined : (value as OrderGroupStatus) })}
          data={[
            { value: 'all', label: 'Tất cả' },
            ...ORDER_GROUP_STATUSES.map((status) => ({ value: status, label: ORDER_GROUP_STATUS_LABELS[status] })),
          ]}
          size={isMobile ? 'xs' : 'sm'}
          data-testid="group-status-filter"
          style={isMobile ? { width: '100%' } : undefined}
        />
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
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState
          title={filter.status ? 'Không có nhóm đơn nào ở trạng thái này' : 'Chưa có nhóm đơn nào'}
          description="Gom đơn của nhiều khách hàng vào một chuyến giao."
        />
      ) : data ? (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {isMobile ? (
            <Stack gap="xs" data-testid="group-cards">
              {data.rows.map((group) => (
                <Card key={group.id} withBorder radius="md" padding="sm" data-testid="group-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <GroupLink group={group} />
                      <Text size="sm" fw={500} lineClamp={1}>
                        {group.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {group.order_count} đơn · Giao {group.delivery_date ? formatDate(group.delivery_date) : '—'}
                      </Text>
                    </div>
                    <Stack gap={4} align="flex-end">
                      <GroupStatusBadge status={group.status} />
                      <Text size="sm" fw={700}>
                        {formatMoney(group.total)}
                      </Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="group-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mã nhóm</Table.Th>
                  <Table.Th>Tên nhóm</Table.Th>
                  <Table.Th>Ngày giao</Table.Th>
                  <Table.Th>Trạng thái</Table.Th>
                  <Table.Th ta="right">Số đơn</Table.Th>
                  <Table.Th ta="right">Tổng tiền</Table.Th>
                  <Table.Th>Ngày tạo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((group) => (
                  <Table.Tr key={group.id} data-testid="group-row">
                    <Table.Td>
                      <GroupLink group={group} />
                    </Table.Td>
                    <Table.Td>{group.title}</Table.Td>
                    <Table.Td>{group.delivery_date ? formatDate(group.delivery_date) : '—'}</Table.Td>
                    <Table.Td>
                      <GroupStatusBadge status={group.status} />
                    </Table.Td>
                    <Table.Td ta="right">{group.order_count}</Table.Td>
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(group.total)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(group.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Tổng {data.count} nhóm
            </Text>
            {pages > 1 && (
              <Pagination total={pages} value={Math.min(filter.page, pages)} onChange={(page) => onFilter({ ...filter, page })} size="sm" />
            )}
          </Group>
        </Stack>
      ) : null}
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
    </Stack>
  );
}
