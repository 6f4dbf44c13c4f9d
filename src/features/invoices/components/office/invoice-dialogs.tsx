/**
 * Cancelling and replacing an invoice, each with the reason the law asks for (NĐ 123/2020 art. 19,
 * amended by NĐ 70/2025): only an invoice never published is cancelled, which frees the orders to
 * be invoiced again; a replacement bills the same orders on a new invoice that names this one, with
 * the buyer's details corrected, after the agreement with the buyer (agreement-fields.tsx), whose
 * scan is uploaded onto the replacement once the server took it.
 */
import { Stack, Text, Textarea } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import type { InvoiceRecord } from '@contract/invoices';
import { ApiError, apiErrorMessage } from '@/api/api-error';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { useInvoiceWrites } from '@/features/invoices/api/invoice-api';
import { AgreementFields, agreementInput, agreementProblem, EMPTY_AGREEMENT, type AgreementForm } from './agreement-fields';
import { BuyerFields, buyerForm, buyerInput, buyerProblem, type BuyerForm } from './buyer-fields';

type Props = { companyId: number; invoice: InvoiceRecord; onClose: () => void; onDone?: (invoice: InvoiceRecord) => void };

/** The invoice as a toast names it: by its number once issued, else by its orders (a cancellation is asked of meInvoice, which answers later). */
export function invoiceName(invoice: Pick<InvoiceRecord, 'number' | 'orders'>): string {
  if (invoice.number) return `hóa đơn số ${invoice.number}`;
  const orders = invoice.orders.map((order) => order.code).filter(Boolean);
  return orders.length > 0 ? `hóa đơn của đơn ${orders.join(', ')}` : 'hóa đơn';
}

function useReason() {
  const [reason, setReason] = useState('');
  const field = (label: string, testId: string) => (
    <Textarea
      label={label}
      withAsterisk
      autosize
      minRows={2}
      maxLength={500}
      value={reason}
      onChange={(event) => setReason(event.currentTarget.value)}
      data-testid={testId}
    />
  );
  return { reason: reason.trim(), field };
}

export function CancelInvoiceDialog({ companyId, invoice, onClose }: Props) {
  const writes = useInvoiceWrites(companyId);
  const { reason, field } = useReason();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    if (!reason) return setProblem('Vui lòng nhập lý do hủy');
    setBusy(true);
    try {
      await writes.cancel(invoice.id, reason);
      toast.success(`Đã gửi yêu cầu hủy ${invoiceName(invoice)} tới meInvoice`);
      onClose();
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không hủy được hóa đơn'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title="Hủy hóa đơn" centered>
      <Stack gap="sm">
        <Text size="sm">
          Hóa đơn {invoice.number ? `số ${invoice.number}` : 'chưa có số'} sẽ bị hủy trên meInvoice; các đơn hàng của nó có thể được xuất
          hóa đơn lại.
        </Text>
        {field('Lý do hủy', 'invoice-cancel-reason')}
        <ProblemLine problem={problem} testId="invoice-cancel-problem" />
        <DialogActions
          onCancel={onClose}
          label="Hủy hóa đơn"
          color="red"
          busy={busy}
          onConfirm={() => void submit()}
          testId="invoice-cancel-confirm"
        />
      </Stack>
    </ResponsiveModal>
  );
}

export function ReplaceInvoiceDialog({ companyId, invoice, onClose, onDone }: Props) {
  const writes = useInvoiceWrites(companyId);
  const { reason, field } = useReason();
  const [form, setForm] = useState<BuyerForm>({ buyer: buyerForm(invoice.buyer), payment_method: invoice.payment_method });
  const [agreement, setAgreement] = useState<AgreementForm>(EMPTY_AGREEMENT);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  // The buyer the replacement is for decides whether the agreement is required (the server judges alike).
  const agreementBuyer = form.buyer.tax_code.trim() ? { tax_code: form.buyer.tax_code.trim() } : invoice.buyer;
  const submit = async () => {
    const local = !reason
      ? 'Vui lòng nhập lý do thay thế'
      : (buyerProblem(form.buyer) ?? agreementProblem(agreementBuyer, agreement, invoice.issued_on));
    if (local) return setProblem(local);
    setBusy(true);
    try {
      const replacement = await writes.replace(invoice.id, {
        reason,
        agreement: agreementInput(agreement),
        buyer: buyerInput(form.buyer),
        payment_method: form.payment_method,
        not_subject_lines: invoice.lines.filter((line) => line.vat_rate === 'KCT').map((line) => line.order_line_id),
      });
      toast.success(`Đã lập hóa đơn thay thế cho ${invoiceName(invoice)}, đang phát hành qua meInvoice`);
      if (agreement.scan) {
        await writes.uploadAgreementScan(replacement.id, agreement.scan).catch((error: unknown) => {
          toast.error(apiErrorMessage(error, 'Chưa tải được bản chụp biên bản thỏa thuận, hãy thử lại'));
        });
      }
      onDone?.(replacement);
      onClose();
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không lập được hóa đơn thay thế'));
      setFields(error instanceof ApiError ? error.fields : {});
    } finally {
      setBusy(false);
    }
  };
  return (
    <ResponsiveModal opened onClose={busy ? () => undefined : onClose} title="Lập hóa đơn thay thế" size="lg" centered>
      <Stack gap="sm" data-testid="replace-invoice-dialog">
        <Text size="sm">
          Hóa đơn mới gồm các đơn hàng của hóa đơn {invoice.number ? `số ${invoice.number}` : 'này'} và ghi rõ hóa đơn bị thay thế.
        </Text>
        {field('Lý do thay thế', 'invoice-replace-reason')}
        <BuyerFields value={form} onChange={setForm} fields={fields} />
        <AgreementFields buyer={agreementBuyer} value={agreement} onChange={setAgreement} fields={fields} />
        <ProblemLine problem={problem} testId="invoice-replace-problem" />
        <DialogActions
          onCancel={onClose}
          label="Lập hóa đơn thay thế"
          busy={busy}
          onConfirm={() => void submit()}
          testId="invoice-replace-confirm"
        />
      </Stack>
    </ResponsiveModal>
  );
}
