/** One product's detail (product-detail/): what sold in the period, who buys it and where. */
import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { SideDrawer } from '@/ui/side-drawer';
import { reportPaths, type ProductDetail } from '@contract/reports';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { useReport, type ReportQuery } from '@/features/reports/api/report-api';
import { formatCell } from '@/features/reports/model/report-cells';
import { FigureCard } from './report-layout';

type Props = { variantId: number | null; query: ReportQuery; onClose: () => void };

export function ProductDetailDrawer({ variantId, query, onClose }: Props) {
  const answer = useReport<ProductDetail>(reportPaths.productDetail, { ...query, variant: variantId ?? undefined }, variantId !== null);
  const data = answer.data?.data;
  return (
    <SideDrawer
      opened={variantId !== null}
      onClose={onClose}
      width="xl"
      title={data?.variant.name ?? 'Chi tiết sản phẩm'}
      data-testid="product-detail"
    >
      {answer.isPending && <LoadingBlock />}
      {answer.error && <ProblemAlert problem={answer.error.message} />}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="sm">
            <FigureCard label={`Số lượng (${data.variant.unit})`} value={formatCell('number', data.totals.quantity)} />
            <FigureCard label="Doanh thu" value={formatMoney(data.totals.revenue)} />
            <FigureCard label="Số đơn" value={formatCell('number', data.totals.orders)} />
            <FigureCard label="Khách hàng mua" value={formatCell('number', data.totals.customers)} />
          </SimpleGrid>
          <Title order={5}>Ai mua</Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing={4} data-testid="product-buyers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Khách hàng</Table.Th>
                  <Table.Th ta="right">Số lượng</Table.Th>
                  <Table.Th ta="right">Doanh thu</Table.Th>
                  <Table.Th>Mua gần nhất</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.customers.map((row) => (
                  <Table.Tr key={row.customer_id}>
                    <Table.Td>
                      {row.name}
                      <Text size="xs" c="dimmed">
                        {row.code}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatCell('number', row.quantity)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(row.revenue)}
                    </Table.Td>
                    <Table.Td>{formatDate(row.last_day)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={5}>Bán ở đâu</Title>
          <Table striped verticalSpacing={4} data-testid="product-places">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tỉnh/thành</Table.Th>
                <Table.Th ta="right">Số lượng</Table.Th>
                <Table.Th ta="right">Doanh thu</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.provinces.map((row) => (
                <Table.Tr key={row.code}>
                  <Table.Td>
                    {row.name}
                    {row.region && (
                      <Text size="xs" c="dimmed">
                        {row.region}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatCell('number', row.quantity)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.revenue)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </SideDrawer>
  );
}
