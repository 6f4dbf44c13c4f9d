/**
 * /invoices/settings: the company's account at MISA meInvoice (issue 18): the environment (test,
 * production, or this server's simulator when it runs one), the AppID MISA gives, the seller's tax
 * code, the account and its password (never shown back: a blank field keeps it), the template and
 * series, and the seller's details the invoice prints. Saving signs in at meInvoice with what was
 * typed and checks the series, so a mistake is said at once and nothing is stored.
 */
import { Alert, Button, Card, Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  INVOICE_ENVIRONMENT_LABELS,
  INVOICE_ENVIRONMENTS,
  SERIES_PATTERN,
  type InvoiceEnvironment,
  type InvoiceSettingsInput,
} from '@contract/invoices';
import { taxCodeProblem } from '@contract/tax-code';
import { ApiError, apiErrorMessage } from '@/api/api-error';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { invoiceKeys, saveInvoiceSettings, useInvoiceSettings, type InvoiceSettingsAnswer } from '@/features/invoices/api/invoice-api';

type Form = Omit<Required<{ [K in keyof InvoiceSettingsInput]: string }>, 'company' | 'send_email'> & { send_email: boolean };

function initialForm(answer: InvoiceSettingsAnswer): Form {
  const s = answer.settings;
  const year = String(new Date().getFullYear() % 100).padStart(2, '0');
  return {
    environment: s?.environment ?? (answer.simulator_available ? 'simulator' : 'sandbox'),
    app_id: s?.app_id ?? '',
    tax_code: s?.tax_code ?? answer.defaults.tax_code,
    username: s?.username ?? '',
    password: '',
    template_no: s?.template_no ?? '1',
    series: s?.series ?? `C${year}TAA`,
    seller_legal_name: s?.seller_legal_name ?? answer.defaults.seller_legal_name,
    seller_address: s?.seller_address ?? answer.defaults.seller_address,
    seller_phone: s?.seller_phone ?? answer.defaults.seller_phone ?? '',
    seller_email: s?.seller_email ?? '',
    seller_bank_account: s?.seller_bank_account ?? '',
    seller_bank_name: s?.seller_bank_name ?? '',
    send_email: s?.send_email ?? false,
  };
}

export function InvoiceSettingsPage({ companyId }: { companyId: number }) {
  const settings = useInvoiceSettings(companyId);
  if (!settings.data) {
    if (settings.isPending) return <LoadingBlock />;
    return <EmptyState title="Không tải được cấu hình hóa đơn" description={settings.error?.message} />;
  }
  return <SettingsForm key={settings.data.settings?.checked_at ?? 'new'} companyId={companyId} answer={settings.data} />;
}

