/**
 * Writing price policies: the customer group, level and variants must be the company's, each unit
 * must be one the variant sells (stored as the variant spells it), no variant unit twice. Every
 * change writes a `price_policy` change-log row in its transaction.
 */
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { PRICE_POLICY_SWITCH, type PricePolicyInputSchema, type PricePolicyItem } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { customerLevels, customerTypes, pricePolicies, pricePolicyItems, variants, variantUnits } from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import { requireSwitch } from '@server/kernel/switches';
import { recordDelete, recordUpserts } from '@server/kernel/sync/change-log';
import { anyInt } from '@server/kernel/sql';

export type PolicyData = v.InferOutput<typeof PricePolicyInputSchema>;

export function requirePricePolicySwitch(db: Db, companyId: number): Promise<void> {
  return requireSwitch(db, companyId, PRICE_POLICY_SWITCH);
}

async function checkGroupAndLevel(tx: Db, companyId: number, input: PolicyData): Promise<void> {
  if (input.customer_type_id != null) {
    const [row] = await tx
      .select({ id: customerTypes.id })
      .from(customerTypes)
      .where(and(eq(customerTypes.companyId, companyId), eq(customerTypes.id, input.customer_type_id)));
    if (!row)
      throw badRequest('VALIDATION_FAILED', 'Nhóm khách hàng không tồn tại trong công ty', {
        customer_type_id: 'Nhóm khách hàng không tồn tại trong công ty',
      });
  }
  if (input.level_id != null) {
    const [row] = await tx
      .select({ id: customerLevels.id })
      .from(customerLevels)
      .where(and(eq(customerLevels.companyId, companyId), eq(customerLevels.id, input.level_id)));
    if (!row)
      throw badRequest('VALIDATION_FAILED', 'Cấp độ khách hàng không tồn tại trong công ty', {
        level_id: 'Cấp độ khách hàng không tồn tại trong công ty',
      });
  }
}

/** Items checked against the company's variants; units come back spelled as the variant has them. */
export async function checkItems(tx: Db, companyId: number, items: PricePolicyItem[]): Promise<PricePolicyItem[]> {
  if (items.length === 0) return [];
  const variantIds = [...new Set(items.map((item) => item.variant_id))];
  const rows = await tx
    .select({ variantId: variants.id, code: variants.code, unit: variantUnits.unit })
    .from(variants)
    .innerJoin(variantUnits, eq(variantUnits.variantId, variants.id))
    .where(and(eq(variants.companyId, companyId), anyInt(variants.id, variantIds)));
  const codes = new Map(rows.map((row) => [row.variantId, row.code]));
  const units = new Map(rows.map((row) => [`${row.variantId}|${row.unit.toLocaleLowerCase('vi')}`, row.unit]));
  const seen = new Set<string>();
  return items.map((item, i) => {
    if (!codes.has(item.variant_id)) {
      throw badRequest('VALIDATION_FAILED', 'Biến thể không tồn tại trong công ty', {
        [`items.${i}.variant_id`]: 'Biến thể không tồn tại trong công ty',
      });
    }
    const key = `${item.variant_id}|${item.unit.toLocaleLowerCase('vi')}`;
    const unit = units.get(key);
    if (!unit) {
      const message = `Biến thể ${codes.get(item.variant_id)} không có đơn vị "${item.unit}"`;
      throw badRequest('VALIDATION_FAILED', message, { [`items.${i}.unit`]: message });
    }
    if (seen.has(key)) {
      const message = `Giá của biến thể ${codes.get(item.variant_id)} theo đơn vị "${unit}" bị lặp lại`;
      throw badRequest('VALIDATION_FAILED', message, { [`items.${i}.unit`]: message });
    }
    seen.add(key);
    return { variant_id: item.variant_id, unit, price: item.price };
  });
}

function policyValues(input: PolicyData) {
  return {
    title: input.title,
    customerTypeId: input.customer_type_id,
    levelId: input.level_id,
    discountPercent: input.discount_percent,
    priority: input.priority,
    isActive: input.is_active,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    note: input.note,
    updatedAt: new Date(),
  };
}

async function writeItems(tx: Db, companyId: number, policyId: number, items: PricePolicyItem[]): Promise<void> {
  await tx.delete(pricePolicyItems).where(eq(pricePolicyItems.policyId, policyId));
  for (let start = 0; start < items.length; start += 1000) {
    await tx
      .insert(pricePolicyItems)
      .values(
        items
          .slice(start, start + 1000)
          .map((item) => ({ policyId, companyId, variantId: item.variant_id, unit: item.unit, price: item.price })),
      );
  }
}

export async function createPolicy(tx: Db, companyId: number, input: PolicyData): Promise<number> {
  await checkGroupAndLevel(tx, companyId, input);
  const items = await checkItems(tx, companyId, input.items);
  const [row] = await tx
    .insert(pricePolicies)
    .values({ companyId, ...policyValues(input) })
    .returning({ id: pricePolicies.id });
  if (!row) throw new Error('insert returned no row');
  await writeItems(tx, companyId, row.id, items);
  await recordUpserts(tx, companyId, 'price_policy', [row.id]);
  return row.id;
}

async function lockPolicy(tx: Db, companyId: number, id: number): Promise<void> {
  const [row] = await tx
    .select({ id: pricePolicies.id })
    .from(pricePolicies)
    .where(and(eq(pricePolicies.companyId, companyId), eq(pricePolicies.id, id)))
    .for('update');
  if (!row) throw notFound('Không tìm thấy chính sách giá');
}

/** Edits a policy; its items are replaced only when the request names them. */
export async function updatePolicy(tx: Db, companyId: number, id: number, input: PolicyData, replaceItems: boolean): Promise<void> {
  await lockPolicy(tx, companyId, id);
  await checkGroupAndLevel(tx, companyId, input);
  const items = replaceItems ? await checkItems(tx, companyId, input.items) : null;
  await tx.update(pricePolicies).set(policyValues(input)).where(eq(pricePolicies.id, id));
  if (items) await writeItems(tx, companyId, id, items);
  await recordUpserts(tx, companyId, 'price_policy', [id]);
}

export async function replacePolicyItems(tx: Db, companyId: number, id: number, input: PricePolicyItem[]): Promise<void> {
  await lockPolicy(tx, companyId, id);
  const items = await checkItems(tx, companyId, input);
  await writeItems(tx, companyId, id, items);
  await tx.update(pricePolicies).set({ updatedAt: new Date() }).where(eq(pricePolicies.id, id));
  await recordUpserts(tx, companyId, 'price_policy', [id]);
}

export async function deletePolicy(tx: Db, companyId: number, id: number): Promise<void> {
  await lockPolicy(tx, companyId, id);
  await tx.delete(pricePolicies).where(eq(pricePolicies.id, id));
  await recordDelete(tx, companyId, 'price_policy', id);
}
