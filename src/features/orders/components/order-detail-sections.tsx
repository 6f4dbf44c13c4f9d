/**
 * The cards of /order/{id} (order-detail-view.tsx): who ordered what, the lines and totals, the
 * payment status, printing, the status history, and the dialogs of a move and of an edit.
 */
import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPrinter } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { OrderRecord } from '@contract/orders';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '@contract/orders-status';
import { formatDate } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { toast } from '@/ui/toast';
import { OrderEditDialog } from './order-detail-edit';
import { OrderLineCards, OrderLinesTable, OrderTotalsPanel } from './order-detail-parts';
import { orderLabel } from './order-list-table';
import { PRINT_FORMAT_LABELS, PRINT_FORMATS } from './order-print-model';
import { PharmacyFileButton } from './pharmacy-file-button';
import { OrderStatusDialog } from './order-status-dialog';
import { PRINT_BUTTON_LABELS, type OrderWrites } from './use-order-detail-screen';
import { Fact } from '@/ui/fact';

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

type InfoCardProps = {
  order: OrderRecord;
  padding: 'sm' | 'md';
  staffLabel: string;
  groupOrdersOn: boolean;
  canEdit: boolean;
  onEdit: () => void;
};

/** The customer, the rep, the order's type, delivery date and note, and the way to edit the last two. */
export function OrderInfoCard({ order, padding, staffLabel, groupOrdersOn, canEdit, onEdit }: InfoCardProps) {
  return (
    <Card withBorder radius="md" padding={padding}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Khách hàng">
          <AnchorLink to="/customers/$id" params={{ id: order.customer_id }} fw={600} size="sm">
            {order.customer_name}
          </AnchorLink>{' '}
          <Text span size="xs" c="dimmed">
            ({order.customer_code})
          </Text>
        </Fact>
        <Fact label="Điện thoại">
          {order.customer_phone ? (
            <Anchor href={`tel:${order.customer_phone}`} size="sm">
              {order.customer_phone}
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Địa chỉ">{dash(order.customer_address)}</Fact>
        <Fact label={staffLabel}>{dash(order.account_name)}</Fact>
        <Fact label="Loại đơn">
          <span data-testid="order-type-name">{dash(order.order_type_name)}</span>
        </Fact>
        <Fact label="Ngày giao">{order.delivery_date ? formatDate(order.delivery_date) : '—'}</Fact>
        <Fact label="Ghi chú">{dash(order.note)}</Fact>
        {groupOrdersOn && order.group_id !== null && (
          <Fact label="Nhóm đơn giao">
            <AnchorLink to="/order-groups/$id" params={{ id: String(order.group_id) }} size="sm">
              Xem nhóm đơn
            </AnchorLink>
          </Fact>
        )}
      </SimpleGrid>
      {canEdit && (
        <Group mt="sm">
          <Button variant="subtle" size="compact-sm" leftSection={<IconEdit size={14} />} onClick={onEdit} data-testid="order-edit">
            Sửa ghi chú, ngày giao
          </Button>
        </Group>
      )}
    </Card>
  );
}

export function OrderLinesCard({ order, isMobile }: { order: OrderRecord; isMobile: boolean }) {
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
      <Title order={5} mb="sm">
        Sản phẩm ({order.lines.length})
      </Title>
      {isMobile ? <OrderLineCards order={order} /> : <OrderLinesTable order={order} />}
      <Group justify="flex-end" mt="md">
        <div style={{ width: isMobile ? '100%' : 380 }}>
          <OrderTotalsPanel order={order} />
        </div>
      </Group>
    </Card>
  );
}

type PaymentCardProps = { order: OrderRecord; padding: 'sm' | 'md'; readOnly: boolean; payment: OrderWrites['payment'] };

/** The payment status set by hand. */
export function PaymentCard({ order, padding, readOnly, payment }: PaymentCardProps) {
  const changePayment = (value: string | null) => {
    if (!value || value === order.payment_status) return;
    payment.mutate(
      { id: order.id, paymentStatus: value as PaymentStatus },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <Card withBorder radius="md" padding={padding}>
      <Select
        label="Thanh toán"
        data={PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] }))}
        value={order.payment_status}
        onChange={changePayment}
        allowDeselect={false}
        disabled={readOnly || payment.isPending}
        data-testid="order-payment"
      />
    </Card>
  );
}

export function PrintCard({ order, padding, companyId }: { order: OrderRecord; padding: 'sm' | 'md'; companyId: number }) {
  return (
    <Card withBorder radius="md" padding={padding}>
      <Title order={5} mb="sm">
        In đơn hàng
      </Title>
      <Group gap="xs" data-testid="order-print-buttons">
        {PRINT_FORMATS.map((format) => (
          <Button
            key={format}
            renderRoot={(props) => <Link to="/order/print/$id" params={{ id: order.id }} search={{ format }} {...props} />}
            variant="default"
            leftSection={<IconPrinter size={16} />}
            aria-label={`${PRINT_BUTTON_LABELS[format]} (${PRINT_FORMAT_LABELS[format]})`}
            data-testid={`order-print-${format}`}
          >
            {PRINT_BUTTON_LABELS[format]}
          </Button>
        ))}
      </Group>
      <Stack gap={4} mt="sm">
        <PharmacyFileButton companyId={companyId} order={order} />
      </Stack>
    </Card>
  );
}

type DialogsProps = {
  order: OrderRecord;
  writes: OrderWrites;
  target: OrderStatus | null;
  approving: boolean;
  editing: boolean;
  setTarget: (target: OrderStatus | null) => void;
  setEditing: (editing: boolean) => void;
};

/** The dialog of a move (with its reason) and the one that edits the note and delivery date. */
export function OrderDialogs({ order, writes, target, approving, editing, setTarget, setEditing }: DialogsProps) {
  const { move, edit } = writes;
  const confirmMove = (reason: string | null) => {
    if (!target) return;
    move.mutate(
      { id: order.id, status: target, reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setTarget(null);
        },
      },
    );
  };
  return (
    <>
      <OrderStatusDialog
        target={target}
        description={<b>đơn {orderLabel(order)}</b>}
        note={target === 'confirmed' && approving ? `Xác nhận là duyệt chiết khấu: ${order.discount_approval?.reason ?? ''}.` : null}
        busy={move.isPending}
        error={move.error?.message ?? null}
        onClose={() => setTarget(null)}
        onConfirm={confirmMove}
      />
      <OrderEditDialog
        order={editing ? order : null}
        busy={edit.isPending}
        error={edit.error?.message ?? null}
        onClose={() => setEditing(false)}
        onSave={(input) =>
          edit.mutate(
            { id: order.id, ...input },
            {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setEditing(false);
              },
            },
          )
        }
      />
    </>
  );
}
