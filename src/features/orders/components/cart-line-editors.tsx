/** Small editors of a cart line: the quantity stepper and the line discount (percent or đồng). */
import { ActionIcon, Group, SegmentedControl } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { LineDiscount } from '@contract/orders-totals';
import { NumericInput } from '@/ui/numeric-input';
import classes from './cart-line-editors.module.css';

/** The most one line may order (contract/orders.ts OrderLineInputSchema). */
export const MAX_QUANTITY = 1_000_000;

/** Text typed into a box that also follows its value when it changes elsewhere (+/−, a scan). */
function useEditedText(value: string): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return [text, setText];
}

export function QuantityStepper({
  value,
  onChange,
  disabled,
  label,
}: {
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  label: string;
}) {
  const [text, setText] = useEditedText(String(value));
  return (
    <Group gap={4} wrap="nowrap" data-testid="quantity-stepper">
      <ActionIcon
        variant="default"
        size={45}
        aria-label={`Giảm số lượng ${label}`}
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={disabled || value <= 1}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <NumericInput
        aria-label={`Số lượng ${label}`}
        value={text}
        max={MAX_QUANTITY}
        w={64}
        className={classes.quantity}
        disabled={disabled}
        onChange={(digits) => {
          setText(digits);
          const quantity = Number(digits);
          if (digits !== '' && quantity >= 1 && quantity <= MAX_QUANTITY) onChange(quantity);
        }}
        onBlur={() => setText(String(value))}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="quantity-input"
      />
      <ActionIcon
        variant="default"
        size={45}
        aria-label={`Tăng số lượng ${label}`}
        onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
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
}: {
  value: LineDiscount | null;
  onChange: (discount: LineDiscount | null) => void;
  disabled?: boolean;
  label: string;
}) {
  const [kind, setKind] = useState<LineDiscount['kind']>(value?.kind ?? 'percent');
  const shownKind = value?.kind ?? kind;
  const [text, setText] = useEditedText(value && value.value > 0 ? String(value.value) : '');
  const max = shownKind === 'percent' ? 100 : undefined;
  return (
    <Group gap={6} wrap="nowrap" data-testid="discount-editor">
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
          // The number typed keeps its meaning only if it still fits the new kind.
          if (value && value.value > 0) {
            if (nextKind === 'percent' && value.value > 100) onChange(null);
            else onChange({ kind: nextKind, value: value.value });
          }
        }}
      />
      <NumericInput
        aria-label={`Chiết khấu ${label}`}
        placeholder={shownKind === 'percent' ? '0 %' : '0 ₫'}
        value={text}
        max={max}
        w={110}
        disabled={disabled}
        onChange={(digits) => {
          setText(digits);
          const amount = Number(digits);
          if (digits === '' || amount === 0) onChange(null);
          else if (max === undefined || amount <= max) onChange({ kind: shownKind, value: amount });
        }}
        data-testid="discount-input"
      />
    </Group>
  );
}
