/**
 * The warehouse side of an order, on its page (for who may see the warehouse): the export receipt
 * its shipment issued and the returns that came back, each linked, and — for a shipped order
 * (Đang giao, Hoàn thành) that left through the stock ledger, to who may create receipts —
 * "Nhập hàng trả lại", whose dialog is loaded when first opened. Nothing shows for an order the
 * ledger never shipped (not shipped yet, or none of its products tracked). Online only, loaded
 * with the order's page when the network allows (../online-parts.tsx OrderStockCard).
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { OrderRecord } from '@contract/orders';
import type { ReceiptRecord } from '@contract/warehouse-receipts';
import { RECEIPT_STATUS_LABELS } from '@contract/warehouse-status';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { useOrderReceipts } from '@/features/warehouse/api/order-stock-api';
import { SHIPPED_ORDER_STATUSES } from '@/features/warehouse/model/order-shipped';
import { onlineDialog } from '../online-loader';

const OrderReturnDialog = onlineDialog(() => import('./order-return-dialog').then((module) => module.OrderReturnDialog));

type Props = { companyId: number; order: OrderRecord; isMobile: boolean };

function ReceiptLink({ receipt, testId }: { receipt: ReceiptRecord; testId: string }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId} data-code={receipt.code} data-status={receipt.status}>
      <AnchorLink to="/inventory/receipt/$kind/$id" params={{ kind: receipt.kind, id: receipt.id }} fw={600} size="sm">
        {receipt.code}
      </AnchorLink>
      <Text size="xs" c="dimmed">
        {formatDate(receipt.document_date)} · {RECEIPT_STATUS_LABELS[receipt.status]}
      </Text>
    </Group>
  );
}

export function OrderStockCard({ companyId, order, isMobile }: Props) {
  const canView = useCan('warehouse', 'view');
  const canCreate = useCan('warehouse', 'create');
  const shipped = SHIPPED_ORDER_STATUSES.includes(order.status);
  const receipts = useOrderReceipts(companyId, order, canView && shipped);
  const [returning, setReturning] = useState(false);
  const data = receipts.data;
  if (!data || (data.shipments.length === 0 && data.returns.length === 0)) return null;
  const throughLedger = data.shipments.some((receipt) => receipt.status === 'completed');
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'} data-testid="order-stock">
      <Title order={5} mb="sm">
        Kho
      </Title>
      <Stack gap="xs">
        <div>
          <Text size="xs" c="dimmed">
            Phiếu xuất kho
          </Text>
          {data.shipments.map((receipt) => (
            <ReceiptLink key={receipt.id} receipt={receipt} testId="order-shipment-receipt" />
          ))}
        </div>
        {data.returns.length > 0 && (
          <div>
            <Text size="xs" c="dimmed">
              Hàng trả lại (biệt trữ)
            </Text>
            {data.returns.map((receipt) => (
              <ReceiptLink key={receipt.id} receipt={receipt} testId="order-return-receipt" />
            ))}
          </div>
        )}
        {canCreate && shipped && throughLedger && (
          <Group>
            <Button
              variant="light"
              leftSection={<IconArrowBackUp size={18} />}
              onClick={() => setReturning(true)}
              data-testid="order-return-open"
            >
              Nhập hàng trả lại
            </Button>
          </Group>
        )}
      </Stack>
      {returning && <OrderReturnDialog companyId={companyId} order={order} receipts={data} onClose={() => setReturning(false)} />}
    </Card>
  );
}
