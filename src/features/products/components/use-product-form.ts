/**
 * The state of the product form (product-form.tsx): the values and their field errors, editing a
 * variant, saving (checked with the contract's schema first) and "Ngừng kinh doanh".
 */
import { useMemo, useState } from 'react';
import type { ProductImage, ProductRecord } from '@contract/products';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { toastedWrite } from '@/ui/toasted-write';
import { useSelectOptions } from '../api/catalogue-options';
import { useProductWrites, writeErrorMessage } from '../api/product-writes';
import { checkProductForm, sortUnits, type FieldErrors, type ProductFormValues, type VariantValues } from '../model/product-form';

export type ProductFormInput = {
  db: AppDb;
  companyId: number;
  initial: ProductFormValues;
  record: ProductRecord | null;
  onSaved: (record: ProductRecord, created: boolean) => void;
};

/** Sets fields of the product; `clear` names the field errors the change makes stale. */
export type SetProduct = (patch: Partial<ProductFormValues>, clear?: string[]) => void;

export function useProductForm({ db, companyId, initial, record, onSaved }: ProductFormInput) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [images, setImages] = useState<ProductImage[]>(record?.images ?? []);
  const online = useSyncStatus((sync) => sync.online);
  const canDelete = useCan('products', 'delete');
  const writes = useProductWrites(db, companyId);
  const brands = useSelectOptions(db, companyId, 'brand');
  const categories = useSelectOptions(db, companyId, 'category');
  const groups = useSelectOptions(db, companyId, 'group');
  const units = useSelectOptions(db, companyId, 'unit');
  const unitNames = useMemo(() => (units.data ?? []).map((option) => option.label), [units.data]);
  const disabled = saving || !online;

  const set: SetProduct = (patch, clear = Object.keys(patch)) => {
    setValues((current) => ({ ...current, ...patch }));
    if (clear.some((key) => errors[key]))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !clear.includes(key))));
  };
  const setVariant = (index: number, patch: Partial<VariantValues>) => {
    setValues((current) => ({
      ...current,
      variants: current.variants.map((variant, i) => (i === index ? { ...variant, ...patch } : variant)),
    }));
    // Errors of the edited variant are stale now; the others still hold.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`variants.${index}.`) && key !== 'variants')),
    );
  };

  const submit = async () => {
    const ordered = sortUnits(values);
    setValues(ordered);
    const checked = checkProductForm(companyId, ordered);
    if (!checked.ok) {
      setErrors(checked.errors);
      toast.error(checked.message);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const { record: saved, message } = await writes.saveProduct(record?.id ?? null, checked.input);
      toast.success(message ?? (record ? 'Cập nhật sản phẩm thành công' : 'Tạo sản phẩm thành công'));
      onSaved(saved, record === null);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      toast.error(writeErrorMessage(error, 'Lưu sản phẩm thất bại'));
    } finally {
      setSaving(false);
    }
  };

  const deactivate = () =>
    record &&
    openConfirm({
      message: `Ngừng kinh doanh "${record.name}"? Sản phẩm vẫn còn trong các đơn hàng cũ nhưng không bán thêm được.`,
      onOk: () =>
        toastedWrite(
          async () => {
            const message = (await writes.deactivateProduct(record.id)) ?? 'Đã ngừng kinh doanh sản phẩm';
            set({ is_active: false });
            return message;
          },
          (error) => writeErrorMessage(error, 'Không ngừng kinh doanh được sản phẩm'),
        ),
    });

  return {
    values,
    errors,
    saving,
    images,
    setImages,
    online,
    canDelete,
    writes,
    options: { brands: brands.data ?? [], categories: categories.data ?? [], groups: groups.data ?? [] },
    unitNames,
    disabled,
    set,
    setVariant,
    submit,
    deactivate,
  };
}
