/**
 * "Xuất hóa đơn" from a completed order (docs/invoices.md "Issuing"): the order and, if the accountant ticks them,
 * the same buyer's other completed orders without an invoice; the invoice as the server would
 * issue it (lines, the summary per VAT rate, totals and the amount in words); 0 % lines the
 * accountant declares not subject to VAT; the buyer's details and the payment method. Issuing
 * sends it to meInvoice in the background; the order's page follows it.
 */
import { Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceRecord } from '@contract/invoices';
import { formatMoney } from '@contract/money';
import { ApiError, apiErrorMessage } from '@/api/api-error';
import { formatDate } from '@/lib/dates';
import { DialogActions } from '@/ui/dialog-actions';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { useInvoiceableOrders, useInvoiceDraft, useInvoiceWrites } from '@/features/invoices/api/invoice-api';
import { BuyerFields, buyerForm, buyerInput, buyerProblem, type BuyerForm } from './buyer-fields';
import { InvoiceLines } from './invoice-lines';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  companyId: number;
  order: { id: string; customer_id: string };
  isMobile: boolean;
  onClose: () => void;
  onIssued?: (invoice: InvoiceRecord) => void;
};

export function IssueInvoiceDialog({ companyId, order, isMobile, onClose, onIssued }: Props) {
  const [orderIds, setOrderIds] = useState<string[]>([order.id]);
  const [notSubject, setNotSubject] = useState<string[]>([]);
  const [edited, setForm] = useState<BuyerForm | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const others = useInvoiceableOrders(companyId, order.customer_id);
  const draft = useInvoiceDraft(companyId, orderIds, notSubject);
  const writes = useInvoiceWrites(companyId);

  // The buyer's details start from the customer's until the accountant changes them.
  const form = edited ?? (draft.data ? { buyer: buyerForm(draft.data.buyer), payment_method: 'TM/CK' as const } : null);

  const toggle = (list: string[], id: string, on: boolean) => (on ? [...list, id] : list.filter((other) => other !== id));
  const zeroLines = draft.data?.lines.filter((line) => line.vat_rate === '0%' || line.vat_rate === 'KCT') ?? [];

  const issue = async () => {
    if (!form) return;
    const local = buyerProblem(form.buyer);
    if (local) return setProblem(local);
    setBusy(true);
    setProblem(null);
    try {
      const invoice = await writes.issue({
        order_ids: orderIds,
        buyer: buyerInput(form.buyer),
        payment_method: form.payment_method,
        not_subject_lines: notSubject,
        note: note.trim() || null,
      });
      toast.success('Đã lập hóa đơn, đang phát hành qua meInvoice');
      onIssued?.(invoice);
      onClose();
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không xuất được hóa đơn'));
      setFields(error instanceof ApiError ? error.fields : {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <ResponsiveModal opened onClose={busy ? () => undefined : onClose} title="Xuất hóa đơn điện tử" size="xl">
      <Stack gap="md" data-testid="issue-invoice-dialog">
        {(others.data?.length ?? 0) > 1 && (
          <Stack gap={4}>
            <Title order={6}>Đơn hàng trên hóa đơn</Title>
            <Text size="xs" c="dimmed">
              Có thể gộp các đơn đã hoàn thành, chưa xuất hóa đơn của cùng khách hàng.
            </Text>
            {others.data!.map((other) => (
              <Checkbox
                key={other.id}
                label={`${other.code} · ${formatDate(other.created_at)} · ${formatMoney(other.total)}`}
                checked={orderIds.includes(other.id)}
                disabled={other.id === order.id}
                onChange={(event) => setOrderIds(toggle(orderIds, other.id, event.currentTarget.checked))}
                data-testid="issue-invoice-order"
              />
            ))}
          </Stack>
        )}
        {draft.isPending && !draft.data ? (
          <LoadingBlock />
        ) : draft.data ? (
          <>
            <InvoiceLines totals={draft.data} isMobile={isMobile} />
            {zeroLines.length > 0 && (
              <Stack gap={4}>
                <Title order={6}>Dòng thuế suất 0%</Title>
                {zeroLines.map((line) => (
                  <Checkbox
                    key={line.order_line_id}
                    label={`${line.item_name}: không chịu thuế GTGT (KCT)`}
                    checked={notSubject.includes(line.order_line_id)}
                    onChange={(event) => setNotSubject(toggle(notSubject, line.order_line_id, event.currentTarget.checked))}
                  />
                ))}
              </Stack>
            )}
            <Title order={6}>Người mua</Title>
            {form && <BuyerFields value={form} onChange={setForm} fields={fields} />}
            <Textarea
              label="Ghi chú trên hóa đơn"
              autosize
              minRows={1}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
          </>
        ) : null}
        <ProblemAlert
          problem={problem ?? (draft.error ? apiErrorMessage(draft.error, 'Không lập được hóa đơn cho đơn hàng này') : null)}
          testId="issue-invoice-problem"
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {draft.data ? `Mẫu ${draft.data.template_no} · Ký hiệu ${draft.data.series}` : ''}
          </Text>
          <DialogActions
            onCancel={onClose}
            label="Phát hành hóa đơn"
            busy={busy}
            disabled={!draft.data || !form}
            onConfirm={() => void issue()}
            testId="issue-invoice-confirm"
          />
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
