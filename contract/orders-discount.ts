/**
 * A rep's discount against their role's maximum (without one, a rep could send a 0 ₫ order). A role
 * may set "Chiết khấu tối đa (%)" (contract/roles.ts; empty: no limit). An order whose rep discount
 * goes over it is not refused, since the pharmacy is waiting and the manager may well agree: it is
 * taken as waiting for approval, with the reason, and confirming it is approving it (the confirm move
 * needs orders/approve, contract/orders-status.ts). The phone runs this before sending to say so; the
 * server runs it on order.submit and decides (docs/decisions.md).
 *
 * The limit holds per line, counted on what the line is worth after its own promotions (the rep
 * cannot take more than the limit off any one product), and therefore for the order as a whole:
 * the order's discount over its worth is the lines' weighted mean, never above the highest line.
 */
import { formatNumber, roundDong } from './money';
import type { LineAmounts, LineDiscount } from './orders-totals';
import type { MemberAccess } from './roles';

export const DISCOUNT_APPROVAL_STATES = ['needed', 'approved'] as const;
export type DiscountApprovalState = (typeof DISCOUNT_APPROVAL_STATES)[number];

/** On an order (OrderRecord.discount_approval): why it needed approval, and who gave it. */
export type DiscountApproval = {
  state: DiscountApprovalState;
  reason: string;
  /** The name of who approved it (confirming the order), once approved. */
  approved_by: string | null;
  approved_at: string | null;
};

export const DISCOUNT_APPROVAL_LABELS: Record<DiscountApprovalState, string> = {
  needed: 'Chờ duyệt chiết khấu',
  approved: 'Đã duyệt chiết khấu',
};

/** The seller's limit: their role's name (for the reason) and its maximum percent, null for none. */
export type DiscountLimit = { roleName: string; maxPercent: number | null };

export type DiscountedLine = {
  label: string;
  discount: LineDiscount | null;
  amounts: Pick<LineAmounts, 'base' | 'discount'>;
};

const percentText = (value: number) => `${formatNumber(value, 1)} %`;

/** The discount a line gives, as a percent of its worth after promotions (what the rep typed, for a percent). */
function linePercent(line: DiscountedLine): number {
  if (line.discount?.kind === 'percent') return line.discount.value;
  return line.amounts.base > 0 ? (line.amounts.discount * 100) / line.amounts.base : 0;
}

/**
 * Whether a line's discount is over the limit. An amount is allowed up to the limit's percent of the
 * line rounded to whole đồng as lineAmounts rounds it, so a percent at the limit and the same
 * amount typed in ₫ are treated alike.
 */
function overLimit(line: DiscountedLine, maxPercent: number): boolean {
  if (line.amounts.discount <= 0) return false;
  if (line.discount?.kind === 'percent') return line.discount.value > maxPercent;
  return line.amounts.discount > roundDong((line.amounts.base * maxPercent) / 100);
}

/**
 * Why an order needs a manager's approval of its discount, in Vietnamese, or null when it does not:
 * "Chiết khấu 35 % (Hapacol 500) vượt mức tối đa 10 % của vai trò Trình dược viên".
 */
export function discountApprovalReason(lines: readonly DiscountedLine[], limit: DiscountLimit | null | undefined): string | null {
  if (!limit || limit.maxPercent === null) return null;
  const max = limit.maxPercent;
  const over = lines.filter((line) => overLimit(line, max));
  if (over.length === 0) return null;
  const parts = over.map((line) => `${percentText(linePercent(line))} (${line.label})`).join(', ');
  return `Chiết khấu ${parts} vượt mức tối đa ${percentText(max)} của vai trò ${limit.roleName}`;
}

/** The limit a member works under: their role's, none for an administrator (contract/roles.ts MemberAccess). */
export function discountLimitOf(
  access: Pick<MemberAccess, 'roleName' | 'isAdmin' | 'maxDiscount'> | null | undefined,
): DiscountLimit | null {
  if (!access || access.isAdmin) return null;
  return { roleName: access.roleName, maxPercent: access.maxDiscount ?? null };
}
