/**
 * The invoice side of a completed order on its page: its invoice (number, status, total, PDF),
 * the earlier ones it had (cancelled, replaced), and "Xuất hóa đơn" when it has none and the member
 * may issue. Fetched only when shown (../order-invoice-card.tsx).
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { ACTIVE_INVOICE_STATUSES } from '@contract/invoices';
import { formatMoney } from '@contract/money';
import type { OrderRecord } from '@contract/orders';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { useOrderInvoices } from '@/features/invoices/api/invoice-api';
import { FileButtons } from './invoice-detail-page';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { IssueInvoiceDialog } from './issue-invoice-dialog';

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
            <Button size="xs" leftSection={<IconFileInvoice size={16} />} onClick={() => setIssuing(true)} data-testid="order-issue-invoice">
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
