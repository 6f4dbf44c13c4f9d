/**
 * The events that notify, one named function each, called by the module where the event happens,
 * in its transaction (docs/notifications.md "What notifies whom"). The one who caused an event is
 * never notified of it.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '@contract/orders-status';
import type { Db } from '@server/kernel/db/client';
import { notify, resolveWaiting } from './notify';
import { companyOwners, managerOf, membersWhoCan } from './recipients';

const others = (ids: number[], actor: number) => ids.filter((id) => id !== actor);

/** Someone asked to join (server/modules/company): the owners decide. */
export async function notifyJoinRequest(
  tx: Db,
  event: { companyId: number; membershipId: number; requesterId: number; requesterName: string; requesterPhone: string },
): Promise<void> {
  await notify(tx, others(await companyOwners(tx, event.companyId), event.requesterId), {
    companyId: event.companyId,
    kind: 'join_request',
    subjectKey: `join:${event.membershipId}`,
    title: `${event.requesterName} xin tham gia công ty`,
    body: `Số điện thoại ${event.requesterPhone}. Chấp nhận hoặc từ chối yêu cầu.`,
    link: '/join-requests',
  });
}

/** The owner decided a join request: it no longer waits, and the person is told. */
export async function notifyJoinDecision(
  tx: Db,
  event: { companyId: number; companyTitle: string; membershipId: number; requesterId: number; accepted: boolean },
): Promise<void> {
  await resolveWaiting(tx, event.companyId, [`join:${event.membershipId}`]);
  await notify(tx, [event.requesterId], {
    companyId: event.companyId,
    kind: 'join_decision',
    title: event.accepted
      ? `${event.companyTitle} đã chấp nhận yêu cầu tham gia của bạn`
      : `${event.companyTitle} đã từ chối yêu cầu tham gia của bạn`,
    body: event.accepted ? 'Chọn công ty trong danh sách để bắt đầu làm việc.' : '',
    link: '/',
  });
}

/**
 * An order over its rep's discount limit (server/modules/orders): those who may approve it with the
 * whole company in view (owners, company-scope roles), and the rep's own manager when they may.
 */
export async function notifyDiscountApproval(
  tx: Db,
  event: { companyId: number; orderId: string; code: string; customerName: string; reason: string; repId: number },
): Promise<void> {
  const manager = await managerOf(tx, event.companyId, event.repId);
  const approvers = (await membersWhoCan(tx, event.companyId, 'orders', 'approve'))
    .filter((member) => member.scope === 'company' || member.accountId === manager)
    .map((member) => member.accountId);
  await notify(tx, others(approvers, event.repId), {
    companyId: event.companyId,
    kind: 'discount_approval',
    subjectKey: `order-approval:${event.orderId}`,
    title: `Đơn ${event.code} chờ duyệt chiết khấu`,
    body: `${event.customerName}. ${event.reason}`,
    link: `/order/${event.orderId}`,
  });
}

/**
 * A rep's order was taken with changes (less stock, a tier or gift it cost, a new total): the rep is
 * told, whether or not the phone is open when its queue is sent (server/modules/orders order-submit.ts).
 */
export async function notifyOrderChanged(
  tx: Db,
  event: { companyId: number; orderId: string; code: string; repId: number; changes: readonly { message: string }[] },
): Promise<void> {
  await notify(tx, [event.repId], {
    companyId: event.companyId,
    kind: 'order_changed',
    title: `Đơn ${event.code} được nhận với thay đổi`,
    body: event.changes.map((change) => change.message).join('; '),
    link: `/order/${event.orderId}`,
  });
}

/**
 * A customer's GPP/GDP certificate expires within the company's notice days (server/modules/pharma
 * licence-expiry.ts): their rep is told once per certificate, so the pharmacy renews before sales stop.
 */
export async function notifyLicenceExpiring(
  tx: Db,
  event: { companyId: number; repId: number; customerId: string; customerName: string; gppExpiry: string; daysLeft: number },
): Promise<number> {
  const sent = await notify(tx, [event.repId], {
    companyId: event.companyId,
    kind: 'licence_expiry',
    subjectKey: `licence:${event.customerId}:${event.gppExpiry}`,
    title: `Giấy chứng nhận GPP của ${event.customerName} sắp hết hạn`,
    body: `Hết hạn ngày ${event.gppExpiry.split('-').reverse().join('/')} (còn ${event.daysLeft} ngày). Nhắc khách gia hạn và cập nhật giấy phép trên ứng dụng.`,
    link: `/customers/${event.customerId}`,
  });
  return sent.length;
}

