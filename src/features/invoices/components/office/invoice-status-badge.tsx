/** An invoice's status (contract/invoices.ts) as a coloured badge; a cancellation under way says so. */
import { Badge } from '@mantine/core';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, type InvoiceRecord } from '@contract/invoices';

export function InvoiceStatusBadge({
  invoice,
  size = 'sm',
}: {
  invoice: Pick<InvoiceRecord, 'status' | 'cancel_state'>;
  size?: 'sm' | 'md';
}) {
  const cancelling = invoice.cancel_state === 'requested';
  return (
    <Badge
      color={cancelling ? 'orange' : INVOICE_STATUS_COLORS[invoice.status]}
      variant="light"
      size={size}
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="invoice-status"
      data-status={invoice.status}
    >
      {cancelling ? 'Đang hủy' : INVOICE_STATUS_LABELS[invoice.status]}
    </Badge>
  );
}
