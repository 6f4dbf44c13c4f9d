/**
 * "Thanh toán" on an order's page (online-only, fetched when first shown: offline the rep collects
 * from the customer's page): what it cost, what settled it, what is left, its payment history
 * with receipts (the cashier confirms a collection here), "Thu tiền" for the rep (on the device,
 * offline too) and "Ghi nhận thanh toán" for the cashier, and the VietQR code to pay by transfer.
 * While a carrier is out with COD for the order, it says so first: the money would be taken twice.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderRecord } from '@contract/orders';
import { PAYMENT_STATUS_LABELS } from '@contract/orders-status';
import type { AppDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { formatMoney } from '@/lib/money';
import { MoneyText } from '@/ui/money-text';
import { toastedWrite } from '@/ui/toasted-write';
import { useOrderReceivable, usePaymentWrites } from '@/features/receivables/api/receivable-api';
import { useUnconfirmedCollections } from '@/features/receivables/api/receivable-device';
import { PAYABLE_STATUSES, type Collector } from '@/features/receivables/model/collect-payment';
import { CollectPaymentDialog } from '../collect-payment-dialog';
import { PaymentRows } from '../payment-rows';
import { VietQrBlock } from '../viet-qr';

type Props = { db: AppDb; collector: Collector; order: OrderRecord; isMobile: boolean };

export function OrderPaymentsCard({ db, collector, order, isMobile }: Props) {
  const online = useSyncStatus((sync) => sync.online);
  const canView = useCan('receivables', 'view');
  const canCollect = useCan('receivables', 'create');
  const canConfirm = useCan('receivables', 'approve');
  const server = useOrderReceivable(collector.companyId, order.id, online && canView && order.code !== null);
  const here = useUnconfirmedCollections(db, collector.companyId, order.customer_id, order.id);
  const writes = usePaymentWrites(collector.companyId);
  const [dialog, setDialog] = useState<'collect' | 'record' | null>(null);
  if (!canView) return null;
  const info = server.data;
  const open = info?.open ?? (order.payment_status === 'paid' ? 0 : order.total);
  const unsent = (here ?? []).filter((payment) => payment.syncState !== 'synced');
  const payments = [...unsent, ...(info?.payments ?? (here ?? []).filter((payment) => payment.syncState === 'synced'))];
  const payable = PAYABLE_STATUSES.includes(order.status);
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'} data-testid="order-payments">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={5}>Thanh toán</Title>
          <Badge variant="light" data-testid="order-payment-state">
            {PAYMENT_STATUS_LABELS[info?.payment_status ?? order.payment_status]}
          </Badge>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Đã thanh toán</Text>
          <MoneyText value={info?.paid ?? order.total - open} size="sm" fw={600} />
        </Group>
        {info && info.credited > 0 && (
          <Group justify="space-between">
            <Text size="sm">Hàng trả lại</Text>
            <MoneyText value={info.credited} size="sm" />
          </Group>
        )}
        <Group justify="space-between">
          <Text size="sm">Còn phải thu</Text>
          <MoneyText value={open} size="sm" fw={700} c={open > 0 ? 'red' : 'teal'} data-testid="order-open" />
        </Group>
        {info?.due_date && (
          <Text size="xs" c="dimmed">
            Hạn thanh toán {formatDate(info.due_date)}
          </Text>
        )}
        <PaymentRows
          payments={payments}
          busyId={writes.confirm.isPending ? writes.confirm.variables : null}
          onConfirm={
            canConfirm && online
              ? (payment) =>
                  void toastedWrite(
                    async () => (await writes.confirm.mutateAsync(payment.id)).message,
                    (error) => (error instanceof Error ? error.message : 'Không xác nhận được phiếu thu'),
                  )
              : undefined
          }
        />
        {info && info.cod_under_way > 0 && open > 0 && (
          <Alert color="orange" variant="light" p="xs" data-testid="order-cod-warning">
            <Text size="sm">
              Đơn đang giao với thu hộ (COD) {formatMoney(info.cod_under_way)}: hãng sẽ thu số tiền này của khách. Thu tiền ở đây nữa là thu
              hai lần.
            </Text>
          </Alert>
        )}
        {payable && open > 0 && (
          <Group gap="xs">
            {canCollect && (
              <Button size="sm" leftSection={<IconCash size={16} />} onClick={() => setDialog('collect')} data-testid="collect-open">
                Thu tiền
              </Button>
            )}
            {canConfirm && online && order.code && (
              <Button size="sm" variant="light" onClick={() => setDialog('record')} data-testid="record-open">
                Ghi nhận thanh toán
              </Button>
            )}
          </Group>
        )}
        {payable && open > 0 && order.code && (
          <VietQrBlock companyId={collector.companyId} amount={open} purpose={`${order.code} thanh toan`} />
        )}
      </Stack>
      {dialog && (
        <CollectPaymentDialog
          db={db}
          collector={collector}
          customer={{ id: order.customer_id, code: order.customer_code, name: order.customer_name, address: order.customer_address }}
          order={{ id: order.id, code: order.code }}
          suggested={open}
          record={dialog === 'record'}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
