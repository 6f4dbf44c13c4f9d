/**
 * A programme's scope on the form: which goods (variants picked from the device's catalogue or read
 * from an Excel sheet of SKUs, categories, brands; all empty: every product) and which customers
 * (groups, levels, regions; all empty: every customer). Medicines among the goods are promoted only
 * to licensed drug businesses, which the form says once it holds one.
 */
import { ActionIcon, Badge, Button, Card, Group, MultiSelect, ScrollArea, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { appDb } from '@/db/app-db';
import { useScopeOptions, useScopeVariantsById, type Option } from '@/features/promotions/api/scope-options';
import type { FieldErrors, PromotionFormValues } from '@/features/promotions/model/promotion-form';
import { LinesImportDialog } from './lines-import-dialog';
import { VariantAdder } from './variant-pickers';

type IdField = 'category_ids' | 'brand_ids' | 'customer_type_ids' | 'level_ids' | 'region_ids';

type Props = {
  companyId: number;
  values: PromotionFormValues;
  errors: FieldErrors;
  set: (patch: Partial<PromotionFormValues>, touched?: string[]) => void;
  /** Adds variants to the goods (those already there stay), from the values current when called. */
  addVariants: (ids: readonly number[]) => void;
  canImport: boolean;
  disabled?: boolean;
  isMobile: boolean;
};

function IdsSelect({
  label,
  field,
  data,
  placeholder,
  values,
  errors,
  set,
  disabled,
}: Pick<Props, 'values' | 'errors' | 'set' | 'disabled'> & { label: string; field: IdField; data: Option[]; placeholder: string }) {
  const chosen = values[field].map(String);
  // A chosen id the list does not hold (another role's list, a deleted row) still shows.
  const options = [
    ...data,
    ...chosen.filter((id) => !data.some((option) => option.value === id)).map((id) => ({ value: id, label: `#${id}` })),
  ];
  return (
    <MultiSelect
      label={label}
      placeholder={chosen.length ? undefined : placeholder}
      data={options}
      value={chosen}
      onChange={(next) => set({ [field]: next.map(Number) } as Partial<PromotionFormValues>, [field])}
      searchable
      clearable
      nothingFoundMessage="Không có lựa chọn phù hợp"
      error={errors[field]}
      disabled={disabled}
      data-testid={`scope-${field.replace('_ids', '').replace('_', '-')}`}
    />
  );
}

export function ScopeFields({ companyId, values, errors, set, addVariants, canImport, disabled, isMobile }: Props) {
  const options = useScopeOptions(appDb(), companyId);
  const known = useScopeVariantsById(appDb(), companyId, values.variant_ids);
  const [importing, setImporting] = useState(false);
  const medicines = values.variant_ids.filter((id) => known?.get(id)?.isMedicine).length;
  const removeVariant = (id: number) => set({ variant_ids: values.variant_ids.filter((other) => other !== id) }, ['variant_ids']);
  const common = { values, errors, set, disabled };

  return (
    <>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={5}>Sản phẩm áp dụng</Title>
          <Text size="xs" c="dimmed">
            Chọn sản phẩm, danh mục hoặc thương hiệu; để trống cả ba thì áp dụng cho mọi sản phẩm.
          </Text>
          <Group gap="sm" align="flex-end" wrap={isMobile ? 'wrap' : 'nowrap'}>
            <div style={{ flex: 1, minWidth: 220 }}>
              <VariantAdder
                companyId={companyId}
                label="Sản phẩm"
                chosen={values.variant_ids}
                onAdd={(variant) => addVariants([variant.id])}
                error={errors.variant_ids}
                disabled={disabled}
                data-testid="scope-variant-add"
              />
            </div>
            {canImport && (
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} />}
                onClick={() => setImporting(true)}
                disabled={disabled}
                data-testid="scope-import"
              >
                Nhập từ Excel
              </Button>
            )}
          </Group>
          {values.variant_ids.length > 0 && (
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" data-testid="scope-variant-count">
                  Đã chọn {values.variant_ids.length} sản phẩm
                  {medicines > 0 && (
                    <Badge ml="xs" size="sm" variant="light" color="grape" tt="none">
                      {medicines} thuốc: chỉ áp dụng cho cơ sở kinh doanh dược
                    </Badge>
                  )}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-xs"
                  onClick={() => set({ variant_ids: [] }, ['variant_ids'])}
                  disabled={disabled}
                >
                  Bỏ chọn tất cả
                </Button>
              </Group>
              <ScrollArea.Autosize mah={240}>
                <Stack gap={2} data-testid="scope-variants">
                  {values.variant_ids.map((id) => {
                    const variant = known?.get(id);
                    return (
                      <Group key={id} justify="space-between" wrap="nowrap" gap="xs" data-testid="scope-variant" data-id={id}>
                        <Text size="sm" lineClamp={1}>
                          {variant ? variant.name : `Sản phẩm #${id}`}
                          <Text span size="xs" c="dimmed">
                            {variant ? ` · ${variant.sku}` : ''}
                          </Text>
                        </Text>
                        <Tooltip label="Bỏ khỏi chương trình">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="sm"
                            aria-label={`Bỏ ${variant?.name ?? `sản phẩm #${id}`}`}
                            onClick={() => removeVariant(id)}
                            disabled={disabled}
                            data-testid="scope-variant-remove"
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    );
                  })}
                </Stack>
              </ScrollArea.Autosize>
            </Stack>
          )}
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="sm">
            <IdsSelect {...common} label="Danh mục" field="category_ids" data={options.categories} placeholder="Mọi danh mục" />
            <IdsSelect {...common} label="Thương hiệu" field="brand_ids" data={options.brands} placeholder="Mọi thương hiệu" />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={5}>Khách hàng áp dụng</Title>
          <Text size="xs" c="dimmed">
            Để trống thì áp dụng cho mọi khách hàng. Thuốc chỉ được khuyến mại cho khách có giấy phép kinh doanh dược.
          </Text>
          <SimpleGrid cols={isMobile ? 1 : 3} spacing="sm">
            <IdsSelect {...common} label="Nhóm khách hàng" field="customer_type_ids" data={options.customerTypes} placeholder="Mọi nhóm" />
            <IdsSelect {...common} label="Cấp độ" field="level_ids" data={options.levels} placeholder="Mọi cấp độ" />
            <IdsSelect {...common} label="Khu vực" field="region_ids" data={options.regions} placeholder="Mọi khu vực" />
          </SimpleGrid>
        </Stack>
      </Card>
      {canImport && (
        <LinesImportDialog
          companyId={companyId}
          opened={importing}
          onClose={() => setImporting(false)}
          chosen={values.variant_ids}
          onFound={addVariants}
        />
      )}
    </>
  );
}
