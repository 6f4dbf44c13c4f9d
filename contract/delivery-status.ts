/**
 * Delivery statuses (docs/delivery.md "Statuses"): the app's own, what each carrier's codes mean in
 * them (after Haravan's carrier status mapping; the codes from each carrier's document, named in
 * docs/provider-sources.md), the rule that keeps a late or repeated carrier event from moving a
 * delivery backwards, and the moves a delivery's status asks of its order.
 */
import type { OrderStatus } from './orders-status';

export const DELIVERY_STATUSES = [
  'creating',
  'create_failed',
  'waiting_pickup',
  'picked',
  'delivering',
  'delivery_failed',
  'delivered',
  'returning',
  'returned',
  'cancelled',
  'incident',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  creating: 'Đang gửi sang hãng',
  create_failed: 'Gửi đơn lỗi',
  waiting_pickup: 'Chờ lấy hàng',
  picked: 'Đang vận chuyển',
  delivering: 'Đang giao',
  delivery_failed: 'Giao không thành công',
  delivered: 'Đã giao',
  returning: 'Đang hoàn hàng',
  returned: 'Đã hoàn hàng',
  cancelled: 'Đã hủy',
  incident: 'Có sự cố',
};

export const DELIVERY_STATUS_COLORS: Record<DeliveryStatus, string> = {
  creating: 'gray',
  create_failed: 'red',
  waiting_pickup: 'yellow',
  picked: 'blue',
  delivering: 'indigo',
  delivery_failed: 'orange',
  delivered: 'teal',
  returning: 'grape',
  returned: 'dark',
  cancelled: 'dark',
  incident: 'red',
};

/** Nothing a carrier says afterwards moves these (a late "delivering" after "delivered"). */
export const FINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['delivered', 'returned', 'cancelled', 'create_failed'];

/** A delivery in these can still be cancelled at the carrier (before the goods are picked up). */
export const CANCELLABLE_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['waiting_pickup', 'create_failed'];

/** Deliveries that hold their order: a second one for the same order is refused until this one ends. */
export function isActiveDelivery(status: DeliveryStatus): boolean {
  return status !== 'cancelled' && status !== 'create_failed';
}

/** GHN's order statuses (api.ghn.vn; Haravan's mapping page). */
export const GHN_STATUS_MAP: Record<string, DeliveryStatus> = {
  ready_to_pick: 'waiting_pickup',
  picking: 'waiting_pickup',
  money_collect_picking: 'waiting_pickup',
  picked: 'picked',
  storing: 'picked',
  transporting: 'picked',
  sorting: 'picked',
  delivering: 'delivering',
  money_collect_delivering: 'delivering',
  delivered: 'delivered',
  delivery_fail: 'delivery_failed',
  waiting_to_return: 'delivery_failed',
  return: 'returning',
  return_transporting: 'returning',
  return_sorting: 'returning',
  returning: 'returning',
  return_fail: 'returning',
  returned: 'returned',
  cancel: 'cancelled',
  exception: 'incident',
  lost: 'incident',
  damage: 'incident',
};

/** GHTK's status_id (docs.giaohangtietkiem.vn webhook page), shipper-reported ones included. */
export const GHTK_STATUS_MAP: Record<string, DeliveryStatus> = {
  '-1': 'cancelled',
  '1': 'waiting_pickup',
  '2': 'waiting_pickup',
  '12': 'waiting_pickup',
  '7': 'waiting_pickup',
  '8': 'waiting_pickup',
  '127': 'waiting_pickup',
  '128': 'waiting_pickup',
  '3': 'picked',
  '123': 'picked',
  '4': 'delivering',
  '10': 'delivering',
  '410': 'delivering',
  '5': 'delivered',
  '6': 'delivered',
  '45': 'delivered',
  '9': 'delivery_failed',
  '49': 'delivery_failed',
  '20': 'returning',
  '21': 'returned',
  '11': 'returned',
  '13': 'incident',
};

/** Viettel Post's ORDER_STATUS (its partner API document, "Bảng trạng thái"). */
export const VTP_STATUS_MAP: Record<string, DeliveryStatus> = {
  '100': 'waiting_pickup',
  '101': 'cancelled',
  '102': 'waiting_pickup',
  '103': 'waiting_pickup',
  '104': 'waiting_pickup',
  '105': 'picked',
  '107': 'cancelled',
  '200': 'picked',
  '201': 'cancelled',
  '300': 'picked',
  '400': 'picked',
  '509': 'picked',
  '500': 'delivering',
  '507': 'delivering',
  '508': 'delivering',
  '550': 'delivering',
  '501': 'delivered',
  '505': 'delivery_failed',
  '506': 'delivery_failed',
  '502': 'returning',
  '515': 'returning',
  '503': 'cancelled',
  '504': 'returned',
};

export const CARRIER_STATUS_MAPS = { ghn: GHN_STATUS_MAP, ghtk: GHTK_STATUS_MAP, vtp: VTP_STATUS_MAP } as const;

/** The app's status for a carrier's code; null for a code that changes nothing (VTP 202 "edited", an unknown one). */
export function mapCarrierStatus(carrier: keyof typeof CARRIER_STATUS_MAPS, code: string | number): DeliveryStatus | null {
  return CARRIER_STATUS_MAPS[carrier][String(code)] ?? null;
}

/**
 * Whether a carrier event moves the delivery: never out of a final status, never back to an event
 * older than the last one applied (carriers retry and deliver out of order). An event as old as the
 * last one moves it only forward in the usual flow, so two events of one second keep their order.
 */
export function eventMovesDelivery(
  current: { status: DeliveryStatus; lastEventAt: Date | null },
  event: { status: DeliveryStatus; at: Date },
): boolean {
  if (FINAL_DELIVERY_STATUSES.includes(current.status) || current.status === event.status) return false;
  if (!current.lastEventAt) return true;
  const [at, last] = [event.at.getTime(), current.lastEventAt.getTime()];
  if (at !== last) return at > last;
  return DELIVERY_STATUSES.indexOf(event.status) > DELIVERY_STATUSES.indexOf(current.status);
}

/** Statuses in which the goods have left the warehouse with the carrier. */
const GOODS_OUT: readonly DeliveryStatus[] = ['picked', 'delivering', 'delivery_failed', 'returning', 'incident', 'delivered', 'returned'];

/**
 * The order moves a delivery's new status asks for, in order (contract/orders-status.ts): the
 * goods leaving ships it (Đang giao: the warehouse issues its export), delivered completes it, and
 * a delivery come back returns it (the goods come back in through the warehouse's return receipt).
 */
export function orderMovesFor(delivery: DeliveryStatus, order: OrderStatus): OrderStatus[] {
  if (!GOODS_OUT.includes(delivery)) return [];
  const moves: OrderStatus[] = order === 'confirmed' ? ['delivering'] : [];
  if (order !== 'confirmed' && order !== 'delivering') return [];
  if (delivery === 'delivered') moves.push('completed');
  if (delivery === 'returned') moves.push('returned');
  return moves;
}
