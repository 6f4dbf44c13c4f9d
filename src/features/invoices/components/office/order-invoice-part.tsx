/**
 * The invoice side of a completed order on its page: its invoice (number, status, total, PDF),
 * the earlier ones it had (cancelled, replaced), "Xuất hóa đơn" when it has none and the member
 * may issue, and where it stands in MISA AMIS. Fetched only when shown (../order-invoice-card.tsx).
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { ACTIVE_INVOICE_STATUSES } from '@contract/invoices';
import { SYNC_STATUS_COLORS, SYNC_STATUS_LABELS } from '@contract/invoices-accounting';
import { formatMoney } from '@contract/money';
import type { OrderRecord } from '@contract/orders';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { useRecordSync } from '@/features/invoices/api/accounting-api';
import { useOrderInvoices } from '@/features/invoices/api/invoice-api';
import { FileButtons } from './invoice-detail-page';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { IssueInvoiceDialog } from './issue-invoice-dialog';

/** Where the order stands in MISA AMIS: synced, waiting, or failed with AMIS's reason; nothing when never pushed. */
function OrderMisaLine({ companyId, orderId }: { companyId: number; orderId: string }) {
  const row = useRecordSync(companyId, 'order', orderId).data;
  if (!row) return null;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="order-misa" data-status={row.status}>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        Kế toán MISA:
      </Text>
      <Badge color={SYNC_STATUS_COLORS[row.status]} variant="light" size="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
        {SYNC_STATUS_LABELS[row.status]}
      </Badge>
      {row.error_message && (
        <Text size="xs" c="red" lineClamp={2}>
          {row.error_message}
        </Text>
      )}
    </Group>
  );
}

export function OrderInvoicePart({ companyId, order, isMobile }: { companyId: number; order: OrderRecord; isMobile: boolean }) {
  const invoices = useOrderInvoices(companyId, order.id);
  const canCreate = useCan('invoices', 'create');
  const [issuing, setIssuing] = useState(false);
  const list = invoices.data ?? [];
  const active = list.find((invoice) => ACTIVE_INVOICE_STATUSES.includes(invoice.status) && !invoice.replaced_by);
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-invoice-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>Hóa đơn điện tử</Title>
          {!active && canCreate && invoices.isSuccess && (
            <Button
              size="xs"
              leftSection={<IconFileInvoice size={16} />}
              onClick={() => setIssuing(true)}
              data-testid="order-issue-invoice"
            >
              Xuất hóa đơn
            </Button>
          )}
        </Group>
        {invoices.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed">
            Đơn hàng chưa có hóa đơn điện tử.
          </Text>
        )}
        {invoices.error && (
          <Text size="sm" c="red">
            {invoices.error.message}
          </Text>
        )}
        <OrderMisaLine companyId={companyId} orderId={order.id} />
        {list.map((invoice) => (
          <Stack key={invoice.id} gap={4} data-testid="order-invoice" data-status={invoice.status}>
            <Group justify="space-between" gap="xs">
              <AnchorLink to="/invoices/$id" params={{ id: invoice.id }} fw={600} size="sm" data-testid="order-invoice-link">
                {invoice.number ? `Số ${invoice.number}` : 'Chưa có số'} · {invoice.template_no}
                {invoice.series}
              </AnchorLink>
              <InvoiceStatusBadge invoice={invoice} />
            </Group>
            <Text size="xs" c="dimmed">
              {formatDate(invoice.issued_on ?? invoice.created_at)} · {formatMoney(invoice.total)}
              {invoice.orders.length > 1 ? ` · gộp ${invoice.orders.length} đơn` : ''}
            </Text>
            {invoice.status_message && (
              <Text size="xs" c="red">
                {invoice.status_message}
              </Text>
            )}
            {invoice === active && (
              <Group gap="xs">
                <FileButtons companyId={companyId} invoice={invoice} compact />
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
      {issuing && <IssueInvoiceDialog companyId={companyId} order={order} isMobile={isMobile} onClose={() => setIssuing(false)} />}
    </Card>
  );
}
