/**
 * The company's connection to MISA AMIS Kế toán: the app_id MISA gives the app, the company's code
 * on AMIS and the connection code ("mã kết nối") its administrator creates there (never shown back:
 * a blank field keeps it); the address AMIS sends its results to; connecting tries the code first.
 */
import { Alert, Button, Card, Code, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AMIS_ENVIRONMENT_LABELS, AMIS_ENVIRONMENTS, type AmisConnectionRecord } from '@contract/invoices-accounting';
import { ApiError, apiErrorMessage } from '@/api/api-error';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { toastedWrite } from '@/ui/toasted-write';
import { useAccountingWrites } from '@/features/invoices/api/accounting-api';

type Props = { companyId: number; connection: AmisConnectionRecord | null; simulatorAvailable: boolean };

export function ConnectionTab({ companyId, connection, simulatorAvailable }: Props) {
  const canEdit = useCan('invoices', 'edit');
  const writes = useAccountingWrites(companyId);
  const [form, setForm] = useState({
    environment: connection?.environment ?? (simulatorAvailable ? 'simulator' : 'production'),
    app_id: connection?.app_id ?? '',
    org_company_code: connection?.org_company_code ?? '',
    access_code: '',
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const environments = AMIS_ENVIRONMENTS.filter(
    (env) => env !== 'simulator' || simulatorAvailable || connection?.environment === 'simulator',
  );
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: event.currentTarget.value });

  const connect = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await writes.connect({
        ...form,
        environment: form.environment as 'production' | 'simulator',
        access_code: form.access_code.trim() || null,
      });
      toast.success(answer.message);
      setForm({ ...form, access_code: '' });
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không kết nối được MISA AMIS'));
      setFields(error instanceof ApiError ? error.fields : {});
    } finally {
      setBusy(false);
    }
  };
  const disconnect = async () => {
    const sure = await openConfirm({
      title: 'Ngắt kết nối MISA',
      message: 'Ngắt kết nối MISA AMIS Kế toán? Chứng từ sẽ không được đồng bộ cho đến khi kết nối lại.',
      icon: 'warning',
    });
    if (sure)
      await toastedWrite(
        async () => (await writes.disconnect()).message,
        (error) => apiErrorMessage(error, 'Không ngắt được kết nối'),
      );
  };

  return (
    <Stack gap="md" maw={880}>
      {connection ? (
        <Alert color={connection.status === 'connected' ? 'teal' : 'red'} data-testid="amis-status">
          {connection.status === 'connected' ? 'Đã kết nối MISA AMIS Kế toán' : 'Kết nối MISA AMIS có lỗi'}
          {connection.checked_at ? ` · ${formatDateTime(connection.checked_at)}` : ''}
          {connection.token_expires_at ? ` · phiên hết hạn ${formatDateTime(connection.token_expires_at)}, tự gia hạn` : ''}
          {connection.status_message ? `: ${connection.status_message}` : ''}
        </Alert>
      ) : (
        <Alert color="yellow">
          Chưa kết nối: quản trị AMIS tạo mã kết nối trong AMIS Kế toán (Hệ thống › Kết nối ứng dụng), rồi nhập vào đây.
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Môi trường"
              data={environments.map((env) => ({ value: env, label: AMIS_ENVIRONMENT_LABELS[env] }))}
              value={form.environment}
              onChange={(value) => value && setForm({ ...form, environment: value as typeof form.environment })}
              allowDeselect={false}
              disabled={!canEdit}
            />
            <TextInput
              label="Mã ứng dụng (app_id)"
              description="Do MISA cấp cho ứng dụng"
              withAsterisk
              value={form.app_id}
              onChange={set('app_id')}
              maxLength={100}
              error={fields.app_id}
              disabled={!canEdit}
            />
            <TextInput
              label="Mã công ty trên AMIS"
              withAsterisk
              value={form.org_company_code}
              onChange={set('org_company_code')}
              maxLength={100}
              error={fields.org_company_code}
              disabled={!canEdit}
            />
            <PasswordInput
              label="Mã kết nối"
              withAsterisk={!connection}
              placeholder={connection?.access_code_hint ? `Đã lưu (${connection.access_code_hint}), để trống để giữ` : ''}
              value={form.access_code}
              onChange={set('access_code')}
              maxLength={500}
              error={fields.access_code}
              disabled={!canEdit}
              autoComplete="new-password"
            />
          </SimpleGrid>
          {connection && (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Địa chỉ nhận kết quả (APICallBack) của công ty:
              </Text>
              <Code style={{ overflowWrap: 'anywhere' }}>{connection.callback_url}</Code>
            </Stack>
          )}
          <ProblemAlert problem={problem} testId="amis-problem" />
          {canEdit && (
            <Group justify="flex-end">
              {connection && (
                <Button variant="default" color="red" onClick={() => void disconnect()}>
                  Ngắt kết nối
                </Button>
              )}
              <Button onClick={() => void connect()} loading={busy} data-testid="amis-connect">
                {connection ? 'Lưu và kết nối lại' : 'Kết nối'}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
