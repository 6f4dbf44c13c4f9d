/**
 * Receipt lines as a person types them (a variant, a unit of it, a quantity, maybe a lot) checked
 * against the company's catalogue and turned into what is stored: the unit's factor, the base
 * quantity, the lot. Medicines (a product with a registration number) need a lot and its expiry on
 * every import.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ReceiptLineInput } from '@contract/warehouse-receipts';
import type { ReceiptKind } from '@contract/warehouse-status';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { products, variants, variantUnits } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { lotsById, lotsByNumber } from './lots';
import { atOnce } from '@server/kernel/sql';

export type VariantFacts = {
  productName: string;
  variantName: string;
  sku: string;
  baseUnit: string;
  isMedicine: boolean;
  units: Map<string, { unit: string; factor: number }>;
};

/** Names, base unit and units of some variants of the company (missing ids are left out). */
export async function variantFacts(db: Db, companyId: number, variantIds: readonly number[]): Promise<Map<number, VariantFacts>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const [rows, units] = await atOnce(
    db,
    () =>
      db
        .select({
          id: variants.id,
          name: variants.name,
          code: variants.code,
          productName: products.name,
          registration: products.registrationNumber,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(variants.companyId, companyId), inArray(variants.id, ids))),
    () =>
      db
        .select({ variantId: variantUnits.variantId, unit: variantUnits.unit, factor: variantUnits.factor })
        .from(variantUnits)
        .where(and(eq(variantUnits.companyId, companyId), inArray(variantUnits.variantId, ids))),
  );
  const facts = new Map<number, VariantFacts>();
  for (const row of rows) {
    const own = units.filter((unit) => unit.variantId === row.id);
    facts.set(row.id, {
      productName: row.productName,
      variantName: row.name,
      sku: row.code,
      baseUnit: own.find((unit) => unit.factor === 1)?.unit ?? '',
      isMedicine: Boolean(row.registration),
      units: new Map(own.map((unit) => [unit.unit.toLowerCase(), { unit: unit.unit, factor: unit.factor }])),
    });
  }
  return facts;
}

export type ResolvedLine = {
  id: string;
  sort: number;
  variantId: number;
  unit: string;
  factor: number;
  quantity: number;
  documentQuantity: number | null;
  baseQuantity: number;
  lotId: number | null;
  lotNo: string | null;
  manufacturedOn: string | null;
  expiresOn: string | null;
  unitPrice: number;
  amount: number;
  /** Checks: the book quantity when the count started. */
  bookQuantity?: number | null;
};

const refuse = (field: string, message: string) => badRequest('VALIDATION_FAILED', message, { [field]: message });

/**
 * Checks every line and resolves its unit and lot; the first problem refuses the whole receipt with
 * the line's field named (`lines.3.unit`). Imports name lots by number (made on first use); exports
 * and transfers may name an existing lot or leave the pick to FEFO when posting.
 */
export async function resolveLines(
  tx: Db,
  companyId: number,
  kind: ReceiptKind,
  lines: readonly ReceiptLineInput[],
): Promise<ResolvedLine[]> {
  const facts = await variantFacts(
    tx,
    companyId,
    lines.map((line) => line.variant_id),
  );
  const checked = lines.map((line, index) => {
    const field = `lines.${index}`;
    const variant = facts.get(line.variant_id);
    if (!variant) throw refuse(`${field}.variant_id`, 'Sản phẩm không tồn tại trong công ty');
    const unit = variant.units.get(line.unit.toLowerCase());
    if (!unit) throw refuse(`${field}.unit`, `${variant.productName} không có đơn vị "${line.unit}"`);
    if (kind === 'import' && variant.isMedicine && (!line.lot_no || !line.expires_on))
      throw refuse(`${field}.lot_no`, `${variant.productName} là thuốc: cần số lô và hạn dùng`);
    if (kind === 'import' && line.lot_no && line.manufactured_on && line.expires_on && line.manufactured_on >= line.expires_on)
      throw refuse(`${field}.expires_on`, 'Hạn dùng phải sau ngày sản xuất');
    return { line, field, variant, unit };
  });
  // Lots in two statements for the whole receipt: imports name them by number, the others by id.
  const byNumber =
    kind === 'import'
      ? await lotsByNumber(
          tx,
          companyId,
          lines.map((line) => ({
            variantId: line.variant_id,
            lotNo: line.lot_no?.trim() ?? '',
            manufacturedOn: line.manufactured_on,
            expiresOn: line.expires_on,
          })),
        )
      : new Map();
  const byId =
    kind === 'import'
      ? new Map()
      : await lotsById(
          tx,
          companyId,
          lines.flatMap((line) => (line.lot_id ? [line.lot_id] : [])),
        );
  const seen = new Set<string>();
  return checked.map(({ line, field, variant, unit }, index) => {
    let lot = null;
    if (kind === 'import') {
      lot = byNumber.get(`${line.variant_id}|${line.lot_no?.trim() ?? ''}`)!;
      if (lot.lotNo && line.expires_on && lot.expiresOn && lot.expiresOn !== line.expires_on)
        throw refuse(`${field}.expires_on`, `Lô ${lot.lotNo} đã có hạn dùng ${lot.expiresOn}, khác với hạn dùng vừa nhập`);
    } else if (line.lot_id) {
      lot = byId.get(line.lot_id);
      if (!lot || lot.variantId !== line.variant_id) throw refuse(`${field}.lot_id`, 'Lô không thuộc sản phẩm này');
    }
    const key = `${line.variant_id}|${lot?.id ?? '-'}`;
    if (seen.has(key))
      throw refuse(`${field}.lot_no`, `${variant.productName}${lot?.lotNo ? ` lô ${lot.lotNo}` : ''} có hai dòng: gộp lại một dòng`);
    seen.add(key);
    return {
      id: uuidv7(),
      sort: index,
      variantId: line.variant_id,
      unit: unit.unit,
      factor: unit.factor,
      quantity: line.quantity,
      documentQuantity: line.document_quantity ?? null,
      baseQuantity: line.quantity * unit.factor,
      lotId: lot?.id ?? null,
      lotNo: lot?.lotNo || null,
      manufacturedOn: lot?.manufacturedOn ?? null,
      expiresOn: lot?.expiresOn ?? null,
      unitPrice: line.unit_price,
      amount: line.quantity * line.unit_price,
    };
  });
}
