/**
 * /order/{id}: who ordered what (customer, address, rep, code and the phone's number), the status
 * with its history, the lines with unit, quantity, price, discount, VAT and total, the totals with
 * the amount in words; the moves the transition table allows (Xác nhận, Từ chối with a reason,
 * Bắt đầu giao, Hoàn thành, Hủy đơn with a reason), the payment status, the note and delivery
 * date, and printing (A4, A5, 80 mm). Offline it shows the device's copy, read-only. An order of
 * mine the server has not accepted yet shows where it stands (Chờ gửi, Đang gửi, or refused with
 * the changes the server asks for and the way to fix it), and turns into the server's copy, with
 * its official code, as soon as the sync has sent it.
 * Only what the member's role allows is offered: confirming and refusing need
 * orders/approve, the other moves, the payment and the note orders/edit; a member may always cancel
 * their own order until the office confirmed it. What other domains show of the order (the
 * warehouse's receipts and returns) comes in as `aside`, composed by the route.
 */
import { Grid, Stack, Title, Card } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderRecord } from '@contract/orders';
import type { AppDb } from '@/db/app-db';
import { LoadingBlock } from '@/ui/loading-block';
import { OrderHistory } from './order-detail-parts';
import { DeviceCopyNotice, OrderActionButtons, OrderHeaderCard, OrderMissing } from './order-detail-header';
import { OrderDialogs, OrderInfoCard, OrderLinesCard, PaymentCard, PrintCard } from './order-detail-sections';
import { useOrderDetailScreen } from './use-order-detail-screen';

type Props = {
  db: AppDb;
  companyId: number;
  id: string;
  isMobile: boolean;
  staffLabel: string;
  groupOrdersOn: boolean;
  /** Cards of other domains beside the order's own (the server's copy only), e.g. its stock receipts. */
  aside?: (order: OrderRecord) => ReactNode;
  /** What of those works from the device's copy (offline, or not sent yet): collecting for the order. */
  asideOnDevice?: (order: OrderRecord) => ReactNode;
  /** The payment status is set by hand (RECEIVABLE off); with it on, payments decide it (the aside shows them). */
  paymentByHand?: boolean;
};

export function OrderDetailView(props: Props) {
  const { db, companyId, id, isMobile, staffLabel, groupOrdersOn, aside, asideOnDevice, paymentByHand = true } = props;
  const screen = useOrderDetailScreen(db, companyId, id);
  const { detail, order, readOnly, rights, writes } = screen;

  if (detail.isPending) {
    return <LoadingBlock />;
  }
  if (detail.isError || !order) {
    return <OrderMissing error={detail.error} />;
  }

  const padding = isMobile ? 'sm' : 'md';
  const actionButtons = <OrderActionButtons moves={screen.moves} moveLabel={screen.moveLabel} onMove={screen.startMove} />;

  return (
    <Stack gap="md" data-testid="order-detail" data-status={order.status}>
      <DeviceCopyNotice
        db={db}
        unsent={screen.unsent}
        changed={screen.changed}
        readOnly={readOnly}
        deviceReason={detail.data?.deviceReason}
      />
      <OrderHeaderCard
        order={order}
        unsent={screen.unsent}
        reachable={screen.reachable}
        isMobile={isMobile}
        canApprove={rights.approve}
        hasMoves={screen.moves.length > 0}
        actionButtons={actionButtons}
      />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <OrderInfoCard
              order={order}
              padding={padding}
              staffLabel={staffLabel}
              groupOrdersOn={groupOrdersOn}
              canEdit={screen.canEdit}
              onEdit={() => {
                writes.edit.reset();
                screen.setEditing(true);
              }}
            />
            <OrderLinesCard order={order} isMobile={isMobile} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {rights.edit && paymentByHand && <PaymentCard order={order} padding={padding} readOnly={readOnly} payment={writes.payment} />}
            <PrintCard order={order} padding={padding} companyId={companyId} />
            {readOnly ? asideOnDevice?.(order) : aside?.(order)}
            <Card withBorder radius="md" padding={padding}>
              <Title order={5} mb="sm">
                Lịch sử trạng thái
              </Title>
              <OrderHistory order={order} history={detail.data?.history ?? []} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <OrderDialogs
        order={order}
        writes={writes}
        target={screen.target}
        approving={screen.approving}
        editing={screen.editing}
        setTarget={screen.setTarget}
        setEditing={screen.setEditing}
      />
    </Stack>
  );
}
