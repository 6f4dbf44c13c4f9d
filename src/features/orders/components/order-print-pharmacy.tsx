/**
 * What the printed delivery note adds for a pharmacy (docs/pharma.md "Delivery data for pharmacies"):
 * under each line its registration number, national drug code and the lots it took with their
 * expiry; and a QR of the national `phieu_nhap` (or, when that is too large for one QR, the signed
 * link to it) that the pharmacy's software scans instead of retyping the delivery.
 */
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import type { PharmacyFileAnswer, PrintLineFacts } from '@contract/pharma-delivery-file';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';

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

export function PharmacyQr({ answer, size }: { answer: PharmacyFileAnswer; size: string }) {
  const source = useMemo(
    () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
        // Low correction for the JSON (the most data a print can carry), medium for the short link.
        renderSVG(answer.qr.text, { border: 1, ecc: answer.qr.kind === 'json' ? 'L' : 'M' }),
      )}`,
    [answer.qr],
  );
  return (
    <div
      style={{ display: 'flex', gap: '3mm', alignItems: 'center', marginTop: '3mm' }}
      data-testid="print-pharmacy-qr"
      data-kind={answer.qr.kind}
    >
      <img src={source} alt="Mã QR nhập kho cho nhà thuốc" style={{ width: size, height: size }} />
      <div style={{ fontSize: '0.8em' }}>
        <b>Nhà thuốc quét mã để nhập kho</b>
        <div>
          {answer.qr.kind === 'json'
            ? 'Mã chứa phiếu nhập (phieu_nhap, liên thông Dược quốc gia): số lô, hạn dùng, số đăng ký, mã thuốc.'
            : 'Mã chứa đường dẫn tải phiếu nhập (phieu_nhap, JSON), có hiệu lực 30 ngày.'}
        </div>
        {answer.gaps.length > 0 && <div>Còn thiếu: {answer.gaps.join('; ')}.</div>}
      </div>
    </div>
  );
}
