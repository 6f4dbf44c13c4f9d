/**
 * "Giá áp dụng": a customer and a variant (both from the device, as the cart has them) and the
 * price the cart will charge, from the one pricing function the server and the cart share
 * (contract/price-policy.ts effectivePrice), with where it comes from.
 */
import { Badge, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { effectivePrice, vietnamDay, type PricingFeatures } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { useCustomerSearch } from '@/db/live-lookups';
import { MoneyText } from '@/ui/money-text';
import { CustomerSelectField } from '@/ui/customer-picker';
import { useSelectSearch } from '@/ui/searched-select';
import { useGroupsAndLevels, useMirroredPolicies } from '../api/price-policy-api';
import { VariantPicker } from './variant-picker';

const SOURCE_LABELS = { retail: 'Giá bán lẻ', wholesale: 'Giá bán sỉ', policy: 'Chính sách giá' } as const;

type CustomerFieldProps = { db: AppDb; companyId: number; value: LocalCustomer | null; onChange: (customer: LocalCustomer | null) => void };

/** The device's customers as the shared select lists them (src/ui/customer-picker.tsx). */
function CustomerField({ db, companyId, value, onChange }: CustomerFieldProps) {
  const search = useSelectSearch();
  const found = useCustomerSearch(db, companyId, search.debounced);
  return (
    <CustomerSelectField
      placeholder="Gõ tên, mã hoặc số điện thoại…"
      clearable
      search={search}
      found={found}
      chosen={value}
      value={value?.id ?? null}
      onPick={onChange}
      hint="Gõ để tìm khách hàng"
      data-testid="preview-customer"
    />
  );
}

export function PricePreview({ db, companyId, features }: { db: AppDb; companyId: number; features: PricingFeatures }) {
  const [customer, setCustomer] = useState<LocalCustomer | null>(null);
  const [variant, setVariant] = useState<VariantRecord | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  const policies = useMirroredPolicies(db, companyId);
  const { types, typeName, levelName } = useGroupsAndLevels(db, companyId);
  const chosenUnit =
    variant && unit && variant.units.some((candidate) => candidate.unit === unit) ? unit : (variant?.units[0]?.unit ?? null);

  const result =
    customer && variant && chosenUnit && policies
      ? effectivePrice({
          variantId: variant.id,
          units: variant.units,
          unit: chosenUnit,
          customer: {
            customer_type_id: customer.customer_type_id,
            level_id: customer.level_id,
            wholesale: types.find((type) => type.id === customer.customer_type_id)?.is_wholesale ?? false,
          },
          policies,
          features,
          day: vietnamDay(),
        })
      : null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="price-preview">
      <Stack gap="sm">
        <Title order={4}>Giá áp dụng</Title>
        <Text size="sm" c="dimmed">
          Xem giá một sản phẩm sẽ được tính cho một khách hàng hôm nay, đúng như giỏ hàng tính (theo dữ liệu đã đồng bộ về máy).
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <CustomerField db={db} companyId={companyId} value={customer} onChange={setCustomer} />
          <VariantPicker
            db={db}
            companyId={companyId}
            value={variant}
            onChange={setVariant}
            label="Sản phẩm"
            data-testid="preview-variant"
          />
          <Select
            label="Đơn vị"
            data={variant?.units.map((candidate) => candidate.unit) ?? []}
            value={chosenUnit}
            onChange={setUnit}
            allowDeselect={false}
            disabled={!variant}
            data-testid="preview-unit"
          />
        </SimpleGrid>
        {customer && (
          <Text size="xs" c="dimmed">
            Nhóm: {typeName(customer.customer_type_id) ?? 'không có'} · Cấp độ: {levelName(customer.level_id) ?? 'không có'}
          </Text>
        )}
        {result && (
          <Group gap="md" align="center" data-testid="preview-result">
            <MoneyText value={result.price} size="xl" fw={700} data-testid="preview-price" />
            {result.price !== result.listPrice && (
              <Text size="sm" c="dimmed" td="line-through">
                <MoneyText value={result.listPrice} size="sm" />
              </Text>
            )}
            <Badge
              variant="light"
              color={result.source === 'policy' ? 'grape' : result.source === 'wholesale' ? 'blue' : 'gray'}
              tt="none"
              data-testid="preview-source"
            >
              {result.source === 'policy' ? `${SOURCE_LABELS.policy}: ${result.policyTitle}` : SOURCE_LABELS[result.source]}
            </Badge>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
