/**
 * Units of sale. A company's unit list is its own units plus the contract's DEFAULT_UNITS; variants
 * store the unit by name (spelled as in the list), so renaming a unit renames it on every variant
 * and price-policy item, and a unit still sold cannot be deleted.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { DEFAULT_UNITS, isDefaultUnit, type UnitOption } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { pricePolicyItems, productUnits, variants, variantUnits } from '@server/kernel/db/schema';
import { conflict } from '@server/kernel/errors';
import { rowsOf } from '@server/kernel/sql';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { allOptions, assertTitleFree, cleanTitle, getOption, vietnameseOrder } from './catalogue-options';
import { mapConflicts } from './conflicts';

const unitKey = (title: string) => title.normalize('NFC').trim().toLocaleLowerCase('vi');

/** The company's units and the defaults it has not added: defaults first (in contract order), then its own. */
export async function unitOptions(db: Db, companyId: number): Promise<UnitOption[]> {
  const own = await allOptions(db, 'unit', companyId);
  const byKey = new Map(own.map((row) => [unitKey(row.title), row]));
  const defaults: UnitOption[] = DEFAULT_UNITS.map((title) => {
    const added = byKey.get(unitKey(title));
    return { id: added?.id ?? null, title: added?.title ?? title, is_default: true };
  });
  const custom: UnitOption[] = own
    .filter((row) => !isDefaultUnit(row.title))
    .sort((a, b) => vietnameseOrder.compare(a.title, b.title))
    .map((row) => ({ id: row.id, title: row.title, is_default: false }));
  return [...defaults, ...custom];
}

/** Lower-cased unit name → the name as the company's list spells it. */
export async function knownUnits(db: Db, companyId: number): Promise<Map<string, string>> {
  return new Map((await unitOptions(db, companyId)).map((unit) => [unitKey(unit.title), unit.title]));
}

export function canonicalUnit(known: Map<string, string>, unit: string): string | undefined {
  return known.get(unitKey(unit));
}

/** Variant units that use a unit name. */
export async function variantsUsingUnit(db: Db, companyId: number, title: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(variantUnits)
    .where(and(eq(variantUnits.companyId, companyId), sql`lower(${variantUnits.unit}) = lower(${title})`));
  return Number(row?.n ?? 0);
}

export async function renameUnit(db: Db, companyId: number, id: number, rawTitle: string) {
  const title = cleanTitle(rawTitle);
  const current = await getOption(db, 'unit', companyId, id);
  await assertTitleFree(db, 'unit', companyId, title, id);
  return mapConflicts(() =>
    db.transaction(async (tx) => {
      const [both] = rowsOf<{ n: number | string }>(
        await tx.execute(sql`
          select count(*) as n from variant_units a
          join variant_units b on b.variant_id = a.variant_id and b.id <> a.id
          where a.company_id = ${companyId} and lower(a.unit) = lower(${current.title}) and lower(b.unit) = lower(${title})`),
      );
      if (Number(both?.n ?? 0) > 0) {
        throw conflict(`Có ${both?.n} biến thể đã có cả đơn vị "${current.title}" và "${title}", không thể đổi tên`, {
          title: 'Tên đơn vị tính trùng với một đơn vị khác của cùng biến thể',
        });
      }
      await tx
        .update(productUnits)
        .set({ title, updatedAt: new Date() })
        .where(and(eq(productUnits.companyId, companyId), eq(productUnits.id, id)));
      const renamed = await tx
        .update(variantUnits)
        .set({ unit: title })
        .where(and(eq(variantUnits.companyId, companyId), sql`lower(${variantUnits.unit}) = lower(${current.title})`))
        .returning({ variantId: variantUnits.variantId });
      const policies = await tx
        .update(pricePolicyItems)
        .set({ unit: title })
        .where(and(eq(pricePolicyItems.companyId, companyId), sql`lower(${pricePolicyItems.unit}) = lower(${current.title})`))
        .returning({ policyId: pricePolicyItems.policyId });
      const variantIds = [...new Set(renamed.map((row) => row.variantId))];
      if (variantIds.length > 0) {
        await tx.execute(sql`update ${variants} set updated_at = now() where id = any(${sql.param(variantIds)}::int[])`);
      }
      await recordUpserts(tx, companyId, 'variant', variantIds);
      await recordUpserts(
        tx,
        companyId,
        'price_policy',
        policies.map((row) => row.policyId),
      );
      return { id, title };
    }),
  );
}
