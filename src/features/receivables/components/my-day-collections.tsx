/**
 * "Tiền thu hôm nay" for the person who collects: today's receipts from the device (offline too),
 * the total by method, and what still waits for the cashier, so a rep hands in the right sum.
 */
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { dayjs } from '@/lib/dayjs';
import type { AppDb } from '@/db/app-db';
import { MoneyText } from '@/ui/money-text';
import { useMyCollections } from '../api/receivable-device';
import { PaymentRows } from './payment-rows';

export function MyDayCollections({ db, companyId, accountId }: { db: AppDb; companyId: number; accountId: number }) {
  const [from, to] = useMemo(() => [dayjs().startOf('day').toISOString(), dayjs().endOf('day').toISOString()], []);
  const payments = useMyCollections(db, companyId, accountId, from, to) ?? [];
  const live = payments.filter((payment) => payment.state !== 'cancelled' && payment.syncState !== 'rejected');
  const sum = (keep: (payment: (typeof live)[number]) => boolean) =>
    live.filter(keep).reduce((total, payment) => total + payment.amount, 0);
  return (
    <Card withBorder radius="md" data-testid="my-day">
      <Stack gap="sm">
        <Title order={5}>Tiền tôi thu hôm nay</Title>
        <Group gap="lg" wrap="wrap">
          <div>
            <Text size="xs" c="dimmed">
              Tiền mặt
            </Text>
            <MoneyText value={sum((payment) => payment.method === 'cash')} fw={700} data-testid="my-day-cash" />
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Chuyển khoản
            </Text>
            <MoneyText value={sum((payment) => payment.method === 'transfer')} fw={700} />
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Chờ thủ quỹ xác nhận
            </Text>
            <MoneyText value={sum((payment) => payment.state === 'pending')} fw={700} c="orange" data-testid="my-day-pending" />
          </div>
        </Group>
        <PaymentRows payments={payments} />
      </Stack>
    </Card>
  );
}
