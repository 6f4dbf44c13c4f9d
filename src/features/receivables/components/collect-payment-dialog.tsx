/**
 * "Thu tiền": the amount, cash or bank transfer (with its transaction code), a note. A rep's
 * collection is written on the device with its op and waits for the cashier (works offline); the
 * cashier's own payment (`record`, online) is confirmed as it is recorded. Both name the order when
 * opened from one, else they settle the customer's oldest debts.
 */
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import { formatMoney } from '@contract/money';
import { PAYMENT_METHOD_LABELS } from '@contract/receivables';
import type { AppDb, LocalPayment } from '@/db/app-db';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { usePaymentWrites } from '../api/receivable-api';
import { collectPayment, CollectProblem, type CollectCustomer, type Collector } from '../model/collect-payment';

type Props = {
  db: AppDb;
  collector: Collector;
  customer: CollectCustomer;
  order?: { id: string; code: string | null } | null;
  /** What is still owed, offered as the amount. */
  suggested: number;
  /** The cashier records it confirmed through the server instead of queueing a collection. */
  record?: boolean;
  onClose: () => void;
  onCollected?: (payment: LocalPayment) => void;
};

export function CollectPaymentDialog({ db, collector, customer, order = null, suggested, record = false, onClose, onCollected }: Props) {
  const [amount, setAmount] = useState(suggested > 0 ? String(suggested) : '');
  const [method, setMethod] = useState<'cash' | 'transfer'>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const writes = usePaymentWrites(collector.companyId);

  async function submit() {
    setProblem(null);
    setFields({});
    const value = amount === '' ? 0 : Number(amount);
    setBusy(true);
    try {
      const input = { amount: value, method, reference: reference.trim() || null, note: note.trim() || null };
      if (record) {
        const answer = await writes.record.mutateAsync({ customer: customer.id, order: order?.id ?? null, ...input });
        toast.success(answer.message);
      } else {
        const payment = await collectPayment(db, collector, customer, {
          orderId: order?.id ?? null,
          orderCode: order?.code ?? null,
          ...input,
        });
        toast.success(`Đã lập phiếu thu ${formatMoney(payment.amount)}, chờ thủ quỹ xác nhận`);
        onCollected?.(payment);
      }
      onClose();
    } catch (error) {
      if (error instanceof CollectProblem) setFields(error.fields);
      setProblem(error instanceof Error ? error.message : 'Không lập được phiếu thu');
    } finally {
      setBusy(false);
    }
  }

  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={busy ? () => undefined : onClose} title="Thu tiền" centered>
      <Stack gap="sm">
        <Text size="sm">
          {customer.name} ({customer.code}){order ? ` · đơn ${order.code ?? 'chưa có mã'}` : ''}
        </Text>
        <WholeAmountInput
          label="Số tiền (₫)"
          withAsterisk
          value={amount}
          onChange={setAmount}
          max={100_000_000_000}
          error={fields.amount}
          data-testid="collect-amount"
        />
        <SegmentedControl
          fullWidth
          value={method}
          onChange={(value) => setMethod(value as 'cash' | 'transfer')}
          data={(['cash', 'transfer'] as const).map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          data-testid="collect-method"
        />
        {method === 'transfer' && (
          <TextInput
            label="Mã giao dịch"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            maxLength={100}
            error={fields.reference}
          />
        )}
        <NoteField label="Ghi chú" value={note} onChange={setNote} maxLength={500} error={fields.note} />
        {problem && <ProblemAlert problem={problem} testId="collect-problem" />}
        <DialogActions
          onCancel={onClose}
          label={record ? 'Ghi nhận' : 'Lập phiếu thu'}
          onConfirm={() => void submit()}
          busy={busy}
          testId="collect-submit"
        />
      </Stack>
    </ResponsiveModal>
  );
}
