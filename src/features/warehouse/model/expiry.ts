/**
 * How near a lot's expiry is, as the stock view and the lot list colour it (the 30/60/90-day
 * windows of the stock view's filter; GPP sells first what expires first): expired, within 30,
 * 60 or 90 days, or further.
 */
import { daysToExpiry } from '@contract/warehouse-ledger';

export type ExpiryTone = { color: string; label: string } | null;

export function expiryTone(expiresOn: string | null, today: string): ExpiryTone {
  const days = daysToExpiry(expiresOn, today);
  if (days === null) return null;
  if (days < 0) return { color: 'red', label: 'Đã hết hạn' };
  if (days <= 30) return { color: 'orange', label: `Còn ${days} ngày` };
  if (days <= 60) return { color: 'yellow', label: `Còn ${days} ngày` };
  if (days <= 90) return { color: 'lime', label: `Còn ${days} ngày` };
  return null;
}
