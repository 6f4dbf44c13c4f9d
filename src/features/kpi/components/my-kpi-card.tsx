/**
 * The signed-in member's own KPI of the month (`my-kpi/`) as four progress bars, for the rep's
 * dashboard. Shows nothing for a member whose role cannot see KPI (the call's 403 is not a trip to
 * /403), and the actuals with "Chưa có chỉ tiêu" when no target is set for them this month.
 *
 *   <MyKpiCard companyId={company.id} />
 *   <MyKpiCard companyId={company.id} month="2026-05" withLink={false} />
 */
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { formatMonth } from '@contract/kpi';
import { useCan } from '@/session/access';
import { useAfterFirstPaint } from '@/ui/after-first-paint';
import { useMyKpi } from '../api/kpi-api';
import { clockText, KpiBars, PaceBadge } from './kpi-bars';

export type MyKpiCardProps = {
  /** The current workspace (`useSession().company.id`). */
  companyId: number;
  /** 'YYYY-MM' (Vietnam calendar); the current month when left out. */
  month?: string;
  /** A "Xem KPI khu vực" link to /kpi-area (default true). */
  withLink?: boolean;
};

export function MyKpiCard({ companyId, month, withLink = true }: MyKpiCardProps) {
  const allowed = useCan('kpi', 'view');
  // Asked once the screen around it has painted: nothing kept on the device stands in for it.
  const painted = useAfterFirstPaint();
  const mine = useMyKpi(companyId, month ?? null, allowed && painted);
  // The bars render a moment after the answer, in slices the browser can answer input between
  // (a query's answer alone renders in one block); the skeleton holds their place meanwhile.
  const data = useDeferredValue(mine.data);
  if (!allowed || mine.data === null || mine.isError) return null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="my-kpi-card">
      {!data ? (
        <Stack gap="sm">
          <Skeleton height={20} width="50%" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={34} />
          ))}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={4}>KPI tháng {formatMonth(data.month)}</Title>
              <Text size="xs" c="dimmed">
                {[data.region?.name, clockText(data.clock)].filter(Boolean).join(' · ')}
              </Text>
            </div>
            <PaceBadge onTrack={data.progress.on_track} clock={data.clock} />
          </Group>
          {data.target === null && (
            <Text size="sm" c="dimmed">
              Chưa có chỉ tiêu tháng này; đây là kết quả của bạn đến hôm nay.
            </Text>
          )}
          <KpiBars progress={data.progress} clock={data.clock} />
          {withLink && (
            <Group justify="flex-end">
              <Anchor component={Link} to="/kpi-area" size="sm">
                Xem KPI khu vực
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
