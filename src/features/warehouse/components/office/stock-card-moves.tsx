/**
 * A stock card (thẻ kho) of one product or lot: opening, each movement (date, receipt, lot,
 * warehouse, in or out) with the balance after it, and the period's totals and closing.
 */
import { Alert, Card, SimpleGrid, Table, Text } from '@mantine/core';
import { isReceiptKind } from '@contract/warehouse-receipts';
import { formatDate } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';
import { AnchorLink } from '@/ui/anchor-link';
import { EmptyState } from '@/ui/empty-state';
import { useStockCard } from '@/features/warehouse/api/stock-api';
import { LoadingBlock } from '@/ui/loading-block';

type Props = {
  companyId: number;
  query: { from: string; to: string; warehouse?: number; variant?: number; lot?: number };
  isMobile: boolean;
};

export function StockCardMoves({ companyId, query, isMobile }: Props) {
  const card = useStockCard(companyId, query);
  if (!query.variant)
    return <EmptyState title="Chọn sản phẩm" description="Thẻ kho theo dõi từng lần nhập, xuất của một sản phẩm hoặc một lô." />;
  if (card.isPending) return <LoadingBlock />;
  if (!card.data) return <Alert color="red">{card.error?.message ?? 'Không tải được thẻ kho'}</Alert>;
  const { data } = card;
  const figures = [
    { key: 'opening', label: 'Tồn đầu kỳ', level: data.opening },
    { key: 'in', label: 'Nhập trong kỳ', level: data.in },
    { key: 'out', label: 'Xuất trong kỳ', level: data.out },
    { key: 'closing', label: 'Tồn cuối kỳ', level: data.closing },
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" data-testid="card-figures">
        {figures.map((figure) => (
          <Card key={figure.key} withBorder radius="md" padding="sm" data-testid={`card-${figure.key}`}>
            <Text size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700}>{formatNumber(figure.level.quantity)}</Text>
            <Text size="xs">{formatMoney(figure.level.value)}</Text>
          </Card>
        ))}
      </SimpleGrid>
      {data.rows.length === 0 ? (
        <EmptyState title="Không có phát sinh trong kỳ" />
      ) : (
        <Table.ScrollContainer minWidth={isMobile ? 640 : 900}>
          <Table striped verticalSpacing="xs" data-testid="card-moves">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ngày</Table.Th>
                <Table.Th>Số phiếu</Table.Th>
                <Table.Th>Diễn giải</Table.Th>
                <Table.Th>Lô</Table.Th>
                <Table.Th ta="right">Nhập</Table.Th>
                <Table.Th ta="right">Xuất</Table.Th>
                <Table.Th ta="right">Tồn</Table.Th>
                <Table.Th ta="right">Giá trị tồn</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((row, index) => (
                <Table.Tr key={index} data-testid="card-move">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.at)}</Table.Td>
                  <Table.Td>
                    {isReceiptKind(row.kind) ? (
                      <AnchorLink to="/inventory/receipt/$kind/$id" params={{ kind: row.kind, id: row.receipt_id }} size="sm">
                        {row.receipt_code}
                      </AnchorLink>
                    ) : (
                      row.receipt_code
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.partner ?? '—'}</Text>
                    <Text size="xs" c="dimmed">
                      {row.warehouse_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.lot_no || '—'}</Table.Td>
                  <Table.Td ta="right">{row.quantity > 0 ? formatNumber(row.quantity) : ''}</Table.Td>
                  <Table.Td ta="right">{row.quantity < 0 ? formatNumber(-row.quantity) : ''}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatNumber(row.balance.quantity)}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(row.balance.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
