/** A customer group's fields: name, description and whether its customers buy wholesale ("Khách sỉ"). */
import { Checkbox, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/api/api-error';
import { maxLength, required } from '@/ui/input-rules';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';
import { NoteField } from '@/ui/note-field';
import type { CustomerTypeValues } from '../api/customer-writes';
import { DialogActions } from '@/ui/dialog-actions';

export const TYPE_TITLE_REQUIRED = 'Vui lòng nhập tên nhóm khách hàng';

type Props = {
  initial?: CustomerTypeValues;
  submitLabel: string;
  /** Saves; a rejected ApiError puts its field messages under the fields. */
  onSubmit: (values: CustomerTypeValues) => Promise<void>;
  onCancel: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  disabled?: boolean;
};

const EMPTY: CustomerTypeValues = { title: '', description: null, is_wholesale: false };

export function CustomerTypeForm({ initial = EMPTY, submitLabel, onSubmit, onCancel, onDirtyChange, disabled = false }: Props) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description ?? '');
  const [wholesale, setWholesale] = useState(initial.is_wholesale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<RuleInputHandle>(null);
  const dirty = title !== initial.title || description !== (initial.description ?? '') || wholesale !== initial.is_wholesale;

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(titleRef.current?.validate() ?? true)) {
      titleRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ title: title.trim(), description: description.trim() || null, is_wholesale: wholesale });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="customer-type-form">
      <Stack gap="sm">
        <RuleTextInput
          ref={titleRef}
          label="Tên nhóm khách hàng"
          placeholder="VD: Nhà thuốc bán lẻ"
          value={title}
          onChange={setTitle}
          rules={[required(TYPE_TITLE_REQUIRED), maxLength(120, 'Tên nhóm không được dài quá 120 ký tự')]}
          error={errors.title}
          data-autofocus
          data-testid="type-title"
        />
        <NoteField label="Mô tả" value={description} onChange={setDescription} maxLength={500} error={errors.description} />
        <Checkbox
          label="Khách sỉ"
          description="Khách hàng trong nhóm được mua theo giá bán sỉ"
          checked={wholesale}
          onChange={(event) => setWholesale(event.currentTarget.checked)}
          data-testid="type-wholesale"
        />
        <DialogActions
          onCancel={onCancel}
          cancelLabel="Hủy"
          label={submitLabel}
          busy={saving}
          disabled={disabled}
          testId="type-save"
          gap="sm"
        />
      </Stack>
    </form>
  );
}
