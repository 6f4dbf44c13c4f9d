/**
 * /invoices/settings: the company's account at MISA meInvoice (docs/invoices.md): the environment (test,
 * production, or this server's simulator when it runs one), the AppID MISA gives, the seller's tax
 * code, the account and its password (never shown back: a blank field keeps it), the template and
 * series, and the seller's details the invoice prints. Saving signs in at meInvoice with what was
 * typed and checks the series, so a mistake is said at once and nothing is stored.
 */
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemAlert } from '@/ui/problem';
import { useInvoiceSettings, type InvoiceSettingsAnswer } from '@/features/invoices/api/invoice-api';
import { AccountSection, SellerSection, SeriesSection } from './invoice-settings-sections';
import { useInvoiceSettingsForm } from './use-invoice-settings-form';

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
  const { form, setForm, set, busy, problem, fields, environments, taxCode, series, save } = useInvoiceSettingsForm(companyId, answer);
  const current = answer.settings;
  const section = { form, set, fields, disabled: !canEdit };

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
          <AccountSection {...section} setForm={setForm} environments={environments} taxCode={taxCode} current={current} />
          <SeriesSection {...section} series={series} />
          <SellerSection {...section} />
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
