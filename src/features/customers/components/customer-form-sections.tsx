/**
 * The cards of the customer form (customer-form.tsx): who the customer is, where the shop is, and
 * how the company files it.
 */
import { Button, Card, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation, IconMapPin, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CUSTOMER_STATUS_LABELS, CUSTOMER_STATUSES, type CustomerStatus } from '@contract/customers';
import { RuleTextInput } from '@/ui/rule-text-input';
import { mapLink } from '@/lib/map-link';
import { drugBusinessOf } from '../model/customer-form';
import type { LicenceFormValues } from '../model/licence-form';
import { LicenceFields } from './licence-fields';
import type { AddressInputProps } from './customer-form';
import type { CustomerFormState } from './use-customer-form';

export function CustomerInfoCard({ form }: { form: CustomerFormState }) {
  const { values, set, serverErrors, textProps, nameRef, codeRef, phoneRef, taxCodeRef, ownerRef } = form;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Thông tin khách hàng</Title>
        <RuleTextInput
          label="Tên khách hàng"
          placeholder="VD: Nhà thuốc Minh Châu"
          ref={nameRef}
          {...textProps('name')}
          data-testid="field-name"
        />
        <RuleTextInput
          label="Mã khách hàng"
          placeholder="Để trống để hệ thống tự cấp mã"
          ref={codeRef}
          {...textProps('code')}
          data-testid="field-code"
        />
        <Select
          label="Loại hình kinh doanh"
          data={form.kinds}
          value={values.kind}
          onChange={(value) => value && set('kind', value)}
          allowDeselect={false}
          error={serverErrors.kind}
          data-testid="field-kind"
        />
        <Checkbox
          label="Có giấy phép kinh doanh dược"
          description="Chỉ khách có giấy phép (nhà thuốc, quầy thuốc, công ty dược) được khuyến mại thuốc; mặc định theo loại hình kinh doanh"
          checked={drugBusinessOf(values)}
          onChange={(event) => set('drug_business', event.currentTarget.checked)}
          error={serverErrors.drug_business}
          data-testid="field-drug-business"
        />
        <RuleTextInput
          label="Số điện thoại"
          placeholder="VD: 0901234567"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          ref={phoneRef}
          {...textProps('phone')}
          data-testid="field-phone"
        />
        <RuleTextInput
          label="Chủ cửa hàng"
          placeholder="Họ và tên chủ cửa hàng"
          ref={ownerRef}
          {...textProps('owner_name')}
          data-testid="field-owner"
        />
        <RuleTextInput
          label="Mã số thuế"
          placeholder="10 hoặc 13 chữ số"
          inputMode="numeric"
          ref={taxCodeRef}
          {...textProps('tax_code')}
          data-testid="field-tax"
        />
      </Stack>
    </Card>
  );
}

type AddressCardProps = { form: CustomerFormState; renderAddress: (props: AddressInputProps) => ReactNode };

export function CustomerAddressCard({ form, renderAddress }: AddressCardProps) {
  const { values, setValues, set, serverErrors } = form;
  const hasPosition = values.lat !== null && values.lng !== null;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Địa chỉ và vị trí</Title>
        {renderAddress({ value: values.address, onChange: (address) => set('address', address), error: serverErrors.address })}
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconCurrentLocation size={18} />}
            onClick={form.locate}
            loading={form.locating}
            data-testid="locate-button"
          >
            Lấy vị trí hiện tại
          </Button>
          {hasPosition && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text
                size="sm"
                component="a"
                href={mapLink(values.lat!, values.lng!)}
                target="_blank"
                rel="noreferrer"
                data-testid="position"
              >
                {values.lat}, {values.lng}
              </Text>
              <Button
                variant="subtle"
                color="gray"
                size="compact-xs"
                aria-label="Xóa vị trí"
                onClick={() => setValues((current) => ({ ...current, lat: null, lng: null }))}
              >
                <IconX size={14} />
              </Button>
            </Group>
          )}
        </Group>
        {(serverErrors.lat || serverErrors.lng) && (
          <Text size="xs" c="red">
            {serverErrors.lat ?? serverErrors.lng}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function CustomerClassCard({ form, staffLabel }: { form: CustomerFormState; staffLabel: string }) {
  const { values, set, serverErrors } = form;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={5}>Phân loại</Title>
        <Select
          label="Nhóm khách hàng"
          placeholder="Chưa phân nhóm"
          data={form.types.map((type) => ({ value: String(type.id), label: type.title }))}
          value={values.customer_type_id || null}
          onChange={(value) => set('customer_type_id', value ?? '')}
          clearable
          searchable
          nothingFoundMessage="Không có nhóm phù hợp"
          error={serverErrors.customer_type_id}
          data-testid="field-group"
        />
        <Select
          label="Cấp độ"
          placeholder="Chưa có cấp độ"
          data={form.levels.map((level) => ({ value: String(level.id), label: level.title }))}
          value={values.level_id || null}
          onChange={(value) => set('level_id', value ?? '')}
          clearable
          error={serverErrors.level_id}
          data-testid="field-level"
        />
        <Select
          label={`${staffLabel} phụ trách`}
          placeholder="Chọn nhân viên"
          data={form.staffOptions}
          value={values.staff_id || null}
          onChange={(value) => set('staff_id', value ?? '')}
          clearable
          searchable
          nothingFoundMessage="Không tìm thấy nhân viên"
          error={serverErrors.staff_id}
          data-testid="field-staff"
        />
        <Select
          label="Trạng thái"
          data={CUSTOMER_STATUSES.map((status) => ({ value: status, label: CUSTOMER_STATUS_LABELS[status] }))}
          value={values.status}
          onChange={(value) => value && set('status', value as CustomerStatus)}
          allowDeselect={false}
          data-testid="field-status"
        />
      </Stack>
    </Card>
  );
}

/** The licence papers, for kinds that buy medicines (model/licence-form.ts holdsDrugLicence); errors by field name. */
export function CustomerLicenceSection({ form }: { form: CustomerFormState }) {
  const { values, setValues, serverErrors, setServerErrors } = form;
  const set = <K extends keyof LicenceFormValues>(key: K, value: LicenceFormValues[K]) => {
    setValues((current) => ({ ...current, licence: { ...current.licence, [key]: value } }));
    if (serverErrors[key]) setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="customer-form-licence">
      <Stack gap="sm">
        <Title order={5}>Giấy phép kinh doanh dược</Title>
        <LicenceFields values={values.licence} errors={serverErrors} set={set} />
      </Stack>
    </Card>
  );
}
