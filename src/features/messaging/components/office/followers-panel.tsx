/**
 * The OA's followers (docs/messaging.md "Followers"): searched by name or phone, filtered by their
 * link to a customer. A follower who shared a phone that a customer of the company has is suggested
 * that customer, and a person confirms the link (or picks another customer); "Đồng bộ từ Zalo" pages
 * through Zalo's follower list in the background, its progress shown here.
 */
import { Avatar, Badge, Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { FollowerLinkFilter, FollowerRecord, OaRecord } from '@contract/messaging';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { CardHead } from '@/ui/list-page/card-head';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { toastedWrite } from '@/ui/toasted-write';
import { errorText, linkFollower, syncFollowers, useFollowers, useRefreshMessaging, type FollowerFilter } from '@/features/messaging/api/messaging-api';
import { LinkCustomerDialog } from './link-customer-dialog';
import { ZnsDialog } from './zns-dialog';

type Props = { companyId: number; oa: OaRecord; isMobile: boolean; canSend: boolean };

const LINKS: { value: 'all' | FollowerLinkFilter; label: string }[] = [
  { value: 'all', label: 'Tất cả' },
  { value: 'suggested', label: 'Có gợi ý' },
  { value: 'linked', label: 'Đã liên kết' },
  { value: 'unlinked', label: 'Chưa liên kết' },
];

export function FollowersPanel({ companyId, oa, isMobile, canSend }: Props) {
  const [filter, setFilter] = useState<FollowerFilter>({ page: 1, limit: 20 });
  const followers = useFollowers(companyId, oa.id, filter, oa.sync.synced_at);
  const refresh = useRefreshMessaging(companyId);
  const canEdit = useCan('messaging', 'edit');
  const [linking, setLinking] = useState<FollowerRecord | null>(null);
  const [zns, setZns] = useState<FollowerRecord | null>(null);
  const running = oa.sync.state === 'running';

  const link = (follower: FollowerRecord, customer: string | null) =>
    toastedWrite(
      async () => {
        const text = await linkFollower(companyId, follower.id, customer);
        await refresh();
        return text;
      },
      (error) => errorText(error, 'Không liên kết được'),
    );

  const customerCell = (row: FollowerRecord) => {
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
  };

  const rows: RowsSpec<FollowerRecord> = {
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
        {customerCell(row)}
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
      { key: 'last', label: 'Tương tác gần nhất', nowrap: true, cell: (row) => (row.last_interaction_at ? formatDate(row.last_interaction_at) : '—') },
      { key: 'customer', label: 'Khách hàng', cell: customerCell },
      { key: 'actions', label: '', cell: (row) => canSend && row.phone && <ZnsButton onClick={() => setZns(row)} /> },
    ],
  };

  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm người quan tâm', placeholder: 'Tìm theo tên, số điện thoại…', testId: 'zalo-follower-search' }}
      actions={
        canEdit && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            loading={running}
            onClick={() => void toastedWrite(async () => { const text = await syncFollowers(companyId, oa.id); await refresh(); return text; }, (error) => errorText(error, 'Không đồng bộ được'))}
            data-testid="zalo-followers-sync"
          >
            {isMobile ? 'Đồng bộ' : 'Đồng bộ từ Zalo'}
          </Button>
        )
      }
      header={
        <Stack gap="xs">
          {running && (
            <div data-testid="zalo-followers-progress">
              <Text size="sm">
                Đang đồng bộ người quan tâm: {oa.sync.done.toLocaleString('vi-VN')}/{Math.max(oa.sync.total, oa.sync.done).toLocaleString('vi-VN')}
              </Text>
              <Progress value={oa.sync.total ? (oa.sync.done * 100) / oa.sync.total : 5} animated />
            </div>
          )}
          {oa.sync.state === 'failed' && (
            <Text size="sm" c="red">
              Đồng bộ lần trước bị lỗi: {oa.sync.error}
            </Text>
          )}
          {oa.sync.synced_at && !running && (
            <Text size="xs" c="dimmed" data-testid="zalo-followers-synced">
              Đồng bộ lần cuối {formatDate(oa.sync.synced_at)}: {oa.follower_count.toLocaleString('vi-VN')} người quan tâm
            </Text>
          )}
          <SegmentedControl
            data={LINKS}
            value={filter.link ?? 'all'}
            onChange={(value) => setFilter({ ...filter, page: 1, link: value === 'all' ? undefined : (value as FollowerLinkFilter) })}
            size="xs"
            data-testid="zalo-follower-links"
          />
        </Stack>
      }
      query={followers}
      empty={{
        title: filter.search || filter.link ? 'Không có người quan tâm phù hợp' : 'Chưa có người quan tâm',
        description: 'Bấm “Đồng bộ từ Zalo” để tải danh sách người quan tâm OA.',
      }}
      rows={rows}
      pager={{ noun: 'người quan tâm', sizes: [20, 50, 100], testId: 'zalo-follower-pager' }}
      footer={
        <>
          {linking && <LinkCustomerDialog companyId={companyId} follower={linking} onClose={() => setLinking(null)} onLink={(customer) => link(linking, customer)} />}
          {zns && <ZnsDialog companyId={companyId} oa={oa} phone={zns.phone ?? ''} customer={zns.customer?.id ?? null} onClose={() => setZns(null)} />}
        </>
      }
    />
  );
}

function ZnsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-xs" variant="light" onClick={onClick} data-testid="zalo-follower-zns">
      Gửi ZNS
    </Button>
  );
}
