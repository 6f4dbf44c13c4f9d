/**
 * "Điều chỉnh" on a published invoice (NĐ 70/2025: a published invoice is no longer cancelled): an
 * adjusting invoice that decreases (goods given back, a discount after the sale, another reduction),
 * increases (lines typed) or corrects the buyer's details only, with the reason and the agreement
 * with the buyer (required for a business). The amounts are signed as the invoice prints them
 * (adjustmentTotals: a decrease is negative) and checked before sending (adjustLinesProblem,
 * agreementRefusal); the server checks again what is left to decrease. The same error on other
 * invoices of the buyer in the month goes on the adjustment's list (bảng kê Mẫu 01/BK-ĐCTT,
 * adjust-listed-field.tsx); with a list, no line refers to a line of the original. Goods the
 * warehouse took back on return receipts fill the returned quantities (adjust-returns-note.tsx).
 * Once it took the adjustment, the agreement's scan is uploaded onto the new invoice, which opens.
 */
import { Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  ADJUST_KIND_LABELS,
  ADJUST_KINDS,
  adjustLinesProblem,
  adjustmentTotals,
  INVOICE_CORRECTION_RULES,
  listedLinesProblem,
  type AdjustKind,
  type AdjustLineInput,
} from '@contract/invoices-corrections';
import type { InvoiceRecord } from '@contract/invoices';
import { ApiError, apiErrorMessage } from '@/api/api-error';
import { formatMoney } from '@/lib/money';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { toast } from '@/ui/toast';
import { useInvoiceWrites } from '@/features/invoices/api/invoice-api';
import { AdjustListedField, LISTED_WAYS_NOTE } from './adjust-listed-field';
import { AdjustReturnsNote, useReturnsFill, type ReturnsFill } from './adjust-returns-note';
import { DiscountEditor, formLines, linesForm, ReturnEditor, TypedLinesEditor, type LinesForm } from './adjust-lines-editor';
import { AgreementFields, agreementInput, agreementProblem, EMPTY_AGREEMENT, type AgreementForm } from './agreement-fields';
import { BuyerFields, buyerForm, buyerInput, buyerProblem, type BuyerForm } from './buyer-fields';
import { invoiceName } from './invoice-dialogs';

type Props = { companyId: number; invoice: InvoiceRecord; onClose: () => void; onDone?: (adjusting: InvoiceRecord) => void };

type Way = 'return' | 'discount' | 'typed';
const DECREASE_WAYS: { value: Way; label: string }[] = [
  { value: 'return', label: 'Hàng trả lại' },
  { value: 'discount', label: 'Chiết khấu thương mại' },
  { value: 'typed', label: 'Giảm giá khác' },
];

type Form = {
  kind: AdjustKind;
  way: Way;
  lines: LinesForm;
  buyer: BuyerForm;
  agreement: AgreementForm;
  reason: string;
  /** The other invoices on the list (Mẫu 01/BK-ĐCTT). */
  listed: string[];
};

function initialForm(invoice: InvoiceRecord): Form {
  return {
    kind: 'decrease',
    way: 'return',
    lines: linesForm(invoice.lines),
    buyer: { buyer: buyerForm(invoice.buyer), payment_method: invoice.payment_method },
    agreement: EMPTY_AGREEMENT,
    reason: '',
    listed: [],
  };
}

/** A list takes no line of the original: goods given back become a discount, typed lines lose their original line. */
function withListed(form: Form, listed: string[]): Partial<Form> {
  if (listed.length === 0) return { listed };
  return {
    listed,
    way: form.way === 'return' ? 'discount' : form.way,
    lines: { ...form.lines, typed: form.lines.typed.map((line) => ({ ...line, line_no: null })) },
  };
}

const wayOf = (form: Form): Way => (form.kind === 'increase' ? 'typed' : form.way);
const linesOf = (form: Form, invoice: InvoiceRecord): AdjustLineInput[] =>
  form.kind === 'info' ? [] : formLines(wayOf(form), form.lines, invoice.lines);

