/**
 * The rows of the OA's followers (followers-panel.tsx): a card on a phone, columns on a wider
 * screen; the customer a follower is linked to, or the one suggested by a shared phone with its
 * confirmation; a ZNS to a follower who shared a phone.
 */
import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { FollowerRecord } from '@contract/messaging';
import { formatDate } from '@/lib/dates';
import { CardHead } from '@/ui/list-page/card-head';
import type { RowsSpec } from '@/ui/list-page/list-rows';

type Actions = {
  canEdit: boolean;
  /** Links the follower to a customer, or unlinks it (null). */
  link: (follower: FollowerRecord, customer: string | null) => Promise<unknown>;
  setLinking: (follower: FollowerRecord) => void;
};

export function followerRows({
  canEdit,
  canSend,
  link,
  setLinking,
  setZns,
}: Actions & { canSend: boolean; setZns: (follower: FollowerRecord) => void }): RowsSpec<FollowerRecord> {
  return {
    testId: 'zalo-follower',
    rowProps: (row) => ({ 'data-id': row.id, 'data-name': row.display_name }),
    minWidth: 900,
    card: (row) => (
      <Stack gap={4}>
        <CardHead aside={!row.is_follower && <Badge color="gray">Đã bỏ quan tâm</Badge>}>
          <Text fw={600}>{row.display_name}</Text>
        </CardHead>
        <Text size="xs" c="dimmed">
          {row.phone ?? 'Chưa chia sẻ số điện thoại'}
          {row.last_interaction_at ? ` · Tương tác ${formatDate(row.last_interaction_at)}` : ''}
        </Text>
        <FollowerCustomerCell row={row} canEdit={canEdit} link={link} setLinking={setLinking} />
        {canSend && row.phone && <ZnsButton onClick={() => setZns(row)} />}
      </Stack>
    ),
    columns: [
      {
        key: 'name',
        label: 'Người quan tâm',
        cell: (row) => (
          <Group gap="xs" wrap="nowrap">
            <Avatar name={row.display_name} color="initials" size="sm" radius="xl" />
            <Text size="sm" fw={500}>
              {row.display_name}
            </Text>
            {!row.is_follower && <Badge color="gray">Đã bỏ quan tâm</Badge>}
          </Group>
        ),
      },
      { key: 'phone', label: 'Số điện thoại', nowrap: true, cell: (row) => row.phone ?? '—' },
      { key: 'tags', label: 'Nhãn', cell: (row) => row.tags.join(', ') || '—' },
      {
        key: 'last',
        label: 'Tương tác gần nhất',
        nowrap: true,
        cell: (row) => (row.last_interaction_at ? formatDate(row.last_interaction_at) : '—'),
      },
      {
        key: 'customer',
        label: 'Khách hàng',
        cell: (row) => <FollowerCustomerCell row={row} canEdit={canEdit} link={link} setLinking={setLinking} />,
      },
      { key: 'actions', label: '', cell: (row) => canSend && row.phone && <ZnsButton onClick={() => setZns(row)} /> },
    ],
  };
}

/** The linked customer with its unlinking, or the suggestion to confirm and the choice of another. */
function FollowerCustomerCell({ row, canEdit, link, setLinking }: Actions & { row: FollowerRecord }) {
  if (row.customer) {
    return (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" truncate data-testid="zalo-follower-customer">
          {row.customer.name}
        </Text>
        {canEdit && (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => void link(row, null)}>
            Bỏ liên kết
          </Button>
        )}
      </Group>
    );
  }
  const [suggestion] = row.suggestions;
  return (
    <Group gap={6} wrap="nowrap">
      {suggestion && (
        <Text size="sm" c="blue" truncate>
          Gợi ý: {suggestion.name}
        </Text>
      )}
      {canEdit && suggestion && (
        <Button size="compact-xs" onClick={() => void link(row, suggestion.id)} data-testid="zalo-follower-confirm">
          Xác nhận
        </Button>
      )}
      {canEdit && (
        <Button size="compact-xs" variant="default" onClick={() => setLinking(row)} data-testid="zalo-follower-link">
          {suggestion ? 'Khác…' : 'Liên kết'}
        </Button>
      )}
    </Group>
  );
}

function ZnsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-xs" variant="light" onClick={onClick} data-testid="zalo-follower-zns">
      Gửi ZNS
    </Button>
  );
}