/** An order changed status (server/modules/orders/order-moves.ts): its rep is told; a settled order no longer waits for approval. */
export async function notifyOrderMoved(
  tx: Db,
  event: {
    companyId: number;
    orderId: string;
    code: string;
    ownerId: number;
    /** null: moved by news from outside (a carrier), so the rep is told even of their own booking. */
    moverId: number | null;
    from: OrderStatus;
    to: OrderStatus;
    reason: string | null;
  },
): Promise<void> {
  if (event.from === 'pending' && event.to !== 'pending') await resolveWaiting(tx, event.companyId, [`order-approval:${event.orderId}`]);
  if (event.ownerId === event.moverId) return;
  await notify(tx, [event.ownerId], {
    companyId: event.companyId,
    kind: 'order_status',
    title: `Đơn ${event.code}: ${ORDER_STATUS_LABELS[event.to]}`,
    body: event.reason ? `Lý do: ${event.reason}` : `Từ "${ORDER_STATUS_LABELS[event.from]}" sang "${ORDER_STATUS_LABELS[event.to]}".`,
    link: `/order/${event.orderId}`,
  });
}

/**
 * A delivery's status changed (for the delivery module: it calls this when a carrier's update or a
 * person moves a delivery order). The order's rep is told.
 */
export async function notifyDeliveryStatus(
  tx: Db,
  event: { companyId: number; orderId: string; orderCode: string; ownerId: number; statusLabel: string; link?: string },
): Promise<void> {
  await notify(tx, [event.ownerId], {
    companyId: event.companyId,
    kind: 'delivery_status',
    title: `Giao hàng đơn ${event.orderCode}: ${event.statusLabel}`,
    link: event.link ?? `/order/${event.orderId}`,
  });
}

/**
 * A delivery reached its end at the customer's door, delivered or failed (for the delivery module:
 * a carrier's event or a self-delivery step): the office hears of it. Who booked it, and the members
 * who manage deliveries (orders/edit) with the whole company in view or as the rep's own manager;
 * never the person who moved it, nor the order's rep (told through the order's status or
 * notifyDeliveryStatus). Each once per delivery and outcome, however often the news comes.
 */
export async function notifyDeliveryOutcome(
  tx: Db,
  event: {
    companyId: number;
    deliveryId: string;
    deliveryCode: string;
    orderId: string;
    orderCode: string;
    customerName: string;
    delivered: boolean;
    /** Failed: why (the shipper's reason, the carrier's words), when known. */
    reason: string | null;
    bookerId: number | null;
    repId: number;
    /** null: the carrier's news, no person's. */
    moverId: number | null;
  },
): Promise<void> {
  const manager = await managerOf(tx, event.companyId, event.repId);
  const office = (await membersWhoCan(tx, event.companyId, 'orders', 'edit'))
    .filter((member) => member.scope === 'company' || member.accountId === manager)
    .map((member) => member.accountId);
  const recipients = [...(event.bookerId === null ? [] : [event.bookerId]), ...office].filter(
    (id) => id !== event.moverId && id !== event.repId,
  );
  await notify(tx, recipients, {
    companyId: event.companyId,
    kind: 'delivery_status',
    subjectKey: `delivery-outcome:${event.deliveryId}:${event.delivered ? 'delivered' : 'failed'}`,
    title: `Đơn ${event.orderCode} ${event.delivered ? 'đã giao thành công' : 'giao không thành công'}`,
    body: [`${event.customerName}, đơn vận chuyển ${event.deliveryCode}.`, event.reason ? `Lý do: ${event.reason}.` : '']
      .filter(Boolean)
      .join(' '),
    link: `/order/${event.orderId}`,
  });
}

/** A role change waits for approval (server/modules/employees): those who may approve roles. */
export async function notifyRoleRequest(
  tx: Db,
  event: { companyId: number; requestId: number; memberName: string; roleName: string; requesterId: number },
): Promise<void> {
  const approvers = (await membersWhoCan(tx, event.companyId, 'roles', 'approve')).map((member) => member.accountId);
  await notify(tx, others(approvers, event.requesterId), {
    companyId: event.companyId,
    kind: 'role_request',
    subjectKey: `role-request:${event.requestId}`,
    title: `Đổi vai trò của ${event.memberName} chờ duyệt`,
    body: `Vai trò mới: ${event.roleName}.`,
    link: '/role?tab=requests',
  });
}

export async function resolveRoleRequest(tx: Db, companyId: number, requestId: number): Promise<void> {
  await resolveWaiting(tx, companyId, [`role-request:${requestId}`]);
}

/** A programme waits for approval (server/modules/promotions): those who may approve programmes. */
export async function notifyPromotionWaiting(
  tx: Db,
  event: { companyId: number; promotionId: number; code: string; name: string; creatorId: number },
): Promise<void> {
  const approvers = (await membersWhoCan(tx, event.companyId, 'promotions', 'approve')).map((member) => member.accountId);
  await notify(tx, others(approvers, event.creatorId), {
    companyId: event.companyId,
    kind: 'promotion_approval',
    subjectKey: `promotion:${event.promotionId}`,
    title: `Chương trình ${event.code} chờ duyệt`,
    body: event.name,
    link: `/promotion/${event.promotionId}`,
  });
}

export async function resolvePromotion(tx: Db, companyId: number, promotionId: number): Promise<void> {
  await resolveWaiting(tx, companyId, [`promotion:${promotionId}`]);
}
