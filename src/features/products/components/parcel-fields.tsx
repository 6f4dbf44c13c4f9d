/**
 * A variant's weight and size for carriers (docs/delivery.md "Parcels"): one base unit, in grams
 * and centimetres, all optional. The delivery screens propose an order's parcel from them.
 */
import { SimpleGrid } from '@mantine/core';
import { StrictNumberInput } from '@/ui/strict-number-input';
import type { ParcelValues } from '../model/product-form';

const FIELDS: { name: keyof ParcelValues; label: string; max: number }[] = [
  { name: 'weight_grams', label: 'Khối lượng 1 đơn vị cơ bản (g)', max: 1_000_000 },
  { name: 'length_cm', label: 'Dài (cm)', max: 300 },
  { name: 'width_cm', label: 'Rộng (cm)', max: 300 },
  { name: 'height_cm', label: 'Cao (cm)', max: 300 },
];

type Props = {
  values: ParcelValues;
  onChange: (next: ParcelValues) => void;
  errors: Record<string, string>;
  path: string;
  disabled: boolean;
};

export function ParcelFields({ values, onChange, errors, path, disabled }: Props) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {FIELDS.map(({ name, label, max }) => (
        <StrictNumberInput
          key={name}
          label={label}
          placeholder="Không bắt buộc"
          value={values[name]}
          onChange={(next) => onChange({ ...values, [name]: next === '' ? '' : String(next) })}
          allowDecimal={false}
          min={1}
          max={max}
          error={errors[`${path}.${name}`]}
          disabled={disabled}
          data-testid={`variant-${name}`}
        />
      ))}
    </SimpleGrid>
  );
}
