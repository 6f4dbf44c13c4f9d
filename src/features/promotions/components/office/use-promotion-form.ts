/**
 * The state of the programme form (promotion-form.tsx): the values, the errors placed on inputs, and
 * the save, which runs the contract's checks before sending anything (promotion-form.ts) and puts the
 * server's refusals on the inputs they name.
 */
import { useState, type FormEvent } from 'react';
import type { PromotionKind, PromotionRecord } from '@contract/promotions';
import { ApiError } from '@/api/api-error';
import { toast } from '@/ui/toast';
import { useLeaveGuard } from '@/ui/use-leave-guard';
import { usePromotionWrites } from '@/features/promotions/api/promotion-api';
import {
  addVariants,
  changeKind,
  checkPromotionForm,
  firstError,
  samePromotionForm,
  serverErrors,
  withoutErrors,
  type FieldErrors,
  type PromotionFormValues,
} from '@/features/promotions/model/promotion-form';

export const LEAVE_FORM = 'Chương trình chưa được lưu. Bạn có chắc muốn rời trang?';

/** Sets some values and clears the errors of the inputs they touch (by default, the patched ones). */
export type SetPromotionValues = (patch: Partial<PromotionFormValues>, touched?: string[]) => void;

type Options = {
  companyId: number;
  initial: PromotionFormValues;
  record: PromotionRecord | null;
  onSaved: (record: PromotionRecord) => void;
};

export function usePromotionForm({ companyId, initial, record, onSaved }: Options) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const writes = usePromotionWrites(companyId);
  const dirty = !samePromotionForm(values, initial);
  const guard = useLeaveGuard(dirty, LEAVE_FORM);

  const set: SetPromotionValues = (patch, touched = Object.keys(patch)) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, ...touched, '_form'));
  };

  const setKind = (kind: PromotionKind) => {
    setValues((current) => changeKind(current, kind));
    setErrors((current) => withoutErrors(current, 'kind', 'tiers', '_form'));
  };

  const addGoods = (ids: readonly number[]) => {
    setValues((current) => addVariants(current, ids));
    setErrors((current) => withoutErrors(current, 'variant_ids'));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const checked = checkPromotionForm(companyId, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(firstError(checked.errors));
      return;
    }
    setSaving(true);
    try {
      const answer = await writes.save(record?.id ?? null, checked.input);
      toast.success(answer.message ?? 'Đã lưu chương trình');
      guard.release();
      onSaved(answer.data);
    } catch (error) {
      if (error instanceof ApiError && !error.isNetwork) {
        const placed = serverErrors(error.message, error.fields);
        setErrors(placed);
        toast.error(error.message);
      } else {
        toast.error(
          error instanceof ApiError
            ? 'Cần kết nối mạng để lưu chương trình khuyến mại. Vui lòng thử lại khi có mạng.'
            : 'Không lưu được chương trình. Vui lòng thử lại.',
        );
      }
    } finally {
      setSaving(false);
    }
  }

  return { values, errors, saving, set, setKind, addGoods, submit };
}
