/**
 * The visits behind a route figure of the staff report (planned calls made, visits off the plan,
 * flagged check-ins): the rep's visits of the report's period from the visit list
 * (contract/visits.ts VisitListQuery plan_state, flagged), each with its place and route state;
 * paged by 20. Shown in the report's drill drawer (drill-drawer.tsx).
 */
import { Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { VISIT_FLAG_LABELS, visitPaths, type VisitRecord } from '@contract/visits';
import { formatMetres } from '@contract/visits-place';
import { PLAN_STATE_LABELS, UNPLANNED_REASONS } from '@contract/visits-plans';
import { fetchPage } from '@/api/pages';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { DataTable } from '@/ui/list-page/data-table';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import type { ReportQuery } from '@/features/reports/api/report-api';
import type { VisitDrill as Target } from '@/features/reports/model/drill';

const LIMIT = 20;

function routeState(visit: VisitRecord): string {
  if (!visit.plan_state) return 'Chưa có tuyến';
  const reason = visit.unplanned_reason ? `: ${UNPLANNED_REASONS[visit.unplanned_reason]}` : '';
  return `${PLAN_STATE_LABELS[visit.plan_state]}${reason}`;
}

export function VisitDrill({ target, query }: { target: Target; query: ReportQuery }) {
  const [page, setPage] = useState(1);
  const filter = {
    company: query.company,
    account: target.account,
    date_from: query.date_from,
    date_to: query.date_to,
    ...(target.kind === 'flagged' ? { flagged: '1' } : { plan_state: target.kind }),
    page,
    limit: LIMIT,
  } as Record<string, string | number>;
  const answer = useQuery({
    queryKey: ['reports', 'visit-drill', filter],
    queryFn: ({ signal }) => fetchPage<VisitRecord>(visitPaths.list, { query: filter, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (answer.isPending) return <LoadingBlock />;
  if (answer.error) return <ProblemAlert problem={answer.error.message} />;
  const { rows, count } = answer.data;
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="drill-summary">
        {formatNumber(count)} lượt ghé thăm
      </Text>
      <DataTable
        minWidth={560}
        testId="drill-visits"
        rowTestId="drill-visit"
        rows={rows}
        rowKey={(visit) => visit.id}
        verticalSpacing="xs"
        hover={false}
        columns={[
          { key: 'at', label: 'Check-in', nowrap: true, cell: (visit) => formatDateTime(visit.check_in_at) },
          { key: 'customer', label: 'Khách hàng', cell: (visit) => visit.customer_name },
          { key: 'route', label: 'Theo tuyến', cell: routeState },
          {
            key: 'place',
            label: 'Vị trí',
            cell: (visit) => (
              <Group gap={4}>
                {visit.check_in_distance_m != null && <Text size="sm">Cách {formatMetres(visit.check_in_distance_m)}</Text>}
                {visit.flags.map((flag) => (
                  <Badge key={flag} size="xs" variant="light" color="orange">
                    {VISIT_FLAG_LABELS[flag]}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
      />
      {count > LIMIT && (
        <Group justify="center">
          <Pagination total={Math.ceil(count / LIMIT)} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
