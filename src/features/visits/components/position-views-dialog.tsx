/**
 * "Nhật ký xem vị trí" (/visits, beside "Quy tắc check-in"): who was shown whose positions, of which
 * day, how many, when (contract/visits-positions.ts). Its keepers (administrators, who approve visits
 * or keep the company's settings) read all of it; anyone else reads who viewed their own positions.
 */
import { Button, Stack, Table, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { keepsPositionLog, POSITION_VIEW_SOURCES, type PositionViewRecord } from '@contract/visits-positions';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useMemberAccess } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { ListPager } from '@/ui/list-pager';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useIsMobile } from '@/ui/use-is-mobile';
import { POSITION_VIEWS_LIMIT, usePositionViews } from '../api/visits-api';

/** What was seen: the day's positions, or a customer's export, and how many points. */
function seen(row: PositionViewRecord): string {
  const what = row.source === 'day' && row.date ? `Vị trí ngày ${formatDate(row.date)}` : POSITION_VIEW_SOURCES[row.source];
  return `${what} (${formatNumber(row.positions)} vị trí)`;
}

function ViewsTable({ rows, keeper }: { rows: PositionViewRecord[]; keeper: boolean }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid="position-views">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Thời điểm xem</Table.Th>
            <Table.Th>Người xem</Table.Th>
            {keeper && <Table.Th>Vị trí của nhân viên</Table.Th>}
            <Table.Th>Đã xem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{formatDateTime(row.viewed_at)}</Table.Td>
              <Table.Td>{row.viewer_name}</Table.Td>
              {keeper && <Table.Td>{row.account_name}</Table.Td>}
              <Table.Td>{seen(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ViewsBody({ companyId, keeper }: { companyId: number; keeper: boolean }) {
  const [page, setPage] = useState(1);
  const compact = useIsMobile();
  const views = usePositionViews(companyId, page, true);
  if (views.error) return <ProblemLine problem={views.error.message} />;
  if (!views.data) return <LoadingBlock />;
  if (views.data.count === 0)
    return <EmptyState title={keeper ? 'Chưa có ai xem vị trí của nhân viên' : 'Chưa có ai xem vị trí của bạn'} />;
  return (
    <Stack gap="sm">
      <ViewsTable rows={views.data.rows} keeper={keeper} />
      <ListPager page={page} limit={POSITION_VIEWS_LIMIT} count={views.data.count} noun="lượt xem" onPage={setPage} compact={compact} />
    </Stack>
  );
}

/** The button and its dialog, for every member: the whole log for its keepers, one's own entries otherwise. */
export function PositionViewsButton({ companyId }: { companyId: number }) {
  // Unknown access (not read yet) shows the keeper's wording, as useCan allows; the server answers by the same rule.
  const access = useMemberAccess();
  const keeper = access === null || keepsPositionLog(access);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconEye size={16} />} onClick={() => setOpened(true)}>
        Nhật ký xem vị trí
      </Button>
      {opened && (
        <ResponsiveModal opened onClose={() => setOpened(false)} title="Nhật ký xem vị trí" size="lg">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {keeper
                ? 'Mỗi lần ai đó xem vị trí GPS của nhân viên khác được ghi lại ở đây. Nhân viên xem được những lần vị trí của mình bị xem.'
                : 'Những lần người khác xem vị trí GPS của bạn khi check-in, check-out.'}
            </Text>
            <ViewsBody companyId={companyId} keeper={keeper} />
          </Stack>
        </ResponsiveModal>
      )}
    </>
  );
}
