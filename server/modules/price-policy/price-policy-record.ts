/** Price policies as records (contract PricePolicyRecord) for sync pull, lists, answers and an order's pricing. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PricePolicyItem, PricePolicyRecord } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { pricePolicies, pricePolicyItems } from '@server/kernel/db/schema';
import { anyInt } from '@server/kernel/sql';

type PolicyRow = typeof pricePolicies.$inferSelect;

export function toPricePolicyRecord(row: PolicyRow, items: PricePolicyItem[]): PricePolicyRecord {
  return {
    id: row.id,
    company: row.companyId,
    title: row.title,
    customer_type_id: row.customerTypeId,
    level_id: row.levelId,
    discount_percent: row.discountPercent,
    priority: row.priority,
    is_active: row.isActive,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    note: row.note,
    items,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function itemsOfPolicies(db: Db, companyId: number, policyIds: readonly number[]): Promise<Map<number, PricePolicyItem[]>> {
  const byPolicy = new Map<number, PricePolicyItem[]>();
  if (policyIds.length === 0) return byPolicy;
  const rows = await db
    .select()
    .from(pricePolicyItems)
    .where(and(eq(pricePolicyItems.companyId, companyId), anyInt(pricePolicyItems.policyId, policyIds)))
    .orderBy(asc(pricePolicyItems.policyId), asc(pricePolicyItems.variantId), asc(pricePolicyItems.unit));
  for (const row of rows) {
    const list = byPolicy.get(row.policyId) ?? [];
    list.push({ variant_id: row.variantId, unit: row.unit, price: Number(row.price) });
    byPolicy.set(row.policyId, list);
  }
  return byPolicy;
}

/** The company's policies that meet `where`, with their items: two statements whatever their number. */
async function policyRecordsWhere(db: Db, companyId: number, where: SQL): Promise<PricePolicyRecord[]> {
  const rows = await db
    .select()
    .from(pricePolicies)
    .where(and(eq(pricePolicies.companyId, companyId), where));
  const items = await itemsOfPolicies(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPricePolicyRecord(row, items.get(row.id) ?? []));
}

export async function policyRecordsById(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, PricePolicyRecord>> {
  if (ids.length === 0) return new Map();
  return new Map((await policyRecordsWhere(db, companyId, anyInt(pricePolicies.id, ids))).map((record) => [record.id, record]));
}

/**
 * The company's policies in force, each with its items for `variantIds` only: what an order's lines
 * are priced with (order.submit). One statement, and a policy over the whole catalogue sends only
 * the order's few prices.
 */
export async function activePolicyRecords(db: Db, companyId: number, variantIds: readonly number[]): Promise<PricePolicyRecord[]> {
  // Written out: drizzle leaves columns unqualified in a query on one table.
  const items = sql<PricePolicyItem[]>`coalesce((
    select json_agg(json_build_object('variant_id', i.variant_id, 'unit', i.unit, 'price', i.price) order by i.variant_id, i.unit)
    from price_policy_items i
    where i.company_id = price_policies.company_id and i.policy_id = price_policies.id and i.variant_id = any(${sql.param([...variantIds])}::int[])), '[]')`;
  const rows = await db
    .select({ row: pricePolicies, items })
    .from(pricePolicies)
    .where(and(eq(pricePolicies.companyId, companyId), eq(pricePolicies.isActive, true)));
  return rows.map((row) => toPricePolicyRecord(row.row, row.items));
}

/** Sync pull's loader: ids are the integer ids as strings. */
export async function loadPricePolicyRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, PricePolicyRecord>> {
  const numeric = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const records = await policyRecordsById(db, companyId, numeric);
  return new Map([...records].map(([id, record]) => [String(id), record]));
}
