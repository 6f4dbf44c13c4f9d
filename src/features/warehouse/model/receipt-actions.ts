/**
 * The status buttons a receipt's page offers: the moves the transition table allows from its
 * status (contract/warehouse-status.ts RECEIPT_TRANSITIONS), each only if the member's role has
 * the permission the move needs (receiptMoveAction: approve for moves that change stock, edit
 * for the others). The server checks both again.
 */
import { RECEIPT_TRANSITIONS, receiptMoveAction, type ReceiptKind, type ReceiptStatus } from '@contract/warehouse-status';

export type ReceiptRights = { edit: boolean; approve: boolean };

export type ReceiptAction = {
  to: ReceiptStatus;
  label: string;
  /** The main move of the status (filled button), the others are outlined; cancelling is red. */
  tone: 'primary' | 'default' | 'danger';
  /** Cancelling a receipt that moved stock reverses it: the reason is required. */
  needsReason: boolean;
  /** Receiving a transfer: the person says what arrived per line. */
  receive: boolean;
};

function label(kind: ReceiptKind, from: ReceiptStatus, to: ReceiptStatus): string {
  switch (to) {
    case 'pending':
      return 'Gửi duyệt';
    case 'draft':
      return 'Trả về nháp';
    case 'in_transit':
      return 'Xuất kho chuyển đi';
    case 'completed':
      if (kind === 'transfer') return 'Nhận hàng';
      return from === 'pending' ? 'Duyệt và hoàn thành' : 'Hoàn thành';
    case 'cancelled':
      return 'Hủy phiếu';
  }
}

export function receiptActions(kind: ReceiptKind, status: ReceiptStatus, rights: ReceiptRights): ReceiptAction[] {
  return RECEIPT_TRANSITIONS[kind][status]
    .filter((to) => rights[receiptMoveAction(status, to)])
    .map((to) => ({
      to,
      label: label(kind, status, to),
      tone: to === 'cancelled' ? 'danger' : to === 'completed' || to === 'in_transit' || to === 'pending' ? 'primary' : 'default',
      needsReason: to === 'cancelled' && (status === 'completed' || status === 'in_transit'),
      receive: kind === 'transfer' && to === 'completed',
    }));
}

/** What asking before a move says (moves that change stock cannot be taken back without a reversal). */
export function confirmText(kind: ReceiptKind, code: string, action: ReceiptAction): string | null {
  if (action.to === 'completed' && kind === 'check')
    return `Hoàn thành phiếu ${code}? Chênh lệch giữa số đếm và sổ sách sẽ được ghi vào tồn kho.`;
  if (action.to === 'completed' && kind !== 'transfer') return `Hoàn thành phiếu ${code}? Tồn kho sẽ được ghi theo phiếu.`;
  if (action.to === 'in_transit') return `Xuất hàng của phiếu ${code} khỏi kho? Hàng chuyển sang trạng thái đang chuyển.`;
  if (action.to === 'cancelled' && !action.needsReason) return `Hủy phiếu ${code}?`;
  return null;
}
