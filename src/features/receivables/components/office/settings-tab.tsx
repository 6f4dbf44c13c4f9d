/**
 * "Cài đặt": what happens to an order over a credit limit (block, warn, allow), the default credit
 * days, the aging buckets, each rep's limit, and the company's bank accounts for VietQR.
 */
import { Button, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CREDIT_POLICIES, CREDIT_POLICY_LABELS, agingBoundsProblem, type CreditPolicy } from '@contract/receivables-ledger';
import { receivablePaths, type ReceivableSettings } from '@contract/receivables';
import { apiRequest } from '@/api/client';
import { useCan } from '@/session/access';
import { DataTable } from '@/ui/list-page/data-table';
import { LoadingBlock } from '@/ui/loading-block';
import { MoneyText } from '@/ui/money-text';
import { ProblemLine } from '@/ui/problem';
import { StrictNumberInput } from '@/ui/strict-number-input';
import { toast } from '@/ui/toast';
import { receivableKeys } from '@/features/receivables/api/receivable-api';
import { useReceivableSettings, useRepLimits, type RepLimitRow } from '@/features/receivables/api/receivable-reports-api';
import { BankAccountsCard } from './bank-accounts-card';
import { CreditLimitDialog } from './credit-limit-dialog';

const failed = (error: unknown) => (error instanceof Error ? error.message : 'Không lưu được');

function PolicyCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const settings = useReceivableSettings(companyId);
  if (!settings.data) return <LoadingBlock />;
  return <PolicyForm companyId={companyId} canEdit={canEdit} saved={settings.data} />;
}

function PolicyForm({ companyId, canEdit, saved }: { companyId: number; canEdit: boolean; saved: ReceivableSettings }) {
  const client = useQueryClient();
  const [policy, setPolicy] = useState<CreditPolicy>(saved.credit_policy);
  const [days, setDays] = useState<string | number>(saved.default_credit_days);
  const [bounds, setBounds] = useState(saved.aging_bounds.join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest(receivablePaths.settings, { method: 'PUT', body: { company: companyId, ...body }, redirectOnForbidden: false }),
    onSuccess: () => {
      toast.success('Đã lưu cài đặt công nợ');
      void client.invalidateQueries({ queryKey: receivableKeys.all(companyId) });
    },
    onError: (error) => setProblem(failed(error)),
  });
  const parsedBounds = bounds
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map(Number);
  const boundsProblem = agingBoundsProblem(parsedBounds);
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={5}>Hạn mức và tuổi nợ</Title>
        <Radio.Group label="Khi đơn hàng vượt hạn mức công nợ" value={policy} onChange={(value) => setPolicy(value as CreditPolicy)}>
          <Stack gap={6} mt={6}>
            {CREDIT_POLICIES.map((value) => (
              <Radio key={value} value={value} label={CREDIT_POLICY_LABELS[value]} disabled={!canEdit} data-testid={`policy-${value}`} />
            ))}
          </Stack>
        </Radio.Group>
        <StrictNumberInput
          label="Số ngày nợ mặc định"
          description="Hạn thanh toán của đơn hoàn thành, khi khách hàng không có hạn nợ riêng"
          value={days}
          onChange={setDays}
          min={0}
          max={3650}
          allowDecimal={false}
          disabled={!canEdit}
          w={260}
        />
        <TextInput
          label="Mốc tuổi nợ (ngày)"
          description="Ví dụ 30, 60, 90: các nhóm 0–30, 31–60, 61–90, trên 90 ngày quá hạn"
          value={bounds}
          onChange={(event) => setBounds(event.currentTarget.value)}
          error={boundsProblem}
          disabled={!canEdit}
          w={320}
          data-testid="aging-bounds"
        />
        <ProblemLine problem={problem} />
        {canEdit && (
          <Group>
            <Button
              loading={save.isPending}
              disabled={boundsProblem !== null}
              onClick={() => {
                setProblem(null);
                save.mutate({ credit_policy: policy, default_credit_days: Number(days) || 0, aging_bounds: parsedBounds });
              }}
              data-testid="settings-save"
            >
              Lưu cài đặt
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function RepLimitsCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const limits = useRepLimits(companyId);
  const [editing, setEditing] = useState<RepLimitRow | null>(null);
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={5}>Hạn mức công nợ theo nhân viên</Title>
        <Text size="sm" c="dimmed">
          Tổng nợ chưa thu của các đơn nhân viên đã bán, cộng đơn mới, không vượt quá hạn mức.
        </Text>
        {!limits.data ? (
          <LoadingBlock />
        ) : (
          <DataTable
            minWidth={520}
            testId="rep-credit-limits"
            rowTestId="rep-credit-limit"
            rows={limits.data}
            rowKey={(row) => row.account_id}
            hover={false}
            columns={[
              { key: 'rep', label: 'Nhân viên', cell: (row) => `${row.name}${row.code ? ` (${row.code})` : ''}` },
              {
                key: 'exposure',
                label: 'Đang nợ',
                align: 'right',
                cell: (row) => (row.exposure === null ? '—' : <MoneyText value={row.exposure} size="sm" />),
              },
              {
                key: 'limit',
                label: 'Hạn mức',
                align: 'right',
                cell: (row) => (row.credit_limit === null ? 'Không giới hạn' : <MoneyText value={row.credit_limit} size="sm" />),
              },
              { key: 'days', label: 'Hạn nợ', align: 'right', cell: (row) => (row.credit_days === null ? '—' : `${row.credit_days} ngày`) },
              {
                key: 'edit',
                cell: (row) =>
                  canEdit && (
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(row)}>
                      Sửa
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Stack>
      {editing && (
        <CreditLimitDialog
          companyId={companyId}
          title={`Hạn mức của ${editing.name}`}
          path={receivablePaths.repCreditLimit(editing.account_id)}
          current={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

export function SettingsTab({ companyId }: { companyId: number }) {
  const canEdit = useCan('receivables', 'edit');
  return (
    <Stack gap="md">
      <PolicyCard companyId={companyId} canEdit={canEdit} />
      <RepLimitsCard companyId={companyId} canEdit={canEdit} />
      <BankAccountsCard companyId={companyId} canEdit={canEdit} />
    </Stack>
  );
}
