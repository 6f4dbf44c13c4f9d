/**
 * The orders behind a figure, in a drawer over the report: the count and total first, then the
 * orders (code, day, customer, rep, status, total), each opening the order's page; paged by 20.
 */
import { Badge, Drawer, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import { reportPaths, type DrillOrders } from '@contract/reports';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { AnchorLink } from '@/ui/anchor-link';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { useReport, type ReportQuery } from '@/features/reports/api/report-api';
import type { DrillTarget } from '@/features/reports/model/drill';

const LIMIT = 20;

type Props = { target: DrillTarget | null; query: ReportQuery; onClose: () => void; isMobile: boolean };

export function DrillDrawer({ target, query, onClose, isMobile }: Props) {
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
    target !== null,
  );
  const data = answer.data?.data;
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 'xl'}
      title={target?.title}
      data-testid="drill-drawer"
    >
      {answer.isPending && <LoadingBlock />}
      {answer.error && <ProblemAlert problem={answer.error.message} />}
      {data && (
        <Stack gap="sm">
          <Text size="sm" data-testid="drill-summary">
            {data.count.toLocaleString('vi-VN')} đơn hàng, tổng {formatMoney(data.total)}
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" data-testid="drill-orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mã đơn</Table.Th>
                  <Table.Th>Ngày tạo</Table.Th>
                  <Table.Th>Khách hàng</Table.Th>
                  <Table.Th>Nhân viên</Table.Th>
                  <Table.Th>Trạng thái</Table.Th>
                  <Table.Th ta="right">Tổng tiền</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((order) => (
                  <Table.Tr key={order.id} data-testid="drill-order">
                    <Table.Td>
                      <AnchorLink to="/order/$id" params={{ id: order.id }} size="sm" fw={600}>
                        {order.code ?? order.local_no}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</Table.Td>
                    <Table.Td>{order.customer_name}</Table.Td>
                    <Table.Td>{order.account_name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={ORDER_STATUS_COLORS[order.status]}>
                        {ORDER_STATUS_LABELS[order.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(order.total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.count > LIMIT && (
            <Group justify="center">
              <Pagination total={Math.ceil(data.count / LIMIT)} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
