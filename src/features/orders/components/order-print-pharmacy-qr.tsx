/** The printed note's QR for the pharmacy (order-print-pharmacy.tsx loads it when shown). */
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import type { PharmacyFileAnswer } from '@contract/pharma-delivery-file';

export function PharmacyQrBlock({ answer, size }: { answer: PharmacyFileAnswer; size: string }) {
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