const soldOf = (invoice: InvoiceRecord, lineNo: number) => invoice.lines.find((line) => line.line_no === lineNo)?.quantity ?? 0;

/** The first thing the form lacks before sending, or null. */
export function adjustProblem(form: Form, invoice: InvoiceRecord): string | null {
  if (!form.reason.trim()) return 'Vui lòng nhập lý do điều chỉnh';
  const lines = linesOf(form, invoice);
  const over = lines.find((line) => line.line_no !== null && wayOf(form) === 'return' && line.quantity > soldOf(invoice, line.line_no));
  if (over) return `Số lượng trả lại của "${over.item_name}" lớn hơn số lượng đã bán`;
  const problem =
    listedLinesProblem(form.listed, lines) ??
    (form.kind === 'info' ? buyerProblem(form.buyer.buyer) : adjustLinesProblem(form.kind, lines));
  return problem ?? agreementProblem(agreementBuyer(form, invoice), form.agreement, invoice.issued_on);
}

/** Whose agreement is asked: the corrected buyer of an information adjustment when it has a tax code (the server judges alike). */
function agreementBuyer(form: Form, invoice: InvoiceRecord): { tax_code: string | null } {
  const corrected = form.buyer.buyer.tax_code.trim();
  return form.kind === 'info' && corrected ? { tax_code: corrected } : invoice.buyer;
}

function useAdjust(companyId: number, invoice: InvoiceRecord, done: (adjusting: InvoiceRecord) => void) {
  const writes = useInvoiceWrites(companyId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (form: Form) => {
    const local = adjustProblem(form, invoice);
    if (local) return setProblem(local);
    setBusy(true);
    setProblem(null);
    try {
      const adjusting = await writes.adjust(invoice.id, {
        kind: form.kind,
        reason: form.reason.trim(),
        agreement: agreementInput(form.agreement),
        lines: linesOf(form, invoice),
        buyer: form.kind === 'info' ? buyerInput(form.buyer.buyer) : null,
        listed: form.listed,
      });
      toast.success(`Đã lập hóa đơn điều chỉnh cho ${invoiceName(invoice)}, đang phát hành qua meInvoice`);
      const scan = form.agreement.scan;
      if (scan) {
        await writes.uploadAgreementScan(adjusting.id, scan).catch((error: unknown) => {
          toast.error(apiErrorMessage(error, 'Chưa tải được bản chụp biên bản thỏa thuận, hãy thử lại'));
        });
      }
      done(adjusting);
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không lập được hóa đơn điều chỉnh'));
      setFields(error instanceof ApiError ? error.fields : {});
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, fields, submit };
}

function AdjustTotal({ kind, lines }: { kind: AdjustKind; lines: AdjustLineInput[] }) {
  const totals = useMemo(() => adjustmentTotals(kind, lines), [kind, lines]);
  return (
    <Stack gap={2} align="flex-end">
      <Text size="sm">Tiền hàng: {formatMoney(totals.total_without_vat)}</Text>
      <Text size="sm">Tiền thuế GTGT: {formatMoney(totals.total_vat)}</Text>
      <Text fw={700} data-testid="adjust-total" data-total={totals.total}>
        Tổng tiền điều chỉnh: {formatMoney(totals.total)}
      </Text>
      <Text size="sm" fs="italic" ta="right" data-testid="adjust-words">
        Số tiền viết bằng chữ: {totals.amount_in_words}
      </Text>
    </Stack>
  );
}

type LinesPartProps = { form: Form; set: (patch: Partial<Form>) => void; invoice: InvoiceRecord; returns: ReturnsFill };

function LinesPart({ form, set, invoice, returns }: LinesPartProps) {
  const way = wayOf(form);
  const listing = form.listed.length > 0;
  const ways = listing ? DECREASE_WAYS.filter((option) => option.value !== 'return') : DECREASE_WAYS;
  const setLines =
    <K extends keyof LinesForm>(key: K) =>
    (next: LinesForm[K]) =>
      set({ lines: { ...form.lines, [key]: next } });
  return (
    <Stack gap="sm">
      {form.kind === 'decrease' && (
        <Radio.Group label="Điều chỉnh giảm vì" value={form.way} onChange={(next) => set({ way: next as Way })}>
          <Group gap="md" mt={4}>
            {ways.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} data-testid={`adjust-way-${option.value}`} />
            ))}
          </Group>
        </Radio.Group>
      )}
      {listing && (
        <Text size="xs" c="dimmed" data-testid="adjust-listed-ways">
          {LISTED_WAYS_NOTE}
        </Text>
      )}
      {way === 'return' && (
        <>
          <Text size="xs" c="dimmed">
            {INVOICE_CORRECTION_RULES.returnsAdjust.text}.
          </Text>
          <AdjustReturnsNote fill={returns} returned={form.lines.returned} />
          <ReturnEditor
            original={invoice.lines}
            value={form.lines.returned}
            onChange={(next) => {
              returns.touched();
              setLines('returned')(next);
            }}
          />
        </>
      )}
      {way === 'discount' && <DiscountEditor original={invoice.lines} value={form.lines.discount} onChange={setLines('discount')} />}
      {way === 'typed' && (
        <TypedLinesEditor original={invoice.lines} value={form.lines.typed} onChange={setLines('typed')} allowOriginal={!listing} />
      )}
      <AdjustTotal kind={form.kind} lines={linesOf(form, invoice)} />
    </Stack>
  );
}

