/**
 * The pharma rules at the moment of sale, on the server (contract/pharma.ts checkLine, the same
 * function the phone's cart runs): a line the company blocks refuses the order by name, with the
 * reason the cart showed; what it only warns of is returned for the order to keep. The refusal is
 * one finding among the order's others (server/modules/orders order-submit-steps.ts orderVerdict), so one answer
 * names it with a raised price, a lost programme or a credit block.
 */
import { checkLine, pharmaRefusal, type BuyerLicence, type DrugFacts } from '@contract/pharma';
import type { OpChange } from '@contract/sync';
import type { Db } from '@server/kernel/db/client';
import { pharmaSettingsOf } from './settings';

export type SaleLine = { index: number; label: string; variantId: number; drug: DrugFacts };

/** Lines the company's rules block: the sentence the cart shows, each line's reason by its field, and each as a change. */
export type PharmaRefusal = {
  /** "Không bán được: label: reason; …." (contract/pharma.ts pharmaRefusal). */
  reason: string;
  /** What the rep can do about it. */
  fix: string;
  /** `lines.<index>.variantId` → the line's first reason. */
  fields: Record<string, string>;
  /** Each blocked line: its variant (from) is to leave the order (to null), "label: reason". */
  changes: OpChange[];
};

export const PHARMA_FIX = 'Bỏ các dòng này khỏi đơn hoặc cập nhật giấy phép của khách hàng rồi gửi lại.';

/** The lines the rules block (refusal), and what they only warn of ("label: reason"). */
export async function checkPharmaSale(
  tx: Db,
  companyId: number,
  buyer: BuyerLicence,
  lines: readonly SaleLine[],
  today: string,
): Promise<{ refusal: PharmaRefusal | null; warnings: string[] }> {
  if (!lines.some((line) => line.drug.is_medicine)) return { refusal: null, warnings: [] };
  const settings = await pharmaSettingsOf(tx, companyId);
  const checked = lines.map((line) => ({ ...line, check: checkLine(buyer, line.drug, settings, today) }));
  const reason = pharmaRefusal(checked);
  const blocked = checked.filter((line) => line.check.blocks.length > 0);
  const refusal: PharmaRefusal | null = reason
    ? {
        reason,
        fix: PHARMA_FIX,
        fields: Object.fromEntries(blocked.map((line) => [`lines.${line.index}.variantId`, line.check.blocks[0]!.reason])),
        changes: blocked.map((line) => ({
          field: `lines.${line.index}.variantId`,
          from: line.variantId,
          to: null,
          message: `${line.label}: ${line.check.blocks[0]!.reason}`,
        })),
      }
    : null;
  const warnings = checked.flatMap((line) => line.check.warnings.map((warning) => `${line.label}: ${warning.reason}`));
  return { refusal, warnings: [...new Set(warnings)] };
}
