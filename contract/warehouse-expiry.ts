/**
 * Goods received expired or short-dated (docs/warehouse.md "Receiving expired or short-dated lots"):
 * how a line of an import receipt is judged against the company's threshold, the warning its form
 * shows as it is typed, and the status its lot is given when the receipt is completed. Expired
 * goods always land in quarantine (GDP: non-conforming goods are kept apart); short-dated goods as
 * the company's rule says. One set of pure functions for the server (which decides) and the screens
 * (which warn).
 */
import { daysToExpiry, isExpired } from './warehouse-ledger';
import type { LotStatus } from './warehouse-status';

/** Where short-dated goods land: sellable (the form only warns) or quarantine until released. */
export const SHORT_DATED_RULES = ['usable', 'quarantine'] as const;
export type ShortDatedRule = (typeof SHORT_DATED_RULES)[number];
export const SHORT_DATED_RULE_LABELS: Record<ShortDatedRule, string> = {
  usable: 'Nhập vào hàng được bán (chỉ cảnh báo)',
  quarantine: 'Nhập vào biệt trữ, chờ duyệt bán',
};

/** Days before expiry under which a received lot is short-dated (cận hạn), unless the company sets another. */
export const DEFAULT_SHORT_DATED_DAYS = 90;
export const MAX_SHORT_DATED_DAYS = 1095;

/** A received lot's expiry against the threshold: expired, short-dated with the days left, or neither (null). */
export type ReceivedExpiry = { state: 'expired'; days: number } | { state: 'short'; days: number } | null;

export function receivedExpiry(expiresOn: string | null, today: string, thresholdDays: number): ReceivedExpiry {
  const days = daysToExpiry(expiresOn, today);
  if (days === null) return null;
  if (isExpired(expiresOn, today)) return { state: 'expired', days };
  if (days <= thresholdDays) return { state: 'short', days };
  return null;
}

/** The warning a receipt line shows: "Lô đã hết hạn", "Lô cận hạn: còn 45 ngày". */
export function expiryWarning(expiry: ReceivedExpiry): string | null {
  if (!expiry) return null;
  return expiry.state === 'expired' ? 'Lô đã hết hạn' : `Lô cận hạn: còn ${expiry.days} ngày`;
}

/** The status a received lot is given: expired goods are never sellable; short-dated ones by the rule. */
export function receivedLotStatus(expiry: ReceivedExpiry, rule: ShortDatedRule): LotStatus {
  if (!expiry) return 'usable';
  return expiry.state === 'expired' ? 'quarantine' : rule;
}

/** Why a lot was put in quarantine when received, as the lot and the receipt show it. */
export function receivedQuarantineReason(expiry: NonNullable<ReceivedExpiry>, code: string, thresholdDays: number): string {
  return expiry.state === 'expired'
    ? `Nhận theo phiếu ${code} khi lô đã hết hạn: biệt trữ, không được bán`
    : `Nhận theo phiếu ${code} khi lô cận hạn (còn ${expiry.days} ngày, dưới ${thresholdDays} ngày): biệt trữ theo thiết lập kho`;
}
