/**
 * "Thông tin thuốc" of the product form (docs/pharma.md "The drug master"), shown while "Là thuốc" is on: the
 * registration number and its expiry, prescription and essential-list flags, controlled class,
 * storage condition and the national drug code. Off, the values stay in the form as they were, so
 * switching "Là thuốc" back on does not lose them.
 */
import { Card, Group, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import {
  CONTROLLED_CLASS_LABELS,
  CONTROLLED_CLASSES,
  STORAGE_CONDITIONS,
  STORAGE_LABELS,
  type ControlledClass,
  type StorageCondition,
} from '@contract/pharma';
import { DayField } from '@/ui/day-field';
import type { FieldErrors, ProductFormValues } from '../model/product-form';
import { RegistrationBadge } from './drug-badges';
import type { SetProduct } from './use-product-form';

const CLASS_OPTIONS = CONTROLLED_CLASSES.map((value) => ({ value, label: CONTROLLED_CLASS_LABELS[value] }));
const STORAGE_OPTIONS = STORAGE_CONDITIONS.map((value) => ({ value, label: STORAGE_LABELS[value] }));

type Props = { values: ProductFormValues; errors: FieldErrors; set: SetProduct; disabled: boolean; isMobile: boolean };

export function DrugFields({ values, errors, set, disabled, isMobile }: Props) {
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'} data-testid="product-drug-section">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={4}>Thông tin thuốc</Title>
          <RegistrationBadge drug={values} />
        </Group>
        <SimpleGrid cols={isMobile ? 1 : 3} spacing="sm">
          <TextInput
            label="Số đăng ký"
            placeholder="VD: VD-12345-20"
            value={values.registration_number}
            onChange={(event) => set({ registration_number: event.currentTarget.value })}
            error={errors.registration_number}
            disabled={disabled}
            data-testid="product-registration_number"
          />
          <DayField
            label="Ngày hết hạn số đăng ký"
            value={values.registration_expiry}
            onChange={(day) => set({ registration_expiry: day })}
            error={errors.registration_expiry}
            clearable
            disabled={disabled}
            data-testid="product-registration-expiry"
          />
          <TextInput
            label="Mã thuốc quốc gia"
            value={values.national_code}
            onChange={(event) => set({ national_code: event.currentTarget.value })}
            error={errors.national_code}
            disabled={disabled}
            data-testid="product-national-code"
          />
          <Select
            label="Nhóm kiểm soát"
            data={CLASS_OPTIONS}
            value={values.controlled_class}
            onChange={(value) => value && set({ controlled_class: value as ControlledClass })}
            error={errors.controlled_class}
            allowDeselect={false}
            disabled={disabled}
            data-testid="product-controlled-class"
          />
          <Select
            label="Điều kiện bảo quản"
            data={STORAGE_OPTIONS}
            value={values.storage}
            onChange={(value) => value && set({ storage: value as StorageCondition })}
            error={errors.storage}
            allowDeselect={false}
            disabled={disabled}
            data-testid="product-storage"
          />
        </SimpleGrid>
        <Group gap="xl">
          <Switch
            label="Thuốc kê đơn"
            checked={values.prescription}
            onChange={(event) => set({ prescription: event.currentTarget.checked })}
            error={errors.prescription}
            disabled={disabled}
            data-testid="product-prescription"
          />
          <Switch
            label="Thuộc danh mục thuốc thiết yếu"
            checked={values.essential}
            onChange={(event) => set({ essential: event.currentTarget.checked })}
            error={errors.essential}
            disabled={disabled}
            data-testid="product-essential"
          />
        </Group>
      </Stack>
    </Card>
  );
}
