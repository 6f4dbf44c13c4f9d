/**
 * The sections of the meInvoice settings card (invoice-settings-page.tsx): the account at
 * meInvoice, the template and series, and the seller's details the invoice prints.
 */
import { PasswordInput, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { INVOICE_ENVIRONMENT_LABELS, type InvoiceEnvironment, type InvoiceSettingsRecord } from '@contract/invoices';
import type { InvoiceSettingsForm } from './use-invoice-settings-form';

type SectionProps = {
  form: InvoiceSettingsForm;
  set: (key: keyof InvoiceSettingsForm) => (event: React.ChangeEvent<HTMLInputElement>) => void;
  fields: Record<string, string>;
  disabled: boolean;
};

/** Environment, AppID, the seller's tax code, the account and its password (a blank one keeps it). */
export function AccountSection({
  form,
  setForm,
  set,
  fields,
  disabled,
  environments,
  taxCode,
  current,
}: SectionProps & {
  setForm: (form: InvoiceSettingsForm) => void;
  environments: readonly InvoiceEnvironment[];
  taxCode: string | null;
  current: InvoiceSettingsRecord | null;
}) {
  return (
    <>
      <Title order={5}>Tài khoản meInvoice</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Môi trường"
          data={environments.map((env) => ({ value: env, label: INVOICE_ENVIRONMENT_LABELS[env] }))}
          value={form.environment}
          onChange={(value) => value && setForm({ ...form, environment: value })}
          allowDeselect={false}
          disabled={disabled}
          data-testid="invoice-settings-environment"
        />
        <TextInput
          label="Mã ứng dụng (AppID)"
          description="Do MISA cấp khi đăng ký tích hợp"
          withAsterisk
          value={form.app_id}
          onChange={set('app_id')}
          maxLength={100}
          error={fields.app_id}
          disabled={disabled}
        />
        <TextInput
          label="Mã số thuế người bán"
          withAsterisk
          value={form.tax_code}
          onChange={set('tax_code')}
          maxLength={20}
          error={taxCode ?? fields.tax_code}
          disabled={disabled}
          data-testid="invoice-settings-tax-code"
        />
        <TextInput
          label="Tài khoản meInvoice"
          withAsterisk
          value={form.username}
          onChange={set('username')}
          maxLength={100}
          error={fields.username}
          disabled={disabled}
        />
        <PasswordInput
          label="Mật khẩu"
          withAsterisk={!current}
          placeholder={current?.password_hint ? `Đã lưu (${current.password_hint}), để trống để giữ` : ''}
          value={form.password}
          onChange={set('password')}
          maxLength={200}
          error={fields.password}
          disabled={disabled}
          autoComplete="new-password"
        />
      </SimpleGrid>
    </>
  );
}

/** The template number and the series symbol (TT 78/2021 article 4). */
export function SeriesSection({ form, set, fields, disabled, series }: SectionProps & { series: string | null }) {
  return (
    <>
      <Title order={5} mt="sm">
        Mẫu số và ký hiệu
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Mẫu số"
          description="1: hóa đơn giá trị gia tăng"
          withAsterisk
          value={form.template_no}
          onChange={set('template_no')}
          maxLength={1}
          error={fields.template_no}
          disabled={disabled}
        />
        <TextInput
          label="Ký hiệu"
          description="C/K, năm, loại, 2 ký tự: C26TAA"
          withAsterisk
          value={form.series}
          onChange={set('series')}
          maxLength={6}
          error={series ?? fields.series}
          disabled={disabled}
          data-testid="invoice-settings-series"
        />
      </SimpleGrid>
    </>
  );
}

/** The seller's name, address, phone, email and bank the invoice prints. */
export function SellerSection({ form, set, fields, disabled }: SectionProps) {
  return (
    <>
      <Title order={5} mt="sm">
        Thông tin người bán trên hóa đơn
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Tên người bán"
          withAsterisk
          value={form.seller_legal_name}
          onChange={set('seller_legal_name')}
          maxLength={255}
          error={fields.seller_legal_name}
          disabled={disabled}
        />
        <TextInput
          label="Địa chỉ"
          withAsterisk
          value={form.seller_address}
          onChange={set('seller_address')}
          maxLength={400}
          error={fields.seller_address}
          disabled={disabled}
        />
        <TextInput
          label="Số điện thoại"
          value={form.seller_phone}
          onChange={set('seller_phone')}
          maxLength={11}
          error={fields.seller_phone}
          disabled={disabled}
        />
        <TextInput
          label="Email"
          value={form.seller_email}
          onChange={set('seller_email')}
          maxLength={120}
          error={fields.seller_email}
          disabled={disabled}
        />
        <TextInput
          label="Số tài khoản ngân hàng"
          value={form.seller_bank_account}
          onChange={set('seller_bank_account')}
          maxLength={40}
          disabled={disabled}
        />
        <TextInput label="Ngân hàng" value={form.seller_bank_name} onChange={set('seller_bank_name')} maxLength={200} disabled={disabled} />
      </SimpleGrid>
    </>
  );
}
