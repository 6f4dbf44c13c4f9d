/**
 * Over the followers (followers-panel.tsx): the background sync's progress, its last failure or its
 * last success, and the filter by link to a customer.
 */
import { Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import type { FollowerLinkFilter, OaRecord } from '@contract/messaging';
import { formatNumber } from '@/lib/money';
import { formatDate } from '@/lib/dates';
import type { FollowerFilter } from '@/features/messaging/api/messaging-api';

const LINKS: { value: 'all' | FollowerLinkFilter; label: string }[] = [
  { value: 'all', label: 'Tất cả' },
  { value: 'suggested', label: 'Có gợi ý' },
  { value: 'linked', label: 'Đã liên kết' },
  { value: 'unlinked', label: 'Chưa liên kết' },
];

type Props = { oa: OaRecord; filter: FollowerFilter; setFilter: (filter: FollowerFilter) => void };

export function FollowersHeader({ oa, filter, setFilter }: Props) {
  const running = oa.sync.state === 'running';
  return (
    <Stack gap="xs">
      {running && (
        <div data-testid="zalo-followers-progress">
          <Text size="sm">
            Đang đồng bộ người quan tâm: {formatNumber(oa.sync.done)}/{formatNumber(Math.max(oa.sync.total, oa.sync.done))}
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
          Đồng bộ lần cuối {formatDate(oa.sync.synced_at)}: {formatNumber(oa.follower_count)} người quan tâm
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
  );
}
