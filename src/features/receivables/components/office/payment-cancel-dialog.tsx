/** Cancelling a payment with its reason, required (payments-tab.tsx); a confirmed one puts the debt back. */
import { Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useState } from 'react';
import type { PaymentRecord } from '@contract/receivables';
import { DialogActions } from '@/ui/dialog-actions';
import { NoteField } from '@/ui/note-field';
import { ProblemLine } from '@/ui/problem';
import { usePaymentWrites } from '@/features/receivables/api/receivable-api';
import { failed } from './payment-columns';

export function CancelDialog({ payment, onClose, companyId }: { payment: PaymentRecord; onClose: () => void; companyId: number }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { cancel } = usePaymentWrites(companyId);
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title={`Hủy phiếu thu ${payment.code ?? ''}`} centered>
      <Stack gap="sm">
        <Text size="sm">
          {payment.state === 'confirmed'
            ? 'Phiếu đã xác nhận: hủy sẽ ghi lại khoản nợ vào sổ công nợ của khách hàng.'
            : 'Phiếu chưa xác nhận sẽ bị hủy.'}
        </Text>
        <NoteField label="Lý do hủy" withAsterisk value={reason} onChange={setReason} maxLength={500} data-testid="cancel-reason" />
        <ProblemLine problem={problem} />
        <DialogActions
          onCancel={onClose}
          label="Hủy phiếu thu"
          color="red"
          busy={cancel.isPending}
          onConfirm={() =>
            void cancel.mutateAsync({ id: payment.id, reason }).then(
              () => onClose(),
              (error: unknown) => setProblem(failed(error)),
            )
          }
        />
      </Stack>
    </ResponsiveModal>
  );
}
