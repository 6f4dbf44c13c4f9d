/**
 * A programme told in words for the office (the detail page, the list's cards): each tier ("Từ 20
 * đơn vị cơ bản: giảm 3%"), what the thresholds and values are counted in, the budget used and
 * left, and which buttons a status and a role give (contract/promotions-status.ts decides the
 * moves; the server decides again).
 */
import { formatMoney } from '@contract/money';
import type { CapKind, PromotionKind, PromotionRecord, PromotionTier } from '@contract/promotions';
import { actionRefusal, canEdit, type PromotionAction, type PromotionStatus } from '@contract/promotions-status';
import { formatNumber } from '@/lib/money';

const count = (value: number) => formatNumber(value);

/** What a tier's threshold is counted in, said under its input. */
export function thresholdUnit(kind: PromotionKind): string {
  return kind === 'order_total' ? 'đồng (tổng tiền đơn hàng)' : 'đơn vị cơ bản (viên, gói, chai…)';
}

export function thresholdLabel(kind: PromotionKind): string {
  if (kind === 'order_total') return 'Đơn hàng từ (đồng)';
  if (kind === 'buy_get') return 'Cứ mua (đơn vị cơ bản)';
  return kind === 'discount' ? 'Áp dụng từ (đơn vị cơ bản)' : 'Mua từ (đơn vị cơ bản)';
}

/** What a reward's value is counted in. */
export function valueLabel(kind: PromotionKind, reward: PromotionTier['reward']): string {
  if (reward === 'percent') return kind === 'order_total' ? 'Giảm (% đơn hàng)' : 'Giảm (% giá bán)';
  if (reward === 'amount') return kind === 'order_total' ? 'Giảm (đồng trên đơn)' : 'Giảm (đồng mỗi đơn vị cơ bản)';
  if (reward === 'fixed_price') return 'Giá bán (đồng mỗi đơn vị cơ bản)';
  return 'Số lượng tặng (đơn vị cơ bản)';
}

/** The units a form explains once, over the tiers. */
export function tierUnitsHint(kind: PromotionKind): string {
  if (kind === 'order_total')
    return 'Mốc tính theo tổng tiền đơn hàng (đồng). Giảm theo % hoặc số tiền trên cả đơn (tối đa 50% mốc), hoặc tặng hàng.';
  const base = 'Số lượng tính theo đơn vị cơ bản của sản phẩm (1 hộp 10 vỉ × 10 viên = 100 viên).';
  if (kind === 'buy_get')
    return `${base} Cứ đủ số lượng mua thì được tặng, lặp lại theo bội số; để trống sản phẩm tặng là tặng chính sản phẩm đã mua.`;
  if (kind === 'quantity_tier') return `${base} Bậc cao nhất khách đạt được được áp dụng; bậc cao hơn phải ưu đãi không thấp hơn bậc dưới.`;
  return `${base} Số tiền giảm và giá đồng giá tính trên mỗi đơn vị cơ bản; mức giảm tối đa 50% giá.`;
}

/** One tier in words: "Từ 20 đơn vị: giảm 3%", "Cứ mua 10 tặng 1 Siro ho Prospan". */
export function tierText(kind: PromotionKind, tier: PromotionTier, giftName?: string | null): string {
  const what =
    tier.reward === 'percent'
      ? `giảm ${count(tier.value)}%${kind === 'order_total' ? ' đơn hàng' : ''}`
      : tier.reward === 'amount'
        ? `giảm ${formatMoney(tier.value)}${kind === 'order_total' ? '' : ' mỗi đơn vị'}`
        : tier.reward === 'fixed_price'
          ? `đồng giá ${formatMoney(tier.value)} mỗi đơn vị`
          : `tặng ${count(tier.gift_quantity)} ${giftName ?? (tier.gift_variant_id === null ? 'sản phẩm đã mua' : `sản phẩm #${tier.gift_variant_id}`)}`;
  if (kind === 'order_total') return `Đơn hàng từ ${formatMoney(tier.threshold)}: ${what}`;
  if (kind === 'buy_get') return `Cứ mua ${count(tier.threshold)} đơn vị: ${what}`;
  if (kind === 'discount') return tier.threshold > 1 ? `Từ ${count(tier.threshold)} đơn vị: ${what}` : capitalize(what);
  return `Từ ${count(tier.threshold)} đơn vị: ${what}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An amount of a budget in its kind: money, or base units. */
export function capAmount(kind: CapKind, value: number): string {
  return kind === 'money' ? formatMoney(value) : `${count(value)} đơn vị`;
}

/** "1.250.000 ₫ / 50.000.000 ₫" or "12 đơn vị / 500 đơn vị"; no budget: what was used only. */
export function budgetText(record: Pick<PromotionRecord, 'cap_kind' | 'cap_total' | 'used_total'>): string {
  const used = capAmount(record.cap_kind, record.used_total);
  return record.cap_total === null ? `${used} (không giới hạn)` : `${used} / ${capAmount(record.cap_kind, record.cap_total)}`;
}

/** What is left of the budget, or null when there is none. */
export function budgetLeft(record: Pick<PromotionRecord, 'cap_kind' | 'cap_total' | 'used_total'>): string | null {
  return record.cap_total === null ? null : capAmount(record.cap_kind, Math.max(0, record.cap_total - record.used_total));
}

/** Share of the budget used, 0–100, or null without a budget. */
export function budgetPercent(record: Pick<PromotionRecord, 'cap_total' | 'used_total'>): number | null {
  if (record.cap_total === null || record.cap_total <= 0) return null;
  return Math.min(100, Math.round((record.used_total / record.cap_total) * 100));
}

export type PromotionRights = { create: boolean; edit: boolean; delete: boolean; approve: boolean };

export type PromotionButtons = {
  edit: boolean;
  /** Why editing is not offered, when the role could edit. */
  editRefusal: string | null;
  approve: boolean;
  reject: boolean;
  stop: boolean;
  copy: boolean;
  /** Offered while editable; the server refuses a programme an order used, and says so. */
  remove: boolean;
};

export const EDIT_REFUSAL = 'Chương trình đã được duyệt nên không sửa được. Hãy dừng chương trình rồi sao chép để tạo chương trình mới.';

/** The buttons of a programme's page, by its status and the member's role. */
export function promotionButtons(status: PromotionStatus, rights: PromotionRights): PromotionButtons {
  const may = (action: PromotionAction) => rights.approve && actionRefusal(action, status) === null;
  const editable = canEdit(status);
  return {
    edit: rights.edit && editable,
    editRefusal: rights.edit && !editable ? EDIT_REFUSAL : null,
    approve: may('approve'),
    reject: may('reject'),
    stop: may('stop'),
    copy: rights.create,
    remove: rights.delete && editable,
  };
}
