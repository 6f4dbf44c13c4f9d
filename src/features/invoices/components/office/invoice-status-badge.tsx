/**
 * An invoice's status (contract/invoices.ts) as a coloured badge; a cancellation under way says so.
 * Beside it, in words: "Quá hạn ký" when it was not signed and sent by the next working day after it
 * was made, and the kind of an adjusting invoice (Điều chỉnh giảm…).
 */
import { Badge, Group } from '@mantine/core';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, type InvoiceRecord } from '@contract/invoices';
import { ADJUST_KIND_LABELS } from '@contract/invoices-corrections';

type Props = {
  invoice: Pick<InvoiceRecord, 'status' | 'cancel_state'> & Partial<Pick<InvoiceRecord, 'sign_overdue' | 'adjust_kind'>>;
  size?: 'sm' | 'md';
};

const BADGE_STYLE = { flexShrink: 0, overflow: 'visible' } as const;

export function InvoiceStatusBadge({ invoice, size = 'sm' }: Props) {
  const cancelling = invoice.cancel_state === 'requested';
  const status = (
    <Badge
      color={cancelling ? 'orange' : INVOICE_STATUS_COLORS[invoice.status]}
      variant="light"
      size={size}
      tt="none"
      style={BADGE_STYLE}
      data-testid="invoice-status"
      data-status={invoice.status}
    >
      {cancelling ? 'Đang hủy' : INVOICE_STATUS_LABELS[invoice.status]}
    </Badge>
  );
  if (!invoice.sign_overdue && !invoice.adjust_kind) return status;
  return (
    <Group gap={4} wrap="wrap" style={{ flexShrink: 0 }}>
      {status}
      {invoice.adjust_kind && (
        <Badge color="indigo" variant="light" size={size} tt="none" style={BADGE_STYLE} data-testid="invoice-adjust-kind">
          {ADJUST_KIND_LABELS[invoice.adjust_kind]}
        </Badge>
      )}
      {invoice.sign_overdue && (
        <Badge color="orange" variant="light" size={size} tt="none" style={BADGE_STYLE} data-testid="invoice-sign-overdue-badge">
          Quá hạn ký
        </Badge>
      )}
    </Group>
  );
}