export function AdjustInvoiceDialog({ companyId, invoice, onClose, onDone }: Props) {
  const [form, setForm] = useState(() => initialForm(invoice));
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const returns = useReturnsFill(companyId, invoice, (returned) =>
    setForm((current) => ({ ...current, lines: { ...current.lines, returned } })),
  );
  const { busy, problem, fields, submit } = useAdjust(companyId, invoice, (adjusting) => {
    onDone?.(adjusting);
    onClose();
  });
  return (
    <ResponsiveModal opened onClose={busy ? () => undefined : onClose} title="Lập hóa đơn điều chỉnh" size="xl">
      <Stack gap="md" data-testid="adjust-invoice-dialog">
        <Text size="sm">
          Hóa đơn điều chỉnh ghi rõ điều chỉnh cho hóa đơn {invoice.number ? `số ${invoice.number}` : 'này'}.{' '}
          {INVOICE_CORRECTION_RULES.signedAmounts.text}.
        </Text>
        <Radio.Group label="Loại điều chỉnh" withAsterisk value={form.kind} onChange={(kind) => set({ kind: kind as AdjustKind })}>
          <Group gap="md" mt={4}>
            {ADJUST_KINDS.map((kind) => (
              <Radio key={kind} value={kind} label={ADJUST_KIND_LABELS[kind]} data-testid={`adjust-kind-${kind}`} />
            ))}
          </Group>
        </Radio.Group>
        <AdjustListedField
          companyId={companyId}
          invoice={invoice}
          value={form.listed}
          error={fields.listed}
          onChange={(listed) => setForm((current) => ({ ...current, ...withListed(current, listed) }))}
        />
        {form.kind === 'info' ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Thông tin người mua sau điều chỉnh
            </Text>
            <BuyerFields value={form.buyer} onChange={(buyer) => set({ buyer })} fields={fields} withPaymentMethod={false} />
          </Stack>
        ) : (
          <LinesPart form={form} set={set} invoice={invoice} returns={returns} />
        )}
        <Textarea
          label="Lý do điều chỉnh"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={form.reason}
          onChange={(event) => set({ reason: event.currentTarget.value })}
          error={fields.reason}
          data-testid="invoice-adjust-reason"
        />
        <AgreementFields
          buyer={agreementBuyer(form, invoice)}
          value={form.agreement}
          onChange={(agreement) => set({ agreement })}
          fields={fields}
        />
        <ProblemLine problem={problem} testId="invoice-adjust-problem" />
        <DialogActions
          onCancel={onClose}
          label="Lập hóa đơn điều chỉnh"
          busy={busy}
          onConfirm={() => void submit(form)}
          testId="invoice-adjust-confirm"
        />
      </Stack>
    </ResponsiveModal>
  );
}
