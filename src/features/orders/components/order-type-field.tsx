/**
 * The order type on the order screen (contract/orders-types.ts): the types this person may use, read
 * from the device so it works offline; the cart keeps the choice, and an unset choice shows (and
 * sends) their default. Nothing to choose when the company has no types on the device yet: the
 * server gives the order its default type.
 */
import { Select } from '@mantine/core';
import type { LocalOrderType } from '@/db/app-db';

export type OrderTypeFieldProps = {
  types: LocalOrderType[];
  /** The cart's choice; null: the default (the first of `types`). */
  value: number | null;
  onChange: (typeId: number) => void;
  disabled?: boolean;
};

/** The type the cart's choice means: the chosen one while it is still usable, else the default. */
export function effectiveOrderType(types: readonly LocalOrderType[], chosen: number | null | undefined): LocalOrderType | null {
  return types.find((type) => type.id === chosen) ?? types[0] ?? null;
}

export function OrderTypeField({ types, value, onChange, disabled }: OrderTypeFieldProps) {
  const current = effectiveOrderType(types, value);
  if (!current) return null;
  return (
    <Select
      label="Loại đơn hàng"
      data={types.map((type) => ({ value: String(type.id), label: type.wholesale ? `${type.name} (giá sỉ)` : type.name }))}
      value={String(current.id)}
      onChange={(picked) => picked && onChange(Number(picked))}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-testid="order-type"
    />
  );
}