function SettingsForm({ companyId, answer }: { companyId: number; answer: InvoiceSettingsAnswer }) {
  const canEdit = useCan('invoices', 'edit');
  const client = useQueryClient();
  const [form, setForm] = useState<Form>(() => initialForm(answer));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const current = answer.settings;
  const set = (key: keyof Form) => (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.currentTarget.value });
  const environments = INVOICE_ENVIRONMENTS.filter(
    (env) => env !== 'simulator' || answer.simulator_available || current?.environment === 'simulator',
  );
  const taxCode = form.tax_code.trim() ? taxCodeProblem(form.tax_code) : null;
  const series = form.series.trim() && !SERIES_PATTERN.test(form.series.trim().toUpperCase()) ? 'Ký hiệu gồm 6 ký tự, ví dụ C26TAA' : null;

  const save = async () => {
    setProblem(null);
    setFields({});
    if (taxCode || series) return setProblem(taxCode ?? series);
    setBusy(true);
    try {
      const blank = (value: string) => (value.trim() === '' ? null : value.trim());
      const message = await saveInvoiceSettings({
        company: companyId,
        environment: form.environment as InvoiceEnvironment,
        app_id: form.app_id,
        tax_code: form.tax_code,
        username: form.username,
        password: blank(form.password),
        template_no: form.template_no,
        series: form.series,
        seller_legal_name: form.seller_legal_name,
        seller_address: form.seller_address,
        seller_phone: blank(form.seller_phone),
        seller_email: blank(form.seller_email),
        seller_bank_account: blank(form.seller_bank_account),
        seller_bank_name: blank(form.seller_bank_name),
        send_email: form.send_email,
      });
      toast.success(message);
      await client.invalidateQueries({ queryKey: invoiceKeys.all(companyId) });
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không lưu được cấu hình hóa đơn'));
      setFields(error instanceof ApiError ? error.fields : {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3}>Hóa đơn điện tử MISA meInvoice</Title>
          <Text size="sm" c="dimmed">
            Hóa đơn giá trị gia tăng theo Nghị định 123/2020/NĐ-CP và Thông tư 78/2021/TT-BTC, ký số và gửi cơ quan thuế qua meInvoice.
          </Text>
        </Stack>
      </Group>
      {current ? (
        <Alert color={current.connected ? 'teal' : 'red'} data-testid="invoice-settings-status">
          {current.connected ? 'Đã kết nối meInvoice' : 'Kết nối meInvoice có lỗi'}
          {current.checked_at ? ` · kiểm tra lúc ${formatDateTime(current.checked_at)}` : ''}
          {current.status_message ? `: ${current.status_message}` : ''}
        </Alert>
      ) : (
        <Alert color="yellow">Công ty chưa kết nối meInvoice: điền tài khoản MISA cấp rồi bấm "Lưu và kiểm tra kết nối".</Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={5}>Tài khoản meInvoice</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Môi trường"
              data={environments.map((env) => ({ value: env, label: INVOICE_ENVIRONMENT_LABELS[env] }))}
              value={form.environment}
              onChange={(value) => value && setForm({ ...form, environment: value })}
              allowDeselect={false}
              disabled={!canEdit}
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
              disabled={!canEdit}
            />
            <TextInput
              label="Mã số thuế người bán"
              withAsterisk
              value={form.tax_code}
              onChange={set('tax_code')}
              maxLength={20}
              error={taxCode ?? fields.tax_code}
              disabled={!canEdit}
              data-testid="invoice-settings-tax-code"
            />
            <TextInput
              label="Tài khoản meInvoice"
              withAsterisk
              value={form.username}
              onChange={set('username')}
              maxLength={100}
              error={fields.username}
              disabled={!canEdit}
            />
            <PasswordInput
              label="Mật khẩu"
              withAsterisk={!current}
              placeholder={current?.password_hint ? `Đã lưu (${current.password_hint}), để trống để giữ` : ''}
              value={form.password}
              onChange={set('password')}
              maxLength={200}
              error={fields.password}
              disabled={!canEdit}
              autoComplete="new-password"
            />
          </SimpleGrid>
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
              disabled={!canEdit}
            />
            <TextInput
              label="Ký hiệu"
              description="C/K, năm, loại, 2 ký tự: C26TAA"
              withAsterisk
              value={form.series}
              onChange={set('series')}
              maxLength={6}
              error={series ?? fields.series}
              disabled={!canEdit}
              data-testid="invoice-settings-series"
            />
          </SimpleGrid>
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
              disabled={!canEdit}
            />
            <TextInput
              label="Địa chỉ"
              withAsterisk
              value={form.seller_address}
              onChange={set('seller_address')}
              maxLength={400}
              error={fields.seller_address}
              disabled={!canEdit}
            />
            <TextInput
              label="Số điện thoại"
              value={form.seller_phone}
              onChange={set('seller_phone')}
              maxLength={11}
              error={fields.seller_phone}
              disabled={!canEdit}
            />
            <TextInput
              label="Email"
              value={form.seller_email}
              onChange={set('seller_email')}
              maxLength={120}
              error={fields.seller_email}
              disabled={!canEdit}
            />
            <TextInput
              label="Số tài khoản ngân hàng"
              value={form.seller_bank_account}
              onChange={set('seller_bank_account')}
              maxLength={40}
              disabled={!canEdit}
            />
            <TextInput
              label="Ngân hàng"
              value={form.seller_bank_name}
              onChange={set('seller_bank_name')}
              maxLength={200}
              disabled={!canEdit}
            />
          </SimpleGrid>
          <Checkbox
            label="meInvoice gửi email hóa đơn cho người mua (khi có email)"
            checked={form.send_email}
            onChange={(event) => setForm({ ...form, send_email: event.currentTarget.checked })}
            disabled={!canEdit}
          />
          <ProblemAlert problem={problem} testId="invoice-settings-problem" />
          {canEdit && (
            <Group justify="flex-end">
              <Button onClick={() => void save()} loading={busy} data-testid="invoice-settings-save">
                Lưu và kiểm tra kết nối
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
