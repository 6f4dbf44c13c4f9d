/**
 * Accounting periods (GET/POST accountperiod/, DELETE accountperiod/{month}/): close a month that
 * has ended (nothing dated in it or before may be written afterwards; its closing value is kept),
 * and reopen the last closed month to correct it. Closing and reopening need warehouse/approve.
 */
import { Alert, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { DataTable } from '@/ui/list-page/data-table';
import { errorMessage, usePeriods, useWarehouseWrites } from '@/features/warehouse/api/warehouse-api';
import { closableMonths, monthLabel as label } from '@/features/warehouse/model/periods';
import { toastedWrite } from '@/ui/toasted-write';

export function PeriodView({ companyId }: { companyId: number }) {
  const periods = usePeriods(companyId);
  const writes = useWarehouseWrites(companyId);
  const canApprove = useCan('warehouse', 'approve');
  const closed = (periods.data ?? []).filter((period) => period.status === 'closed');
  const last = closed[0]?.month ?? null;
  const months = closableMonths(vietnamDay(), last);
  const [month, setMonth] = useState<string | null>(null);
  const chosen = month && months.includes(month) ? month : (months[0] ?? null);

  const run = (title: string, message: string, call: () => Promise<{ message?: string }>) =>
    void openConfirm({
      title,
      message,
      // Closes whatever the answer: the toast says it.
      onOk: async () => {
        await toastedWrite(
          async () => (await call()).message ?? 'Đã lưu',
          (error) => errorMessage(error, 'Không thực hiện được'),
        );
        return true;
      },
    });

  return (
    <Stack gap="md" data-testid="periods">
      {canApprove && (
        <Card withBorder radius="md" padding="md">
          <Group align="flex-end" gap="sm">
            <Select
              label="Khóa sổ đến hết"
              data={months.map((value) => ({ value, label: label(value) }))}
              value={chosen}
              onChange={setMonth}
              allowDeselect={false}
              w={220}
              data-testid="period-month"
            />
            <Button
              disabled={!chosen}
              onClick={() =>
                chosen &&
                run('Khóa sổ', `Khóa sổ ${label(chosen).toLowerCase()}? Không ghi được chứng từ kho nào từ ngày này trở về trước.`, () =>
                  writes.closePeriod(chosen),
                )
              }
              data-testid="period-close"
            >
              Khóa sổ
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            Các tháng trước tháng đã chọn cũng được khóa. Số dư cuối kỳ được giữ làm số đầu kỳ sau.
          </Text>
        </Card>
      )}
      {periods.error && <Alert color="red">{periods.error.message}</Alert>}
      {closed.length === 0 && !periods.isPending ? (
        <EmptyState title="Chưa khóa sổ tháng nào" description="Mọi chứng từ kho đều còn sửa được theo ngày chứng từ." />
      ) : (
        <DataTable
          minWidth={560}
          testId="period-table"
          rowTestId="period-row"
          rows={periods.data ?? []}
          rowKey={(period) => period.month}
          rowProps={(period) => ({ 'data-month': period.month })}
          hover={false}
          columns={[
            { key: 'month', label: 'Kỳ', bold: true, cell: (period) => label(period.month) },
            {
              key: 'status',
              label: 'Trạng thái',
              cell: (period) => (
                <Badge variant="light" color={period.status === 'closed' ? 'gray' : 'teal'} tt="none">
                  {period.status === 'closed' ? 'Đã khóa sổ' : 'Đang mở'}
                </Badge>
              ),
            },
            {
              key: 'closed',
              label: 'Khóa lúc',
              cell: (period) => (period.closed_at ? `${formatDateTime(period.closed_at)} · ${period.closed_by_name ?? ''}` : '—'),
            },
            {
              key: 'value',
              label: 'Giá trị tồn cuối kỳ',
              align: 'right',
              cell: (period) => (period.closing_value === null ? '—' : formatMoney(period.closing_value)),
            },
            {
              key: 'reopen',
              align: 'right',
              cell: (period) =>
                canApprove &&
                period.month === last && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="orange"
                    onClick={() =>
                      run('Mở lại kỳ', `Mở lại ${label(period.month).toLowerCase()} để điều chỉnh?`, () =>
                        writes.reopenPeriod(period.month),
                      )
                    }
                    data-testid="period-reopen"
                  >
                    Mở lại
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
