/**
 * Order statuses and the moves between them, enforced by the server and offered by the
 * client. A distributor's flow: a rep submits (Chờ xác nhận), the office confirms or refuses, the
 * warehouse ships (Đang giao), delivery completes it. Cancelling is possible until it ships;
 * a refused order can be fixed and submitted again.
 */
export const ORDER_STATUSES = ['draft', 'pending', 'confirmed', 'delivering', 'completed', 'returned', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Dự thảo',
  pending: 'Chờ xác nhận',
  confirmed: 'Đã xác nhận',
  delivering: 'Đang giao',
  completed: 'Hoàn thành',
  returned: 'Đã hoàn trả',
  rejected: 'Từ chối',
  cancelled: 'Đã hủy',
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  confirmed: 'blue',
  delivering: 'indigo',
  completed: 'teal',
  returned: 'grape',
  rejected: 'red',
  cancelled: 'dark',
};

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  draft: ['pending', 'cancelled'],
  pending: ['confirmed', 'rejected', 'cancelled'],
  confirmed: ['delivering', 'cancelled'],
  // A delivery that comes back returns the order (docs/delivery.md): its goods come back into stock.
  delivering: ['completed', 'returned'],
  completed: [],
  returned: [],
  rejected: ['pending', 'cancelled'],
  cancelled: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Why a move is refused, in words the office understands; null when it is allowed. */
export function moveProblem(from: OrderStatus, to: OrderStatus): string | null {
  if (from === to) return `Đơn hàng đã ở trạng thái "${ORDER_STATUS_LABELS[to]}"`;
  if (canMove(from, to)) return null;
  if (ORDER_TRANSITIONS[from].length === 0) return `Đơn hàng "${ORDER_STATUS_LABELS[from]}" không thể chuyển trạng thái nữa`;
  return `Không thể chuyển đơn hàng từ "${ORDER_STATUS_LABELS[from]}" sang "${ORDER_STATUS_LABELS[to]}"`;
}

/**
 * The permission a move needs: confirming or refusing a submitted order is approving
 * it; shipping, completing and cancelling are handling it.
 */
export function moveAction(to: OrderStatus): 'approve' | 'edit' {
  return to === 'confirmed' || to === 'rejected' ? 'approve' : 'edit';
}

/** A rep may cancel their own order until the office has confirmed it. */
export const OWNER_CANCELLABLE: readonly OrderStatus[] = ['draft', 'pending', 'rejected'];

/** Statuses that need a reason (shown to the rep). */
export const NEEDS_REASON: readonly OrderStatus[] = ['rejected', 'cancelled'];

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Chưa thanh toán',
  partial: 'Thanh toán một phần',
  paid: 'Đã thanh toán',
};
