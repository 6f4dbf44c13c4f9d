/**
 * The state of the price policy editor (policy-editor.tsx): the values and their field errors, the
 * variant picked to add, the items' variants on the device, and saving (checked with the contract's
 * schema first).
 */
import { useState } from 'react';
import type { PricePolicyRecord } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { useVariantsById } from '@/db/live-lookups';
import { toast } from '@/ui/toast';
import { usePolicyWrites } from '../api/price-policy-api';
import { checkPolicyForm, emptyPolicyForm, itemKey, policyFormFromRecord, type PolicyFormValues } from '../model/policy-form';

/** Sets fields of the policy; the errors of those fields (of every item, when the items change) go. */
export type SetPolicy = (patch: Partial<PolicyFormValues>) => void;

type EditorInput = { db: AppDb; companyId: number; editing: PricePolicyRecord | null; onClose: () => void; online: boolean };

export function usePolicyEditor({ db, companyId, editing, onClose, online }: EditorInput) {
  const [values, setValues] = useState<PolicyFormValues>(() => (editing ? policyFormFromRecord(editing) : emptyPolicyForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState<VariantRecord | null>(null);
  const writes = usePolicyWrites(db, companyId);
  const ids = values.items.map((item) => item.variant_id);
  const variants = useVariantsById(db, companyId, ids);

  const set: SetPolicy = (patch) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch) && !(key.startsWith('items') && 'items' in patch))),
    );
  };
  const addItem = (variant: VariantRecord) => {
    const unit = variant.units[0]?.unit ?? '';
    set({ items: [...values.items, { key: itemKey(), variant_id: variant.id, unit, price: String(variant.units[0]?.price ?? '') }] });
    setPicked(null);
  };
  const save = async () => {
    const checked = checkPolicyForm(companyId, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.message);
      return;
    }
    setSaving(true);
    try {
      const { message } = await writes.save(editing?.id ?? null, checked.input);
      toast.success(message ?? 'Đã lưu chính sách giá');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(error instanceof ApiError ? error.message : 'Lưu chính sách giá thất bại');
    } finally {
      setSaving(false);
    }
  };
  const disabled = saving || !online;

  return { values, errors, saving, picked, setPicked, variants, set, addItem, save, disabled };
}
