/**
 * The pharma rules at the moment of sale, on the server (contract/pharma.ts checkLine, the same
 * function the phone's cart runs): a line the company blocks refuses the order by name, with the
 * reason the cart showed; what it only warns of is returned for the order to keep.
 */
import { checkLine, PHARMA_REFUSED, pharmaRefusal, type BuyerLicence, type DrugFacts } from '@contract/pharma';
import type { Db } from '@server/kernel/db/client';
import { OpRejection } from '@server/kernel/sync/op-context';
import { pharmaSettingsOf } from './settings';

export type SaleLine = { index: number; label: string; drug: DrugFacts };

/** Refuses when a line is blocked; the warnings ("label: reason") otherwise. */
export async function checkPharmaSale(
  tx: Db,
  companyId: number,
  buyer: BuyerLicence,
  lines: readonly SaleLine[],
  today: string,
): Promise<string[]> {
  if (!lines.some((line) => line.drug.is_medicine)) return [];
  const settings = await pharmaSettingsOf(tx, companyId);
  const checked = lines.map((line) => ({ ...line, check: checkLine(buyer, line.drug, settings, today) }));
  const refusal = pharmaRefusal(checked);
  if (refusal) {
    const fields = Object.fromEntries(
      checked.filter((line) => line.check.blocks.length > 0).map((line) => [`lines.${line.index}.variantId`, line.check.blocks[0]!.reason]),
    );
    throw new OpRejection(
      PHARMA_REFUSED,
      `${refusal} Bỏ các dòng này khỏi đơn hoặc cập nhật giấy phép của khách hàng rồi gửi lại.`,
      fields,
    );
  }
  const warnings = checked.flatMap((line) => line.check.warnings.map((warning) => `${line.label}: ${warning.reason}`));
  return [...new Set(warnings)];
}
