/**
 * Keeping a lot's documents (docs/pharma.md "Retention"): a drug wholesaler keeps
 * the documents of each lot at least one year after the lot expires, so no delete path may remove an
 * order, a delivery, a warehouse receipt or a ledger entry of such a lot earlier. The server asks
 * this before every such delete and refuses with the sentence below.
 */

/** The rule as data: how long, after what, for which documents, and where it comes from. */
export const LOT_RETENTION = {
  years: 1,
  after: 'expiry',
  documents: ['order', 'delivery', 'receipt', 'ledger'],
  /** The duty binds drug businesses: lots of goods that are not medicines are not held by it. */
  medicinesOnly: true,
  source:
    'Nghĩa vụ cơ sở bán buôn thuốc: "lưu giữ chứng từ, tài liệu có liên quan đến từng lô thuốc trong thời hạn ít nhất là 1 năm, ' +
    'kể từ khi thuốc hết hạn dùng" (Luật Dược 2005, giữ nguyên tắc trong Luật Dược 2016; điều khoản của luật 2016 cần đối chiếu)',
} as const;

export type RetentionDocument = (typeof LOT_RETENTION.documents)[number];
export const RETENTION_DOCUMENT_LABELS: Record<RetentionDocument, string> = {
  order: 'đơn hàng',
  delivery: 'đơn vận chuyển',
  receipt: 'phiếu kho',
  ledger: 'dòng sổ kho',
};

/** A lot a document touches, as the retention check needs it. */
export type RetentionLot = { lot_no: string; expires_on: string | null; product: string; is_medicine: boolean };

/** The last day the lot's documents must be kept: its expiry plus the years (29 Feb moves to 1 Mar, later, never earlier). */
export function retainedUntil(expiresOn: string): string {
  const [year, month, day] = expiresOn.split('-').map(Number) as [number, number, number];
  const until = new Date(Date.UTC(year + LOT_RETENTION.years, month - 1, day));
  return until.toISOString().slice(0, 10);
}

/** Whether the lot's documents must still be kept on `today` (YYYY-MM-DD). A medicine lot with no expiry on file is kept. */
export function isRetained(lot: RetentionLot, today: string): boolean {
  if (LOT_RETENTION.medicinesOnly && !lot.is_medicine) return false;
  if (!lot.expires_on) return true;
  return today <= retainedUntil(lot.expires_on);
}

const dayText = (day: string) => day.split('-').reverse().join('/');

/** The refusal for deleting a document that touches these lots, or null when none is still kept. */
export function retentionRefusal(document: RetentionDocument, lots: readonly RetentionLot[], today: string): string | null {
  const kept = lots.filter((lot) => isRetained(lot, today));
  if (kept.length === 0) return null;
  const named = kept.slice(0, 3).map((lot) => {
    const lotName = `${lot.product} lô ${lot.lot_no || '(không số lô)'}`;
    return lot.expires_on
      ? `${lotName} (hạn dùng ${dayText(lot.expires_on)}, lưu đến hết ${dayText(retainedUntil(lot.expires_on))})`
      : `${lotName} (chưa có hạn dùng)`;
  });
  const more = kept.length > 3 ? ` và ${kept.length - 3} lô khác` : '';
  return (
    `Không xóa được ${RETENTION_DOCUMENT_LABELS[document]}: chứng từ của lô thuốc phải lưu ít nhất ${LOT_RETENTION.years} năm ` +
    `sau hạn dùng (Luật Dược): ${named.join('; ')}${more}.`
  );
}
