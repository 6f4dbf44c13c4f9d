/** "Cuối ngày": each collector's takings of a day by method, what the cashier confirmed and what is still to hand in. */
import { Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { DayField } from '@/ui/day-field';
import { LoadingBlock } from '@/ui/loading-block';
import { MoneyText } from '@/ui/money-text';
import { useCashSummary } from '@/features/receivables/api/receivable-reports-api';

export function CashSummaryTab({ companyId }: { companyId: number }) {
  const [day, setDay] = useState(vietnamDay());
  const summary = useCashSummary(companyId, day);
  const rows = summary.data ?? [];
  const sum = (key: 'cash' | 'transfer' | 'cod' | 'pending' | 'confirmed' | 'total') => rows.reduce((total, row) => total + row[key], 0);
  return (
    <Stack gap="sm">
      <Group>
        <DayField label="Ngày" value={day} onChange={(next) => next && setDay(next)} clearable={false} data-testid="cash-day" />
      </Group>
      {summary.isPending ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Không có phiếu thu nào trong ngày.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder fz="sm" data-testid="cash-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Người thu</Table.Th>
                <Table.Th ta="right">Số phiếu</Table.Th>
                <Table.Th ta="right">Tiền mặt</Table.Th>
                <Table.Th ta="right">Chuyển khoản</Table.Th>
                <Table.Th ta="right">COD</Table.Th>
                <Table.Th ta="right">Chờ nộp quỹ</Table.Th>
                <Table.Th ta="right">Đã xác nhận</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.account_id} data-testid="cash-row">
                  <Table.Td>{row.account_name}</Table.Td>
                  <Table.Td ta="right">{row.count}</Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.cash} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.transfer} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.cod} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.pending} size="sm" c={row.pending > 0 ? 'orange' : undefined} fw={600} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={row.confirmed} size="sm" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Tổng cộng</Table.Th>
                <Table.Th ta="right">{rows.reduce((total, row) => total + row.count, 0)}</Table.Th>
                {(['cash', 'transfer', 'cod', 'pending', 'confirmed'] as const).map((key) => (
                  <Table.Th key={key} ta="right">
                    <MoneyText value={sum(key)} size="sm" fw={700} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
