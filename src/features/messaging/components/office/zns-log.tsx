/**
 * The OA's recent ZNS (sent by hand, on order events, for OTPs and by campaigns) with their status
 * and, for a failure, Zalo's reason: where an office sees why a customer got no message.
 */
import { Stack, Table, Text } from '@mantine/core';
import { MESSAGE_STATUS_LABELS, ORDER_EVENT_LABELS, type OaRecord, type OrderEvent } from '@contract/messaging';
import { formatDateTime } from '@/lib/dates';
import { useZnsLog } from '@/features/messaging/api/messaging-api';

function originLabel(origin: string): string {
  if (origin.startsWith('order:')) return ORDER_EVENT_LABELS[origin.slice(6) as OrderEvent] ?? 'Theo đơn hàng';
  return { manual: 'Gửi tay', otp: 'Mã OTP', campaign: 'Chiến dịch' }[origin] ?? origin;
}

export function ZnsLog({ companyId, oa }: { companyId: number; oa: OaRecord }) {
  const log = useZnsLog(companyId, oa.id);
  if (!log.data?.rows.length) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Tin ZNS gần đây
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table fz="sm" data-testid="zalo-zns-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Thời gian</Table.Th>
              <Table.Th>Số điện thoại</Table.Th>
              <Table.Th>Mẫu</Table.Th>
              <Table.Th>Nguồn</Table.Th>
              <Table.Th>Trạng thái</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.data.rows.map((row) => (
              <Table.Tr key={row.id} data-status={row.status}>
                <Table.Td>{formatDateTime(row.at)}</Table.Td>
                <Table.Td>{row.phone}</Table.Td>
                <Table.Td>{row.template?.name ?? row.text}</Table.Td>
                <Table.Td>{originLabel(row.origin)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.status === 'failed' ? 'red' : undefined}>
                    {MESSAGE_STATUS_LABELS[row.status]}
                    {row.error ? `: ${row.error}` : ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
