/**
 * Small editors of a cart line: the quantity stepper and the line discount (percent or đồng). Each
 * hands the cart exactly what its field shows, valid or not, so the total and "Gửi đơn" follow the
 * field and never a value the person can no longer see; what is wrong with it comes back
 * as `error` from the shared rule (contract/orders-lines.ts) and stops the order from being sent.
 */
import { ActionIcon, Group, SegmentedControl } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '@contract/orders-lines';
import type { LineDiscount } from '@contract/orders-totals';
import { NumericInput } from '@/ui/numeric-input';
import classes from './cart-line-editors.module.css';

/** The most one line may order (contract/orders-lines.ts). */
const MAX_QUANTITY = MAX_LINE_QUANTITY;

/**
 * Text typed into a box that also follows its number when it changes elsewhere (+/−, a scan). The
 * text stays as typed while it means the same number ('' and '0' both mean nothing typed).
 */
function useEditedText(value: number): [string, (text: string) => void] {
  const [text, setText] = useState(value ? String(value) : '');
  if (Number.isFinite(value) && Number(text || '0') !== value) setText(value ? String(value) : '');
  return [text, setText];
}

export function QuantityStepper({
  value,
  onChange,
  disabled,
  label,
  error,
}: {
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  label: string;
  /** What is wrong with the quantity as typed (contract/orders-lines.ts quantityProblem). */
  error?: string | null;
}) {
  const [text, setText] = useEditedText(value);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-testid="quantity-stepper">
      <ActionIcon
        variant="default"
        size={45}
        aria-label={`Giảm số lượng ${label}`}
        onClick={() => onChange(Math.max(1, Math.min(MAX_QUANTITY, value - 1)))}
        disabled={disabled || value <= 1}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <NumericInput
        aria-label={`Số lượng ${label}`}
        value={text}
        w={64}
        className={classes.quantity}
        disabled={disabled}
        error={error ?? undefined}
        onChange={(digits) => {
          setText(digits);
          // An empty box or 0 is kept as 0: the field says "Số lượng tối thiểu là 1" and the order waits.
          onChange(Number(digits || '0'));
        }}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="quantity-input"
      />
      <ActionIcon
        variant="default"
        size={45}
        aria-label={`Tăng số lượng ${label}`}
        onClick={() => onChange(Math.min(MAX_QUANTITY, Math.max(0, value) + 1))}
        disabled={disabled || value >= MAX_QUANTITY}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}

export function DiscountEditor({
  value,
  onChange,
  disabled,
  label,
  error,
}: {
  value: LineDiscount | null;
  onChange: (discount: LineDiscount | null) => void;
  disabled?: boolean;
  label: string;
  /** What is wrong with the discount as typed (contract/orders-lines.ts discountProblem). */
  error?: string | null;
}) {
  const [kind, setKind] = useState<LineDiscount['kind']>(value?.kind ?? 'percent');
  const shownKind = value?.kind ?? kind;
  const [text, setText] = useEditedText(value?.value ?? 0);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="discount-editor">
      <SegmentedControl
        size="sm"
        value={shownKind}
        disabled={disabled}
        aria-label={`Kiểu chiết khấu ${label}`}
        data={[
          { value: 'percent', label: '%' },
          { value: 'amount', label: '₫' },
        ]}
        onChange={(next) => {
          const nextKind = next as LineDiscount['kind'];
          setKind(nextKind);
          // The number stays as typed and now means the new kind; if it no longer fits (150 %), the
          // field says so rather than the number being dropped.
          if (value && value.value > 0) onChange({ kind: nextKind, value: value.value });
        }}
      />
      <NumericInput
        aria-label={`Chiết khấu ${label}`}
        placeholder={shownKind === 'percent' ? '0 %' : '0 ₫'}
        value={text}
        w={110}
        disabled={disabled}
        error={error ?? undefined}
        onChange={(digits) => {
          setText(digits);
          const amount = Number(digits || '0');
          onChange(amount === 0 ? null : { kind: shownKind, value: amount });
        }}
        data-testid="discount-input"
      />
    </Group>
  );
}
