/**
 * The orders behind a figure, in a drawer over the report: the count and total first, then the
 * orders (code, day, customer, rep, status, total), each opening the order's page; paged by 20. A
 * route figure of the staff report opens the rep's visits instead (visit-drill.tsx).
 */
import { Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import { SideDrawer } from '@/ui/side-drawer';
import { useState } from 'react';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import { reportPaths, type DrillOrders } from '@contract/reports';
import { formatDateTime } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';
import { AnchorLink } from '@/ui/anchor-link';
import { DataTable } from '@/ui/list-page/data-table';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { useReport, type ReportQuery } from '@/features/reports/api/report-api';
import type { DrillTarget } from '@/features/reports/model/drill';
import { VisitDrill } from './visit-drill';

const LIMIT = 20;

type Props = { target: DrillTarget | null; query: ReportQuery; onClose: () => void };

export function DrillDrawer({ target, query, onClose }: Props) {
  const [page, setPage] = useState(1);
  const [seen, setSeen] = useState(target);
  if (seen !== target) {
    setSeen(target);
    setPage(1);
  }
  const answer = useReport<DrillOrders>(
    reportPaths.orders,
    {
      ...query,
      ...(target?.period ? { date_from: target.period.from, date_to: target.period.to } : {}),
      report: target?.report,
      dimension: target?.dimension,
      key: target?.key,
      measure: target?.measure,
      page,
      limit: LIMIT,
    },
    target !== null && !target.visits,
  );
  const data = target?.visits ? undefined : answer.data?.data;
  return (
    <SideDrawer opened={target !== null} onClose={onClose} width="xl" title={target?.title} data-testid="drill-drawer">
      {target?.visits && <VisitDrill target={target.visits} query={query} />}
      {!target?.visits && answer.isPending && <LoadingBlock />}
      {!target?.visits && answer.error && <ProblemAlert problem={answer.error.message} />}
      {data && (
        <Stack gap="sm">
          <Text size="sm" data-testid="drill-summary">
            {formatNumber(data.count)} đơn hàng, tổng {formatMoney(data.total)}
          </Text>
          <DataTable
            minWidth={560}
            testId="drill-orders"
            rowTestId="drill-order"
            rows={data.rows}
            rowKey={(order) => order.id}
            verticalSpacing="xs"
            hover={false}
            columns={[
              {
                key: 'code',
                label: 'Mã đơn',
                cell: (order) => (
                  <AnchorLink to="/order/$id" params={{ id: order.id }} size="sm" fw={600}>
                    {order.code ?? order.local_no}
                  </AnchorLink>
                ),
              },
              { key: 'created', label: 'Ngày tạo', nowrap: true, cell: (order) => formatDateTime(order.created_at) },
              { key: 'customer', label: 'Khách hàng', cell: (order) => order.customer_name },
              { key: 'rep', label: 'Nhân viên', cell: (order) => order.account_name },
              {
                key: 'status',
                label: 'Trạng thái',
                cell: (order) => (
                  <Badge variant="light" color={ORDER_STATUS_COLORS[order.status]}>
                    {ORDER_STATUS_LABELS[order.status]}
                  </Badge>
                ),
              },
              { key: 'total', label: 'Tổng tiền', align: 'right', nowrap: true, cell: (order) => formatMoney(order.total) },
            ]}
          />
          {data.count > LIMIT && (
            <Group justify="center">
              <Pagination total={Math.ceil(data.count / LIMIT)} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      )}
    </SideDrawer>
  );
}
