/** Setting a credit limit in money and in days (a customer's or a rep's); empty means no limit. */
import { Stack } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '@/api/client';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemLine } from '@/ui/problem';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { toast } from '@/ui/toast';
import { WholeAmountInput } from '@/ui/whole-amount-input';
import { receivableKeys } from '@/features/receivables/api/receivable-api';

type Props = {
  companyId: number;
  title: string;
  path: string;
  current: { credit_limit: number | null; credit_days: number | null };
  onClose: () => void;
};

export function CreditLimitDialog({ companyId, title, path, current, onClose }: Props) {
  const client = useQueryClient();
  const [limit, setLimit] = useState(current.credit_limit === null ? '' : String(current.credit_limit));
  const [days, setDays] = useState<string | number>(current.credit_days ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      apiRequest(path, {
        method: 'PUT',
        body: { company: companyId, credit_limit: limit === '' ? null : Number(limit), credit_days: days === '' ? null : Number(days) },
        redirectOnForbidden: false,
      }),
    onSuccess: (answer) => {
      toast.success(answer.message ?? 'Đã lưu hạn mức');
      void client.invalidateQueries({ queryKey: receivableKeys.all(companyId) });
      onClose();
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : 'Không lưu được hạn mức'),
  });
  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title={title} centered>
      <Stack gap="sm">
        <WholeAmountInput
          label="Hạn mức công nợ (₫)"
          description="Để trống: không giới hạn"
          value={limit}
          onChange={setLimit}
          max={100_000_000_000}
          data-testid="limit-money"
        />
        <StrictNumberInput
          label="Hạn nợ (ngày)"
          description="Để trống: theo mặc định công ty, không chặn theo ngày"
          value={days}
          onChange={setDays}
          min={0}
          max={3650}
          allowDecimal={false}
          data-testid="limit-days"
        />
        <ProblemLine problem={problem} />
        <DialogActions onCancel={onClose} label="Lưu" busy={save.isPending} onConfirm={() => save.mutate()} testId="limit-save" />
      </Stack>
    </ResponsiveModal>
  );
}
