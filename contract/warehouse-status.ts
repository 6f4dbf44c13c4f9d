/**
 * Receipts (phiếu kho) and the moves between their statuses (product-spec.md §4: "Import, export,
 * check and transfer receipts each have a status update"; the values are ours, docs/warehouse.md).
 * Stock moves only when a receipt is completed (or, for a transfer, sent); a completed receipt is
 * never erased or edited (Luật Kế toán: no erasing): cancelling it writes reversing movements.
 */

/** Import (phiếu nhập kho, 01-VT), export (phiếu xuất kho, 02-VT), check (kiểm kê, 05-VT), transfer (chuyển kho). */
export const RECEIPT_KINDS = ['import', 'export', 'check', 'transfer'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = {
  import: 'Phiếu nhập kho',
  export: 'Phiếu xuất kho',
  check: 'Phiếu kiểm kho',
  transfer: 'Phiếu chuyển kho',
};

/** The code prefix of each kind's running numbers (PN000001…). */
export const RECEIPT_CODE_PREFIX: Record<ReceiptKind, string> = { import: 'PN', export: 'PX', check: 'KK', transfer: 'CK' };

export const RECEIPT_STATUSES = ['draft', 'pending', 'in_transit', 'completed', 'cancelled'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  draft: 'Nháp',
  pending: 'Chờ duyệt',
  in_transit: 'Đang chuyển',
  completed: 'Hoàn thành',
  cancelled: 'Đã hủy',
};

export const RECEIPT_STATUS_COLORS: Record<ReceiptStatus, string> = {
  draft: 'gray',
  pending: 'yellow',
  in_transit: 'indigo',
  completed: 'teal',
  cancelled: 'dark',
};

type Table = Record<ReceiptStatus, readonly ReceiptStatus[]>;

/**
 * A draft is edited, then sent for approval or completed by whoever may approve; a pending one can
 * go back to draft. A transfer is sent (stock leaves the source: in transit) and then received
 * (completed: stock arrives, possibly short). Cancelling a completed receipt reverses its stock.
 */
const STOCK_TABLE: Table = {
  draft: ['pending', 'completed', 'cancelled'],
  pending: ['draft', 'completed', 'cancelled'],
  in_transit: [],
  completed: ['cancelled'],
  cancelled: [],
};
const TRANSFER_TABLE: Table = {
  draft: ['pending', 'in_transit', 'cancelled'],
  pending: ['draft', 'in_transit', 'cancelled'],
  in_transit: ['completed', 'cancelled'],
  completed: ['cancelled'],
  cancelled: [],
};

export const RECEIPT_TRANSITIONS: Record<ReceiptKind, Table> = {
  import: STOCK_TABLE,
  export: STOCK_TABLE,
  check: STOCK_TABLE,
  transfer: TRANSFER_TABLE,
};

/** Why a move is refused, in words a storekeeper understands; null when it is allowed. */
export function receiptMoveProblem(kind: ReceiptKind, from: ReceiptStatus, to: ReceiptStatus): string | null {
  if (from === to) return `Phiếu đã ở trạng thái "${RECEIPT_STATUS_LABELS[to]}"`;
  if (RECEIPT_TRANSITIONS[kind][from].includes(to)) return null;
  if (RECEIPT_TRANSITIONS[kind][from].length === 0) return `Phiếu "${RECEIPT_STATUS_LABELS[from]}" không thể chuyển trạng thái nữa`;
  return `Không thể chuyển phiếu từ "${RECEIPT_STATUS_LABELS[from]}" sang "${RECEIPT_STATUS_LABELS[to]}"`;
}

/** Moves that change stock need the warehouse area's `approve`; the others its `edit`. */
export function receiptMoveAction(from: ReceiptStatus, to: ReceiptStatus): 'approve' | 'edit' {
  if (to === 'completed' || to === 'in_transit') return 'approve';
  if (to === 'cancelled' && (from === 'completed' || from === 'in_transit')) return 'approve';
  return 'edit';
}

/** Lines may change only while the receipt is a draft. */
export const EDITABLE_STATUSES: readonly ReceiptStatus[] = ['draft'];

/** Lot status: sellable, held apart (returns, doubtful quality) until released, or recalled for good. */
export const LOT_STATUSES = ['usable', 'quarantine', 'recalled'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];
export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  usable: 'Được bán',
  quarantine: 'Biệt trữ',
  recalled: 'Thu hồi',
};
export const LOT_STATUS_COLORS: Record<LotStatus, string> = { usable: 'teal', quarantine: 'orange', recalled: 'red' };
/** A quarantined lot may be released or recalled; a recalled one stays recalled (it may only leave by an export). */
export const LOT_TRANSITIONS: Record<LotStatus, readonly LotStatus[]> = {
  usable: ['quarantine', 'recalled'],
  quarantine: ['usable', 'recalled'],
  recalled: [],
};
