/**
 * What the screens offer from the transition table (contract/orders-status.ts): the buttons of an
 * order's detail and the targets of a bulk move. The server enforces the same table; offering only
 * allowed moves spares the office a refusal.
 */
import { moveAction, NEEDS_REASON, ORDER_STATUSES, ORDER_TRANSITIONS, OWNER_CANCELLABLE, type OrderStatus } from '@contract/orders-status';

/** The verb on the button that moves an order to a status. */
export const MOVE_LABELS: Record<OrderStatus, string> = {
  draft: 'Chuyển về dự thảo',
  pending: 'Gửi lại chờ xác nhận',
  confirmed: 'Xác nhận',
  delivering: 'Bắt đầu giao',
  completed: 'Hoàn thành',
  returned: 'Hoàn trả (hàng về kho)',
  rejected: 'Từ chối',
  cancelled: 'Hủy đơn',
};

export const MOVE_COLORS: Record<OrderStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  confirmed: 'blue',
  delivering: 'indigo',
  completed: 'teal',
  returned: 'grape',
  rejected: 'red',
  cancelled: 'red',
};

/** Statuses a move to which asks for a reason (shown to the rep). */
export function needsReason(status: OrderStatus): boolean {
  return NEEDS_REASON.includes(status);
}

/** The moves offered on an order's detail, in the table's order (the main action first). */
export function movesFrom(status: OrderStatus): OrderStatus[] {
  return [...ORDER_TRANSITIONS[status]];
}

/** What the member's role allows on orders: handling them, and approving them. */
export type OrderRights = { edit: boolean; approve: boolean };

/** Whether the role may move orders to a status (confirming or refusing is approving). */
export function mayMove(rights: OrderRights, to: OrderStatus): boolean {
  return rights[moveAction(to)];
}

/**
 * The moves offered on one order to this member: those of the table their role allows, and
 * cancelling their own order before the office confirmed it, which they may always do.
 */
export function allowedMovesFrom(status: OrderStatus, rights: OrderRights, own: boolean): OrderStatus[] {
  return movesFrom(status).filter((to) => mayMove(rights, to) || (to === 'cancelled' && own && OWNER_CANCELLABLE.includes(status)));
}

export type BulkTarget = { status: OrderStatus; movable: number; total: number };

/**
 * Targets of a bulk move for the selected orders' statuses: each status some selected order may
 * move to, with how many of them can. Listed in the order of ORDER_STATUSES; none for an empty
 * selection or one whose orders are all finished.
 */
export function bulkTargets(selected: readonly OrderStatus[]): BulkTarget[] {
  const targets: BulkTarget[] = [];
  for (const status of ORDER_STATUSES) {
    const movable = selected.filter((from) => ORDER_TRANSITIONS[from].includes(status)).length;
    if (movable > 0) targets.push({ status, movable, total: selected.length });
  }
  return targets;
}
