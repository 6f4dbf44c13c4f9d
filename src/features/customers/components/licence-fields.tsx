/**
 * The licence papers' fields (docs/pharma.md "The customer's papers"), one set for the "Sửa giấy phép" dialog and the
 * office customer form: licence number, issuer and date, controlled-drug scope, GPP/GDP number and
 * expiry, the national outlet code. Days through the shared DayField (DD/MM/YYYY typed or picked).
 */
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { GPP_YEARS } from '@contract/pharma';
import { DayField } from '@/ui/day-field';
import type { LicenceFormValues } from '../model/licence-form';

export type LicenceFieldsProps = {
  values: LicenceFormValues;
  errors: Record<string, string | undefined>;
  set: <K extends keyof LicenceFormValues>(key: K, value: LicenceFormValues[K]) => void;
  disabled?: boolean;
};

type TextKey = 'licence_number' | 'licence_issuer' | 'gpp_number' | 'outlet_code';

export function LicenceFields({ values, errors, set, disabled }: LicenceFieldsProps) {
  const text = (key: TextKey, label: string, maxLength: number, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={values[key]}
      maxLength={maxLength}
      error={errors[key]}
      disabled={disabled}
      onChange={(event) => set(key, event.currentTarget.value)}
      data-testid={`licence-${key.replace(/_/g, '-')}`}
    />
  );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('licence_number', 'Số giấy chứng nhận đủ điều kiện kinh doanh dược', 60, 'VD: 1234/ĐKKDD-HCM')}
        {text('licence_issuer', 'Nơi cấp', 200, 'VD: Sở Y tế TP. Hồ Chí Minh')}
        <DayField
          label="Ngày cấp"
          value={values.licence_date}
          onChange={(day) => set('licence_date', day)}
          error={errors.licence_date}
          clearable
          disabled={disabled}
          data-testid="licence-date"
        />
        {text('outlet_code', 'Mã cơ sở (CSDL dược quốc gia)', 40)}
        {text('gpp_number', 'Số giấy chứng nhận GPP/GDP', 60)}
        <DayField
          label="Ngày hết hạn GPP/GDP"
          value={values.gpp_expiry}
          onChange={(day) => set('gpp_expiry', day)}
          error={errors.gpp_expiry}
          clearable
          disabled={disabled}
          data-testid="licence-gpp-expiry"
        />
      </SimpleGrid>
      <Checkbox
        label="Được kinh doanh thuốc phải kiểm soát đặc biệt và thuốc hạn chế bán lẻ"
        description={`Theo phạm vi ghi trên giấy chứng nhận. Giấy chứng nhận GPP có hiệu lực ${GPP_YEARS} năm kể từ ngày cấp.`}
        checked={values.controlled_scope}
        disabled={disabled}
        onChange={(event) => set('controlled_scope', event.currentTarget.checked)}
        data-testid="licence-controlled-scope"
      />
    </Stack>
  );
}
