/** The figures of what a customer owes, as the customer page and the cart show them. */
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { agingBuckets, type Aging } from '@contract/receivables-ledger';
import type { ReceivableRecord } from '@contract/receivables';
import { MoneyText } from '@/ui/money-text';

function Figure({ label, value, testId, color }: { label: string; value: number; testId?: string; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <MoneyText value={value} fw={600} c={color} data-testid={testId} />
    </div>
  );
}

export function ReceivableFigures({ record, aging, pendingHere }: { record: ReceivableRecord; aging: Aging; pendingHere: number }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label="Dư nợ" value={record.balance} testId="receivable-balance" />
        <Figure label="Đơn chưa hoàn thành" value={record.open_orders} />
        <Figure label="Đã thu, chờ nộp quỹ" value={record.pending_collections + pendingHere} testId="receivable-pending" />
        <div>
          <Text size="xs" c="dimmed">
            Hạn mức công nợ
          </Text>
          {record.credit_limit === null ? <Text size="sm">Không giới hạn</Text> : <MoneyText value={record.credit_limit} fw={600} />}
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Hạn nợ
          </Text>
          <Text size="sm">{record.credit_days === null ? 'Theo mặc định công ty' : `${record.credit_days} ngày`}</Text>
        </div>
        <Figure label="Quá hạn" value={aging.overdue} color={aging.overdue > 0 ? 'red' : undefined} testId="receivable-overdue" />
      </SimpleGrid>
      {aging.max_days_overdue > 0 && (
        <Group gap="xs">
          <Badge color="red" variant="light">
            Nợ quá hạn lâu nhất {aging.max_days_overdue} ngày
          </Badge>
        </Group>
      )}
    </Stack>
  );
}

/** Open debts by days past due, in the company's buckets. */
export function AgingTable({ aging, bounds }: { aging: Aging; bounds: readonly number[] }) {
  const buckets = agingBuckets(bounds);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder fz="sm" data-testid="aging-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Chưa đến hạn</Table.Th>
            {buckets.map((bucket) => (
              <Table.Th key={bucket.label}>{bucket.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <MoneyText value={aging.not_due} size="sm" />
            </Table.Td>
            {aging.buckets.map((amount, index) => (
              <Table.Td key={buckets[index]!.label}>
                <MoneyText value={amount} size="sm" c={amount > 0 ? 'red' : undefined} />
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
