/**
 * An order's "Thanh toán" from the device's copy (offline, or the order not sent yet: the full card
 * comes from the server, receivable-screens.tsx): the rep can still collect from the customer for
 * this order ("Thu tiền", kept on the device and sent after the order, as on the customer's page)
 * and show the VietQR code for the order's total to the company's account the device kept
 * (api/bank-api.ts); the payment history waits for the network.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderRecord } from '@contract/orders';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { MoneyText } from '@/ui/money-text';
import { PAYABLE_STATUSES, type Collector } from '../model/collect-payment';
import { CollectPaymentDialog } from './collect-payment-dialog';
import { VietQr } from './receivable-screens';

type Props = { db: AppDb; collector: Collector; order: OrderRecord; isMobile: boolean };

export function OrderCollectOffline({ db, collector, order, isMobile }: Props) {
  const canView = useCan('receivables', 'view');
  const canCollect = useCan('receivables', 'create');
  const [open, setOpen] = useState(false);
  if (!canView || order.payment_status === 'paid' || !PAYABLE_STATUSES.includes(order.status)) return null;
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'} data-testid="order-payments-offline">
      <Stack gap="sm">
        <Title order={5}>Thanh toán</Title>
        <Group justify="space-between">
          <Text size="sm">Tổng tiền đơn</Text>
          <MoneyText value={order.total} size="sm" fw={700} />
        </Group>
        <VietQr companyId={collector.companyId} amount={order.total} purpose={`${order.code ?? order.local_no} thanh toan`} />
        <Text size="xs" c="dimmed">
          Lịch sử thanh toán hiện khi đơn đã lên máy chủ và có mạng. Tiền thu bây giờ được lưu trên máy và gửi sau.
        </Text>
        {canCollect && (
          <Group>
            <Button size="sm" leftSection={<IconCash size={16} />} onClick={() => setOpen(true)} data-testid="collect-open">
              Thu tiền
            </Button>
          </Group>
        )}
      </Stack>
      {open && (
        <CollectPaymentDialog
          db={db}
          collector={collector}
          customer={{ id: order.customer_id, code: order.customer_code, name: order.customer_name, address: order.customer_address }}
          order={{ id: order.id, code: order.code }}
          suggested={order.total}
          record={false}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}
