/**
 * /service-package (Cấu hình › Gói dịch vụ): what the company is on (package, dates, seats used,
 * the switches it gives), its package orders, and, for its owner, ordering or renewing a package
 * with a voucher checked before ordering (check-vourcher/). An order waits for the payment, which
 * the system administrator confirms (docs/plans.md).
 */
import { Alert, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { SWITCH_LABELS } from '@contract/company-switches';
import { PACKAGE_MONTHS, SYSTEM_ORDER_STATUS_LABELS, packageAmount, type CompanyPlan, type PackageQuote } from '@contract/plans';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { DataTable } from '@/ui/list-page/data-table';
import { LoadingBlock } from '@/ui/loading-block';
import { MoneyText } from '@/ui/money-text';
import { ProblemAlert } from '@/ui/problem';
import { toast } from '@/ui/toast';
import { checkVoucher, planWrites, useCompanyPlan, usePackages, usePlanWrite } from '@/features/plans/api/plan-api';
import { PackagePaymentCard } from './package-payment';

function CurrentPlan({ plan }: { plan: CompanyPlan }) {
  const current = plan.subscription;
  if (!current)
    return (
      <Alert color="blue" variant="light" title="Công ty chưa đăng ký gói dịch vụ" data-testid="current-plan">
        Chưa bật thêm được chức năng nào và chỉ có tài khoản của chủ công ty. Chọn một gói bên dưới để đăng ký.
      </Alert>
    );
  return (
    <Card withBorder radius="md" data-testid="current-plan">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={4}>
            {current.trial ? 'Dùng thử' : 'Gói'} {current.package.name}
          </Title>
          <Text size="sm">
            Từ {formatDate(current.starts_on)} đến {formatDate(current.ends_on)}
            {current.state === 'active' ? ` · còn ${current.days_left} ngày` : ''}
          </Text>
          <Text size="sm">
            Tài khoản: {plan.seats_used}/{plan.seats}
          </Text>
        </Stack>
        <Badge tt="none" color={current.state === 'active' ? 'teal' : 'red'} variant="light">
          {current.state === 'expired' ? 'Đã hết hạn' : current.trial ? 'Đang dùng thử' : 'Đang sử dụng'}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Chức năng: {current.package.features.map((code) => SWITCH_LABELS[code]).join(', ') || 'không có chức năng thêm'}
      </Text>
    </Card>
  );
}

function OrderPackage({ companyId, renewing }: { companyId: number; renewing: number | null }) {
  const packages = usePackages();
  const register = usePlanWrite(planWrites.register);
  const [chosen, setChosen] = useState<string | null>(renewing ? String(renewing) : null);
  const [months, setMonths] = useState<number>(12);
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState<PackageQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pkg = packages.data?.find((entry) => String(entry.id) === chosen) ?? null;
  const listAmount = pkg ? packageAmount(pkg, months) : 0;
  const applied = quote && quote.package.id === pkg?.id && quote.months === months ? quote : null;

  const apply = async () => {
    if (!pkg || !code.trim()) return;
    setProblem(null);
    try {
      setQuote(await checkVoucher({ company: companyId, code: code.trim(), package: pkg.id, months }));
    } catch (error) {
      setQuote(null);
      setProblem(apiErrorMessage(error, 'Không kiểm tra được mã giảm giá'));
    }
  };
  const order = async () => {
    if (!pkg) return;
    setProblem(null);
    try {
      toast.success(
        (await register.mutateAsync({ company: companyId, package: pkg.id, months, voucher: applied?.voucher?.code ?? null })) ??
          'Đã tạo đơn đăng ký',
      );
      setQuote(null);
      setCode('');
    } catch (error) {
      setProblem(apiErrorMessage(error, 'Không đăng ký được gói'));
    }
  };

  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={5}>{renewing ? 'Gia hạn hoặc đổi gói' : 'Đăng ký gói dịch vụ'}</Title>
        {packages.isLoading && <LoadingBlock />}
        <SimpleGrid cols={{ base: 1, md: 3 }} role="radiogroup" aria-label="Gói dịch vụ">
          {(packages.data ?? []).map((entry) => {
            const selected = chosen === String(entry.id);
            return (
              <Card
                key={entry.id}
                component="button"
                type="button"
                role="radio"
                aria-checked={selected}
                withBorder
                padding="sm"
                radius="md"
                ta="left"
                style={{
                  cursor: 'pointer',
                  borderColor: selected ? 'var(--mantine-color-teal-6)' : undefined,
                  borderWidth: selected ? 2 : undefined,
                }}
                onClick={() => setChosen(String(entry.id))}
                data-testid={`package-${entry.code}`}
              >
                <Text fw={600}>{entry.name}</Text>
                <Text size="sm" mt={4}>
                  <MoneyText value={entry.price_per_month} fw={600} /> / tháng · {entry.seats} tài khoản
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.description}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
        <SegmentedControl
          data={PACKAGE_MONTHS.map((value) => ({ value: String(value), label: `${value} tháng` }))}
          value={String(months)}
          onChange={(value) => setMonths(Number(value))}
        />
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Mã giảm giá"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
            maxLength={30}
            data-testid="voucher-code"
          />
          <Button variant="light" onClick={() => void apply()} disabled={!pkg || !code.trim()} data-testid="voucher-apply">
            Áp dụng
          </Button>
        </Group>
        {pkg && (
          <SimpleGrid cols={2} spacing={4} maw={420} data-testid="package-price">
            <Text size="sm">Tiền gói</Text>
            <MoneyText value={listAmount} ta="right" />
            <Text size="sm">Giảm giá{applied?.voucher ? ` (${applied.voucher.code})` : ''}</Text>
            <MoneyText value={applied?.discount ?? 0} ta="right" />
            <Text size="sm" fw={700}>
              Thành tiền
            </Text>
            <MoneyText value={applied?.total ?? listAmount} fw={700} ta="right" data-testid="package-total" />
          </SimpleGrid>
        )}
        <ProblemAlert problem={problem} testId="package-problem" />
        <Button onClick={() => void order()} disabled={!pkg} loading={register.isPending} w="fit-content" data-testid="package-register">
          Đăng ký
        </Button>
      </Stack>
    </Card>
  );
}

export function CompanyPlanView({ companyId, isOwner }: { companyId: number; isOwner: boolean }) {
  const plan = useCompanyPlan(companyId);
  if (plan.error) return <ProblemAlert problem={apiErrorMessage(plan.error, 'Không tải được gói dịch vụ')} />;
  if (!plan.data) return <LoadingBlock />;
  const payment = plan.data.payment;
  const pending = plan.data.orders.some((entry) => entry.status === 'pending');
  return (
    <Stack gap="md">
      <CurrentPlan plan={plan.data} />
      {payment && <PackagePaymentCard payment={payment} />}
      {isOwner && !pending && <OrderPackage companyId={companyId} renewing={plan.data.subscription?.package.id ?? null} />}
      {!isOwner && <Text c="dimmed">Chỉ chủ sở hữu công ty mới đăng ký hoặc gia hạn gói.</Text>}
      {plan.data.orders.length > 0 && (
        <DataTable
          minWidth={640}
          testId="package-orders"
          rowTestId="package-order"
          rows={plan.data.orders}
          rowKey={(entry) => entry.id}
          hover={false}
          columns={[
            { key: 'code', label: 'Mã đơn', cell: (entry) => entry.code },
            { key: 'package', label: 'Gói', cell: (entry) => `${entry.package_name} · ${entry.months} tháng` },
            { key: 'total', label: 'Thành tiền', align: 'right', cell: (entry) => <MoneyText value={entry.total} /> },
            { key: 'created', label: 'Ngày tạo', cell: (entry) => formatDateTime(entry.created_at) },
            { key: 'status', label: 'Trạng thái', cell: (entry) => SYSTEM_ORDER_STATUS_LABELS[entry.status] },
          ]}
        />
      )}
    </Stack>
  );
}
