/**
 * Creating and editing a product (online only: catalogue editing is office work; offline the page
 * says so and saving is off). All fields of ProductInputSchema; variants with their units editor;
 * images once the product exists; "Ngừng kinh doanh" for members whose role may delete products
 * (the page itself asks products/create or, for an existing product, products/edit). A medicine
 * has its "Thông tin thuốc" (drug-fields.tsx). The values
 * are checked with the contract's schema before sending, and the server's field errors land on
 * the same inputs.
 */
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ProductRecord } from '@contract/products';
import type { AppDb } from '@/db/app-db';
import type { ProductFormValues } from '../model/product-form';
import { DrugFields } from './drug-fields';
import { ProductImages } from './product-images';
import { submitWith } from '@/ui/submit-with';
import { ProductFormFooter, ProductMainCard, VariantsSection } from './product-form-sections';
import { useProductForm } from './use-product-form';

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

export function ProductForm({ db, companyId, initial, record, wholesale, isMobile, onSaved, onCancel }: Props) {
  const form = useProductForm({ db, companyId, initial, record, onSaved });
  const { values, errors, set, disabled, online } = form;

  return (
    <form onSubmit={submitWith(form.submit)} noValidate data-testid="product-form">
      <Stack gap="md" maw={1100}>
        {!online && (
          <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="product-form-offline">
            {CATALOGUE_NEEDS_CONNECTION}
          </Alert>
        )}
        <ProductMainCard
          record={record}
          isMobile={isMobile}
          options={form.options}
          values={values}
          errors={errors}
          set={set}
          disabled={disabled}
        />

        {values.is_medicine && <DrugFields values={values} errors={errors} set={set} disabled={disabled} isMobile={isMobile} />}

        <VariantsSection
          values={values}
          errors={errors}
          set={set}
          disabled={disabled}
          setVariant={form.setVariant}
          unitNames={form.unitNames}
          wholesale={wholesale}
          isMobile={isMobile}
        />

        {record && (
          <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
            <Stack gap="sm">
              <Title order={4}>Ảnh sản phẩm</Title>
              <ProductImages productId={record.id} images={form.images} onImages={form.setImages} writes={form.writes} disabled={!online} />
            </Stack>
          </Card>
        )}
        {!record && (
          <Text size="sm" c="dimmed">
            Ảnh sản phẩm thêm được sau khi lưu.
          </Text>
        )}

        <ProductFormFooter
          record={record}
          isMobile={isMobile}
          canDelete={form.canDelete}
          saving={form.saving}
          online={online}
          disabled={disabled}
          onDeactivate={() => void form.deactivate()}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
