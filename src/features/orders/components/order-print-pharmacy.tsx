/**
 * What the printed delivery note adds for a pharmacy (docs/pharma.md "Delivery data for pharmacies"):
 * under each line its registration number, national drug code and the lots it took with their
 * expiry; and a QR of the national `phieu_nhap` (or, when that is too large for one QR, the signed
 * link to it) that the pharmacy's software scans instead of retyping the delivery.
 */
import type { PharmacyFileAnswer, PrintLineFacts } from '@contract/pharma-delivery-file';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { loadedWhenShown } from '@/ui/online-screen';

/** The facts of an order line on paper: "SĐK … · Mã QG … · Lô A, HD 31/05/2027 (120)". */
export function LineDrugFacts({ facts }: { facts: PrintLineFacts | undefined }) {
  if (!facts) return null;
  const parts = [
    facts.registration_number && `SĐK ${facts.registration_number}`,
    facts.national_code && `Mã QG ${facts.national_code}`,
    ...facts.lots.map(
      (lot) =>
        `Lô ${lot.lot_no ?? '—'}${lot.expires_on ? `, HD ${formatDate(lot.expires_on)}` : ''}${
          facts.lots.length > 1 ? ` (${formatNumber(lot.base_quantity)})` : ''
        }`,
    ),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <div style={{ fontSize: '0.8em' }} data-testid="print-line-facts">
      {parts.join(' · ')}
    </div>
  );
}

/**
 * The QR, loaded when shown: the QR encoder (uqr) is a file of its own, and the note only has a file
 * to show when online.
 */
export const PharmacyQr = loadedWhenShown<{ answer: PharmacyFileAnswer; size: string }>(
  () => import('./order-print-pharmacy-qr').then((module) => module.PharmacyQrBlock),
  () => null,
);
