/**
 * Sections of the product form (product-form.tsx): the product's own fields, its variants with
 * their parcels and units, and the buttons at the bottom.
 */
import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ProductRecord } from '@contract/products';
import { NoteField } from '@/ui/note-field';
import type { PickerOption } from '../api/catalogue-options';
import { emptyVariant, VAT_OPTIONS, type FieldErrors, type ProductFormValues, type VariantValues } from '../model/product-form';
import { RegistrationBadge } from './drug-badges';
import { MedicineBadge } from './product-results';
import { UnitsEditor } from './units-editor';
import { ParcelFields } from './parcel-fields';
import type { SetProduct } from './use-product-form';

type TextField = 'code' | 'name' | 'active_ingredient' | 'strength' | 'registration_number' | 'manufacturer' | 'country';

type FieldsProps = { values: ProductFormValues; errors: FieldErrors; set: SetProduct; disabled: boolean };

type ProductTextProps = Pick<FieldsProps, 'values' | 'errors' | 'set' | 'disabled'> & {
  field: TextField;
  label: string;
  required?: boolean;
  placeholder?: string;
};

function ProductText({ values, errors, set, disabled, field, label, required = false, placeholder }: ProductTextProps) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={values[field]}
      onChange={(event) => set({ [field]: event.currentTarget.value })}
      error={errors[field]}
      withAsterisk={required}
      disabled={disabled}
      data-testid={`product-${field}`}
    />
  );
}

type Options = { brands: PickerOption[]; categories: PickerOption[]; groups: PickerOption[] };

/** The brand, category and group pickers, and the VAT rate. */
function ProductSelects({ values, errors, set, disabled, options }: FieldsProps & { options: Options }) {
  return (
    <>
      <Select
        label="Thương hiệu"
        placeholder="Chọn thương hiệu"
        data={options.brands}
        value={values.brand_id}
        onChange={(value) => set({ brand_id: value })}
        error={errors.brand_id}
        clearable
        searchable
        disabled={disabled}
        nothingFoundMessage="Không có thương hiệu phù hợp"
        data-testid="product-brand"
      />
      <Select
        label="Danh mục"
        placeholder="Chọn danh mục"
        data={options.categories}
        value={values.category_id}
        onChange={(value) => set({ category_id: value })}
        error={errors.category_id}
        clearable
        searchable
        disabled={disabled}
        nothingFoundMessage="Không có danh mục phù hợp"
        data-testid="product-category"
      />
      <Select
        label="Nhóm sản phẩm"
        placeholder="Chọn nhóm"
        data={options.groups}
        value={values.group_id}
        onChange={(value) => set({ group_id: value })}
        error={errors.group_id}
        clearable
        searchable
        disabled={disabled}
        nothingFoundMessage="Không có nhóm phù hợp"
        data-testid="product-group"
      />
      <Select
        label="Thuế suất VAT"
        data={VAT_OPTIONS}
        value={values.vat_rate}
        onChange={(value) => value && set({ vat_rate: value })}
        error={errors.vat_rate}
        allowDeselect={false}
        disabled={disabled}
        data-testid="product-vat"
      />
    </>
  );
}

type MainCardProps = FieldsProps & { record: ProductRecord | null; isMobile: boolean; options: Options };

export function ProductMainCard({ record, isMobile, options, ...fields }: MainCardProps) {
  const { values, errors, set, disabled } = fields;
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={4} data-testid="product-form-heading">
            {record ? `Sửa sản phẩm ${record.code}` : 'Sản phẩm mới'}
          </Title>
          {record?.is_medicine && <MedicineBadge />}
          {record && <RegistrationBadge drug={record} />}
        </Group>
        <SimpleGrid cols={isMobile ? 1 : 3} spacing="sm">
          <ProductText {...fields} field="name" label="Tên sản phẩm" required placeholder="VD: Hapacol 250" />
          <ProductText {...fields} field="code" label="Mã sản phẩm" placeholder="Để trống để tạo tự động" />
          {/* A medicine's registration number sits in "Thông tin thuốc" with its expiry (drug-fields.tsx). */}
          {!values.is_medicine && <ProductText {...fields} field="registration_number" label="Số đăng ký" placeholder="VD: VD-12345-20" />}
          <ProductText {...fields} field="active_ingredient" label="Hoạt chất" placeholder="VD: Paracetamol" />
          <ProductText {...fields} field="strength" label="Hàm lượng" placeholder="VD: 500 mg" />
          <ProductText {...fields} field="manufacturer" label="Nhà sản xuất" />
          <ProductText {...fields} field="country" label="Nước sản xuất" />
          <ProductSelects {...fields} options={options} />
        </SimpleGrid>
        <NoteField
          label="Mô tả"
          value={values.description}
          onChange={(text) => set({ description: text })}
          error={errors.description}
          maxRows={6}
          disabled={disabled}
        />
        <Checkbox
          label="Là thuốc (chỉ khuyến mại cho cơ sở kinh doanh dược)"
          description="Thuốc chỉ được giảm giá hoặc tặng cho nhà thuốc, quầy thuốc, công ty dược có giấy phép (Nghị định 81/2018, Điều 5)"
          checked={values.is_medicine}
          onChange={(event) => set({ is_medicine: event.currentTarget.checked })}
          error={errors.is_medicine}
          disabled={disabled}
          data-testid="product-is-medicine"
        />
        <Switch
          label="Đang kinh doanh"
          checked={values.is_active}
          onChange={(event) => set({ is_active: event.currentTarget.checked })}
          disabled={disabled}
        />
      </Stack>
    </Card>
  );
}

