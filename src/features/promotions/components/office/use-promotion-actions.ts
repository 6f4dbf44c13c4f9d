/**
 * The writes behind a programme's buttons (promotion-actions.tsx): approve and stop after a
 * confirmation, copy (then to the copy's page), delete after a confirmation (then to the list), and
 * the status actions; each toasts its message or its refusal, and the one running is named in busy.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PromotionRecord } from '@contract/promotions';
import type { PromotionAction } from '@contract/promotions-status';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { promotionError, usePromotionWrites } from '@/features/promotions/api/promotion-api';
import { toastedWrite } from '@/ui/toasted-write';

export function usePromotionActions(companyId: number, record: PromotionRecord) {
  const navigate = useNavigate();
  const writes = usePromotionWrites(companyId);
  const rights = {
    create: useCan('promotions', 'create'),
    edit: useCan('promotions', 'edit'),
    delete: useCan('promotions', 'delete'),
    approve: useCan('promotions', 'approve'),
  };
  const [busy, setBusy] = useState<string | null>(null);

  /** Runs a write, toasts its message or its refusal; true when it went through. */
  const run = async (name: string, write: () => Promise<{ message?: string }>, fallback: string) => {
    setBusy(name);
    try {
      return await toastedWrite(
        async () => (await write()).message,
        (error) => promotionError(error, fallback),
      );
    } finally {
      setBusy(null);
    }
  };
  const act = (action: PromotionAction, reason: string | null = null) =>
    run(action, () => writes.act(record.id, action, reason), 'Không cập nhật được trạng thái chương trình');

  const approve = () =>
    openConfirm({
      title: 'Duyệt chương trình',
      message: `Duyệt chương trình ${record.code} – ${record.name}? Chương trình sẽ áp dụng cho đơn hàng từ ngày bắt đầu.`,
      icon: 'success',
      okLabel: 'Duyệt',
      onOk: () => act('approve'),
    });
  const stop = () =>
    openConfirm({
      title: 'Dừng chương trình',
      message: `Dừng chương trình ${record.code}? Đơn hàng mới sẽ không được áp dụng nữa; chương trình đã dừng không chạy lại được.`,
      okLabel: 'Dừng chương trình',
      onOk: () => act('stop'),
    });
  const copy = async () => {
    setBusy('copy');
    try {
      const answer = await writes.copy(record.id);
      toast.success(answer.message ?? 'Đã sao chép chương trình');
      void navigate({ to: '/promotion/$id', params: { id: String(answer.data.id) } });
    } catch (error) {
      toast.error(promotionError(error, 'Không sao chép được chương trình'));
    } finally {
      setBusy(null);
    }
  };
  const remove = () =>
    openConfirm({
      title: 'Xóa chương trình',
      message: `Xóa chương trình ${record.code} – ${record.name}? Thao tác này không hoàn tác được.`,
      icon: 'error',
      okLabel: 'Xóa',
      onOk: async () => {
        const done = await run('delete', () => writes.remove(record.id), 'Không xóa được chương trình');
        if (done) void navigate({ to: '/promotion' });
        return done;
      },
    });

  return { rights, busy, act, approve, stop, copy, remove };
}
