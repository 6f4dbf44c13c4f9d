/**
 * /recall/{id}: a campaign with its decision, level, legal deadline (in words when overdue), who
 * received its lots with returned against shipped, the notices sent and not sent (and why), the
 * returns booked; "Nhập trả" per customer, the close-out Excel and print, and closing.
 */
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { RECALL_SCOPE_LABELS, type RecallCustomerRow } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { Fact } from '@/ui/fact';
import { LoadingBlock } from '@/ui/loading-block';
import { toast } from '@/ui/toast';
import { exportRecall, useRecall } from '../api/recall-api';
import { DeadlineBadge, RecallStatusBadge } from './recall-badges';
import { RecallCloseDialog } from './recall-close-dialog';
import { RecallReturnDialog } from './recall-return-dialog';
import { RecallCustomersTable, RecallLotsTable, RecallNoticesTable, RecallReturnsTable } from './recall-tables';

type Props = { companyId: number; id: number };

export function RecallDetailView({ companyId, id }: Props) {
  const recall = useRecall(companyId, id);
  const canApprove = useCan('warehouse', 'approve');
  const canExport = useCan('warehouse', 'export');
  const [booking, setBooking] = useState<RecallCustomerRow | null>(null);
  const [closing, setClosing] = useState(false);
  const today = vietnamDay();
  if (recall.isPending) return <LoadingBlock />;
  const data = recall.data;
  if (!data) return <Alert color="red">{recall.error?.message ?? 'Không tìm thấy đợt thu hồi'}</Alert>;
  const open = data.status === 'open';
  const overdue = data.customers.filter((row) => row.overdue).length;
  const download = async () => {
    try {
      await exportRecall(companyId, data, today);
    } catch (error) {
      toast.error(apiErrorMessage(error, 'Không tải được báo cáo'));
    }
  };
  return (
    <Stack gap="md" data-testid="recall-detail" data-status={data.status} data-code={data.code}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3}>Đợt thu hồi {data.code}</Title>
            <RecallStatusBadge status={data.status} />
            <DeadlineBadge deadline={data.deadline} today={today} status={data.status} />
          </Group>
          <Text size="sm">
            {data.product_name} · lô {data.lot_nos.join(', ')}
          </Text>
        </Stack>
        <Group gap="xs">
          {canExport && (
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void download()} data-testid="recall-export">
              Xuất Excel
            </Button>
          )}
          <Button
            component={Link}
            to={`/recall/print/${data.id}`}
            variant="default"
            leftSection={<IconPrinter size={16} />}
            data-testid="recall-print"
          >
            In báo cáo
          </Button>
          {canApprove && open && (
            <Button color="red" variant="light" onClick={() => setClosing(true)} data-testid="recall-close">
              Đóng đợt
            </Button>
          )}
        </Group>
      </Group>
      {open && overdue > 0 && (
        <Alert color="red" variant="light" data-testid="recall-overdue">
          Quá hạn: {overdue} khách hàng chưa trả đủ sau ngày {formatDate(data.deadline)}.
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label="Mức độ">{data.level_rule.label}</Fact>
          <Fact label="Quyết định">
            {data.decision_number} ngày {formatDate(data.decision_date)}
          </Fact>
          <Fact label="Hạn hoàn thành">{formatDate(data.deadline)}</Fact>
          <Fact label="Phạm vi">
            {RECALL_SCOPE_LABELS[data.scope]}
            {data.registration_number ? ` · SĐK ${data.registration_number}` : ''}
          </Fact>
          <Fact label="Đã thu hồi / đã giao">
            {formatNumber(data.returned)} / {formatNumber(data.shipped)}
          </Fact>
          <Fact label="Người mở">
            {data.created_by_name} · {formatDateTime(data.created_at)}
          </Fact>
        </SimpleGrid>
        <Text size="sm" mt="sm">
          Lý do: {data.reason}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {data.level_rule.scope}. Căn cứ: {data.level_rule.source}
        </Text>
        {data.status === 'closed' && (
          <Text size="sm" mt="sm" data-testid="recall-closed-note">
            Đã đóng bởi {data.closed_by_name} lúc {formatDateTime(data.closed_at)}
            {data.close_note ? `: ${data.close_note}` : ''}
          </Text>
        )}
      </Card>
      <Title order={5}>Lô thu hồi</Title>
      <RecallLotsTable recall={data} />
      <Title order={5}>Khách hàng đã nhận ({data.customers.length})</Title>
      {data.customers.length === 0 ? (
        <Text size="sm" c="dimmed">
          Chưa khách hàng nào nhận lô này.
        </Text>
      ) : (
        <RecallCustomersTable recall={data} canBook={canApprove && open} onBook={setBooking} />
      )}
      {data.other_recipients.length > 0 && (
        <Text size="sm" data-testid="recall-others">
          Xuất kho không theo đơn hàng:{' '}
          {data.other_recipients
            .map((other) => `${other.receipt_code} (${other.partner_name ?? '—'}, lô ${other.lot_no}, ${formatNumber(other.quantity)})`)
            .join('; ')}
        </Text>
      )}
      <Title order={5}>Thông báo</Title>
      <RecallNoticesTable recall={data} />
      <Title order={5}>Phiếu nhập trả</Title>
      <RecallReturnsTable recall={data} />
      <RecallReturnDialog companyId={companyId} recall={data} customer={booking} onClose={() => setBooking(null)} />
      <RecallCloseDialog companyId={companyId} recall={data} opened={closing} onClose={() => setClosing(false)} />
    </Stack>
  );
}
