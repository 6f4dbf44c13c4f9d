/**
 * The mobile header's back arrow (product-spec.md §2 "Back behaviour"): from a page whose query has
 * type=confirm, ask first; from type=detail on an order page, go to the order list; otherwise go
 * back one step.
 */
export const LEAVE_CONFIRMATION = 'Bạn đang thực hiện thao tác, bạn có chắc muốn quay lại ?';

export type BackAction = { kind: 'confirm-then-back' } | { kind: 'navigate'; to: string } | { kind: 'history-back' };

export function backAction(pathname: string, search: Record<string, unknown>): BackAction {
  if (search.type === 'confirm') return { kind: 'confirm-then-back' };
  if (search.type === 'detail' && (pathname === '/order' || pathname.startsWith('/order/'))) return { kind: 'navigate', to: '/order' };
  return { kind: 'history-back' };
}
