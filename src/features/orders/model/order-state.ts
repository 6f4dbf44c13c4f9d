/**
 * Where one of my orders stands with the server, as the rep reads it (docs/offline-sync.md "What the rep sees"):
 * Nháp (the cart) / Chờ gửi / Đang gửi / Đã nhận DH000123 / Đã nhận – có thay đổi / Bị từ chối – Sửa.
 * And what the server changed or refused, line by line, in Vietnamese.
 */
import { formatMoney } from '@contract/money';
import type { LocalOrder, OutboxState } from '@/db/app-db';
import { lineName } from '@/lib/line-name';

export type OrderChipKind = 'draft' | 'queued' | 'sending' | 'received' | 'changed' | 'refused';

export type OrderChip = { kind: OrderChipKind; label: string; color: string };

export const DRAFT_CHIP: OrderChip = { kind: 'draft', label: 'Nháp', color: 'gray' };

/** The chip of an order, from its sync state and the state of its latest op (if still queued). */
export function orderChip(order: Pick<LocalOrder, 'syncState' | 'code' | 'changes'>, opState?: OutboxState | null): OrderChip {
  if (order.syncState === 'rejected') return { kind: 'refused', label: 'Bị từ chối – Sửa', color: 'red' };
  if (order.syncState === 'pending') {
    return opState === 'sending'
      ? { kind: 'sending', label: 'Đang gửi', color: 'blue' }
      : { kind: 'queued', label: 'Chờ gửi', color: 'yellow' };
  }
  if (order.changes.length > 0) return { kind: 'changed', label: 'Đã nhận – có thay đổi', color: 'orange' };
  return { kind: 'received', label: order.code ? `Đã nhận ${order.code}` : 'Đã nhận', color: 'teal' };
}

export type ChangeLine = { key: string; text: string; from: string | null; to: string | null };

const LINE_FIELD = /^lines\.(\d+)\.(unitPrice|quantity|variantId|unit)$/;

function lineLabel(order: LocalOrder, index: number): string | null {
  const line = order.lines[index];
  if (!line) return null;
  return lineName(line);
}

/**
 * Each change the server asked for, in words. A refused order still holds the lines it was sent
 * with, so a change names its line; an accepted one holds the server's lines (a line may have been
 * dropped), so there the server's own sentence is shown.
 */
export function describeChanges(order: LocalOrder): ChangeLine[] {
  const lineAware = order.syncState !== 'synced';
  return order.changes.map((change, position) => {
    const key = `${change.field}:${position}`;
    // The order's total, old and new, as the rest: struck through → bold.
    if (change.field === 'total' && typeof change.from === 'number' && typeof change.to === 'number')
      return { key, text: 'Tổng tiền', from: formatMoney(change.from), to: formatMoney(change.to) };
    const match = LINE_FIELD.exec(change.field);
    const label = match && lineAware ? lineLabel(order, Number(match[1])) : null;
    if (!match || !label) return { key, text: change.message, from: null, to: null };
    const line = order.lines[Number(match[1])]!;
    if (match[2] === 'unitPrice') {
      return {
        key,
        text: `Giá ${label} (${line.unit}) đã tăng`,
        from: formatMoney(Number(change.from)),
        to: formatMoney(Number(change.to)),
      };
    }
    if (match[2] === 'quantity') {
      const to = Number(change.to);
      return {
        key,
        text: to === 0 ? `${label}: đã hết hàng` : `${label}: không đủ hàng`,
        from: `${String(change.from)} ${line.unit}`,
        to: `${to} ${line.unit}`,
      };
    }
    return { key, text: change.message, from: null, to: null };
  });
}

/** The refusal says promotions give less than the phone promised (PROMOTION_CHANGED, docs/promotions.md). */
export function isPromotionRefusal(order: LocalOrder): boolean {
  return order.syncState === 'rejected' && order.changes.some((change) => change.field.startsWith('promotion.'));
}

/** The refusal asks the rep to accept higher prices (the button then says so). */
export function isPriceRefusal(order: LocalOrder): boolean {
  return order.syncState === 'rejected' && order.changes.some((change) => change.field.endsWith('.unitPrice'));
}
