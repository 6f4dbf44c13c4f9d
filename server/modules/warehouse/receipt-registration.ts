/**
 * Receiving a medicine whose registration (số đăng ký lưu hành) has expired: the
 * receipt goes through, since the goods are physically here and refusing the paper would only leave
 * them off the books, but the answer says which lines they are, so the office can quarantine or
 * return them. What the stock already held may still be sold is the company's sale rule (contract/pharma.ts).
 */
import { drugFactsOf, registrationFinding } from '@contract/pharma';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import type { Db } from '@server/kernel/db/client';
import { variantRecordsById } from '@server/modules/products';
import { today } from './lots';

/** ". Cảnh báo: Thuốc X: Số đăng ký … hết hạn ngày …" for an import with such lines; empty otherwise. */
export async function expiredRegistrationNote(db: Db, detail: ReceiptDetail): Promise<string> {
  if (detail.kind !== 'import' || detail.is_return) return '';
  const ids = [...new Set(detail.lines.map((line) => line.variant_id))];
  const variants = await variantRecordsById(db, detail.company, ids);
  const day = today();
  const findings = new Map<number, string>();
  for (const variant of variants.values()) {
    const finding = registrationFinding(drugFactsOf(variant), day);
    // One warning per product, however many of its variants or lots the receipt holds.
    if (variant.is_medicine && finding && !findings.has(variant.product_id))
      findings.set(variant.product_id, `${variant.product_name}: ${finding}`);
  }
  return findings.size > 0 ? `. Cảnh báo số đăng ký đã hết hạn: ${[...findings.values()].join('; ')}` : '';
}
