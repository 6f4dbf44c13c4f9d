/**
 * Accounting periods (GET/POST accountperiod/, DELETE accountperiod/{month}/): close a month that
 * has ended (nothing dated in it or before may be written afterwards; its closing value is kept),
 * and reopen the last closed month to correct it. Closing and reopening need warehouse/approve.
 */
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useCan } from '@/session/access';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="period-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kỳ</Table.Th>
                <Table.Th>Trạng thái</Table.Th>
                <Table.Th>Khóa lúc</Table.Th>
                <Table.Th ta="right">Giá trị tồn cuối kỳ</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(periods.data ?? []).map((period) => (
                <Table.Tr key={period.month} data-testid="period-row" data-month={period.month}>
                  <Table.Td fw={600}>{label(period.month)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={period.status === 'closed' ? 'gray' : 'teal'} tt="none">
                      {period.status === 'closed' ? 'Đã khóa sổ' : 'Đang mở'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{period.closed_at ? `${formatDateTime(period.closed_at)} · ${period.closed_by_name ?? ''}` : '—'}</Table.Td>
                  <Table.Td ta="right">{period.closing_value === null ? '—' : formatMoney(period.closing_value)}</Table.Td>
                  <Table.Td ta="right">
                    {canApprove && period.month === last && (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
