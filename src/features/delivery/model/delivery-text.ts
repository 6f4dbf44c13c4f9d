/** Words and figures the delivery screens share: money, the expected day, the COD state, a delivery's short name. */
import { CARRIER_SHORT, type CodState, type DeliveryRecord } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { formatNumber } from '@/lib/money';

export const COD_STATE_LABELS: Record<CodState, string> = {
  none: 'Không thu hộ',
  waiting: 'Chờ thu',
  collected: 'Đã thu, chờ hãng trả',
  paid: 'Đã đối soát',
  mismatch: 'Lệch tiền',
  void: 'Không thu (đơn hủy hoặc hoàn)',
};
export const COD_STATE_COLORS: Record<CodState, string> = {
  none: 'gray',
  waiting: 'yellow',
  collected: 'blue',
  paid: 'teal',
  mismatch: 'red',
  void: 'gray',
};

/** "GHN · GHN123VN", or the carrier alone while it has no code yet. */
export function carrierLine(delivery: Pick<DeliveryRecord, 'carrier' | 'tracking_code'>): string {
  return [CARRIER_SHORT[delivery.carrier], delivery.tracking_code].filter(Boolean).join(' · ');
}

/** What the COD reconciliation says in one line: expected, collected, paid out and the difference. */
export function codLine(cod: DeliveryRecord['cod']): string {
  if (cod.state === 'none') return COD_STATE_LABELS.none;
  const parts = [`Thu hộ ${formatMoney(cod.expected)}`];
  if (cod.collected !== null) parts.push(`đã thu ${formatMoney(cod.collected)}`);
  if (cod.paid_out !== null) parts.push(`hãng trả ${formatMoney(cod.paid_out)}`);
  if (cod.difference !== 0) parts.push(`lệch ${formatMoney(cod.difference)}`);
  return parts.join(' · ');
}

/** Grams as people read them: 800 g, 1,2 kg. */
export function weightText(grams: number): string {
  return grams < 1000 ? `${grams} g` : `${formatNumber(grams / 1000, 2)} kg`;
}