type VariantsProps = FieldsProps & {
  setVariant: (index: number, patch: Partial<VariantValues>) => void;
  unitNames: string[];
  wholesale: boolean;
  isMobile: boolean;
};

export function VariantsSection({ values, errors, set, disabled, ...card }: VariantsProps) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>Biến thể và đơn vị tính</Title>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => set({ variants: [...values.variants, emptyVariant()] }, ['variants'])}
          disabled={disabled || values.variants.length >= 50}
          data-testid="variant-add"
        >
          Thêm biến thể
        </Button>
      </Group>
      {errors.variants && (
        <Text size="sm" c="red">
          {errors.variants}
        </Text>
      )}
      {values.variants.map((variant, index) => (
        <VariantCard
          key={variant.key}
          {...card}
          variant={variant}
          index={index}
          count={values.variants.length}
          errors={errors}
          disabled={disabled}
          onRemove={() => set({ variants: values.variants.filter((_, i) => i !== index) }, ['variants'])}
        />
      ))}
    </Stack>
  );
}

type VariantCardProps = Omit<VariantsProps, 'values' | 'set'> & {
  variant: VariantValues;
  index: number;
  count: number;
  onRemove: () => void;
};

function VariantCard({ variant, index, count, errors, disabled, setVariant, unitNames, wholesale, isMobile, onRemove }: VariantCardProps) {
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'} data-testid="variant-card">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap={isMobile ? 'wrap' : 'nowrap'}>
          <TextInput
            label="Tên biến thể"
            placeholder={count > 1 ? 'VD: Vị cam' : 'Để trống nếu chỉ có một loại'}
            value={variant.name}
            onChange={(event) => setVariant(index, { name: event.currentTarget.value })}
            error={errors[`variants.${index}.name`]}
            disabled={disabled}
            style={{ flex: 2, minWidth: 160 }}
            data-testid="variant-name"
          />
          <TextInput
            label="Mã biến thể"
            placeholder="Tự động"
            value={variant.code}
            onChange={(event) => setVariant(index, { code: event.currentTarget.value })}
            error={errors[`variants.${index}.code`] ?? errors[`variants.${index}.id`]}
            disabled={disabled}
            style={{ flex: 1, minWidth: 120 }}
          />
          <Switch
            label="Đang bán"
            checked={variant.is_active}
            onChange={(event) => setVariant(index, { is_active: event.currentTarget.checked })}
            disabled={disabled}
            mb={8}
          />
          {count > 1 && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} />}
              onClick={onRemove}
              disabled={disabled}
              mb={6}
            >
              Xóa biến thể
            </Button>
          )}
        </Group>
        <ParcelFields
          values={variant.parcel}
          onChange={(parcel) => setVariant(index, { parcel })}
          errors={errors}
          path={`variants.${index}`}
          disabled={disabled}
        />
        <UnitsEditor
          units={variant.units}
          onChange={(next) => setVariant(index, { units: next })}
          path={`variants.${index}.units`}
          errors={errors}
          unitNames={unitNames}
          wholesale={wholesale}
          isMobile={isMobile}
          disabled={disabled}
        />
      </Stack>
    </Card>
  );
}

type FooterProps = {
  record: ProductRecord | null;
  isMobile: boolean;
  canDelete: boolean;
  saving: boolean;
  online: boolean;
  disabled: boolean;
  onDeactivate: () => void;
  onCancel: () => void;
};

/** "Ngừng kinh doanh" (an active product, for a role that may delete), "Hủy" and save. */
export function ProductFormFooter({ record, isMobile, canDelete, saving, online, disabled, onDeactivate, onCancel }: FooterProps) {
  return (
    <Group justify={record && !isMobile ? 'space-between' : 'flex-end'} gap="sm">
      {record && record.is_active && canDelete && (
        <Button variant="subtle" color="red" onClick={onDeactivate} disabled={disabled}>
          Ngừng kinh doanh
        </Button>
      )}
      <Group gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Hủy
        </Button>
        <Button type="submit" loading={saving} disabled={!online} data-testid="product-save">
          {record ? 'Lưu thay đổi' : 'Tạo sản phẩm'}
        </Button>
      </Group>
    </Group>
  );
}
