/**
 * The OA's recent ZNS (sent by hand, on order events, for OTPs and by campaigns) with their status
 * and, for a failure, Zalo's reason: where an office sees why a customer got no message.
 */
import { Stack, Text } from '@mantine/core';
import { MESSAGE_STATUS_LABELS, ORDER_EVENT_LABELS, type OaRecord, type OrderEvent } from '@contract/messaging';
import { formatDateTime } from '@/lib/dates';
import { DataTable } from '@/ui/list-page/data-table';
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
      <DataTable
        minWidth={640}
        testId="zalo-zns-log"
        rowTestId="zalo-zns-row"
        rows={log.data.rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-status': row.status })}
        verticalSpacing="xs"
        hover={false}
        columns={[
          { key: 'at', label: 'Thời gian', nowrap: true, cell: (row) => formatDateTime(row.at) },
          { key: 'phone', label: 'Số điện thoại', nowrap: true, cell: (row) => row.phone },
          { key: 'template', label: 'Mẫu', cell: (row) => row.template?.name ?? row.text },
          { key: 'origin', label: 'Nguồn', cell: (row) => originLabel(row.origin) },
          {
            key: 'status',
            label: 'Trạng thái',
            cell: (row) => (
              <Text size="sm" c={row.status === 'failed' ? 'red' : undefined}>
                {MESSAGE_STATUS_LABELS[row.status]}
                {row.error ? `: ${row.error}` : ''}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
