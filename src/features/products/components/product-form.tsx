/**
 * Creating and editing a product (online only: catalogue editing is office work; offline the page
 * says so and saving is off). All fields of ProductInputSchema; variants with their units editor;
 * images once the product exists; "Ngừng kinh doanh" for members whose role may delete products
 * (the page itself asks products/create or, for an existing product, products/edit). The values
 * are checked with the contract's schema before sending, and the server's field errors land on
 * the same inputs.
 */
import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCloudOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ProductImage, ProductRecord } from '@contract/products';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { NoteField } from '@/ui/note-field';
import { useSelectOptions } from '../api/catalogue-options';
import { useProductWrites, writeErrorMessage } from '../api/product-writes';
import { MedicineBadge } from './product-results';
import {
  checkProductForm,
  emptyVariant,
  sortUnits,
  VAT_OPTIONS,
  type FieldErrors,
  type ProductFormValues,
  type VariantValues,
} from '../model/product-form';
import { ProductImages } from './product-images';
import { UnitsEditor } from './units-editor';
import { ParcelFields } from './parcel-fields';
import { toastedWrite } from '@/ui/toasted-write';
import { submitWith } from '@/ui/submit-with';

export const CATALOGUE_NEEDS_CONNECTION = 'Không có kết nối mạng. Thêm và sửa sản phẩm cần kết nối với máy chủ; hãy thử lại khi có mạng.';

type Props = {
  db: AppDb;
  companyId: number;
  initial: ProductFormValues;
  /** The product being edited (null: a new one). */
  record: ProductRecord | null;
  wholesale: boolean;
  isMobile: boolean;
  onSaved: (record: ProductRecord, created: boolean) => void;
  onCancel: () => void;
};

type TextField = 'code' | 'name' | 'active_ingredient' | 'strength' | 'registration_number' | 'manufacturer' | 'country';

export function ProductForm({ db, companyId, initial, record, wholesale, isMobile, onSaved, onCancel }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [images, setImages] = useState<ProductImage[]>(record?.images ?? []);
  const { online } = useSyncStatus();
  const canDelete = useCan('products', 'delete');
  const writes = useProductWrites(db, companyId);
  const brands = useSelectOptions(db, companyId, 'brand');
  const categories = useSelectOptions(db, companyId, 'category');
  const groups = useSelectOptions(db, companyId, 'group');
  const units = useSelectOptions(db, companyId, 'unit');
  const unitNames = useMemo(() => (units.data ?? []).map((option) => option.label), [units.data]);
  const disabled = saving || !online;

  const set = (patch: Partial<ProductFormValues>, clear: string[] = Object.keys(patch)) => {
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

  const text = (field: TextField, label: string, required = false, placeholder?: string) => (
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

  return (
    <form onSubmit={submitWith(submit)} noValidate data-testid="product-form">
      <Stack gap="md" maw={1100}>
        {!online && (
          <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="product-form-offline">
            {CATALOGUE_NEEDS_CONNECTION}
          </Alert>
        )}
        <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={4} data-testid="product-form-heading">
                {record ? `Sửa sản phẩm ${record.code}` : 'Sản phẩm mới'}
              </Title>
              {record?.is_medicine && <MedicineBadge />}
            </Group>
            <SimpleGrid cols={isMobile ? 1 : 3} spacing="sm">
              {text('name', 'Tên sản phẩm', true, 'VD: Hapacol 250')}
              {text('code', 'Mã sản phẩm', false, 'Để trống để tạo tự động')}
              {text('registration_number', 'Số đăng ký', false, 'VD: VD-12345-20')}
              {text('active_ingredient', 'Hoạt chất', false, 'VD: Paracetamol')}
              {text('strength', 'Hàm lượng', false, 'VD: 500 mg')}
              {text('manufacturer', 'Nhà sản xuất')}
              {text('country', 'Nước sản xuất')}
              <Select
                label="Thương hiệu"
                placeholder="Chọn thương hiệu"
                data={brands.data ?? []}
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
                data={categories.data ?? []}
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
                data={groups.data ?? []}
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
            <Card key={variant.key} withBorder radius="md" padding={isMobile ? 'sm' : 'md'} data-testid="variant-card">
              <Stack gap="sm">
                <Group gap="sm" align="flex-end" wrap={isMobile ? 'wrap' : 'nowrap'}>
                  <TextInput
                    label="Tên biến thể"
                    placeholder={values.variants.length > 1 ? 'VD: Vị cam' : 'Để trống nếu chỉ có một loại'}
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
                  {values.variants.length > 1 && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => set({ variants: values.variants.filter((_, i) => i !== index) }, ['variants'])}
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
          ))}
        </Stack>

        {record && (
          <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
            <Stack gap="sm">
              <Title order={4}>Ảnh sản phẩm</Title>
              <ProductImages productId={record.id} images={images} onImages={setImages} writes={writes} disabled={!online} />
            </Stack>
          </Card>
        )}
        {!record && (
          <Text size="sm" c="dimmed">
            Ảnh sản phẩm thêm được sau khi lưu.
          </Text>
        )}

        <Group justify={record && !isMobile ? 'space-between' : 'flex-end'} gap="sm">
          {record && record.is_active && canDelete && (
            <Button variant="subtle" color="red" onClick={() => void deactivate()} disabled={disabled}>
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
      </Stack>
    </form>
  );
}
