/**
 * Programmes as records (contract PromotionRecord) for lists, answers and the phones' pull: the row,
 * what orders have taken of it (the sum of promotion_usages: no counter to drift), its regions'
 * provinces and who created and approved it.
 */
import { and, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CapKind, PromotionKind, PromotionRecord } from '@contract/promotions';
import { promotionStatus, type PromotionState } from '@contract/promotions-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { accounts, promotions, promotionUsages } from '@server/kernel/db/schema';
import { selectOnce } from '@server/kernel/db/select-once';
import { anyInt } from '@server/kernel/sql';
import { provincesByRegion } from '@server/modules/regions';

type PromotionRow = typeof promotions.$inferSelect;
export type PromotionUsageTotals = { spent: number; orders: number; discount: number };

export function toPromotionRecord(
  row: PromotionRow,
  usage: PromotionUsageTotals,
  provinces: string[],
  names: { createdBy: string | null; approvedBy: string | null },
  day = vietnamDay(),
): PromotionRecord {
  const state = row.state as PromotionState;
  const exhausted = row.capTotal !== null && usage.spent >= row.capTotal;
  return {
    id: row.id,
    company: row.companyId,
    code: row.code,
    name: row.name,
    description: row.description,
    kind: row.kind as PromotionKind,
    state,
    status: promotionStatus({ state, starts_on: row.startsOn, ends_on: row.endsOn, exhausted }, day),
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    hours_from: row.hoursFrom,
    hours_to: row.hoursTo,
    exclusive: row.exclusive,
    priority: row.priority,
    variant_ids: row.variantIds,
    category_ids: row.categoryIds,
    brand_ids: row.brandIds,
    customer_type_ids: row.customerTypeIds,
    level_ids: row.levelIds,
    region_ids: row.regionIds,
    province_codes: provinces,
    tiers: row.tiers,
    cap_kind: row.capKind as CapKind,
    cap_total: row.capTotal,
    cap_per_customer: row.capPerCustomer,
    used_total: usage.spent,
    order_count: usage.orders,
    discount_given: usage.discount,
    notice_ref: row.noticeRef,
    notice_date: row.noticeDate,
    reject_reason: row.rejectReason,
    created_by_name: names.createdBy,
    approved_by_name: names.approvedBy,
    approved_at: row.approvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What orders have taken of a programme, and of it this one customer (order pricing; 0 without one). */
export type PromotionUsage = PromotionUsageTotals & { customerSpent: number };

/** What orders have taken of some programmes, by programme; of it, what `customerId`'s orders took. */
export async function usageTotals(db: Db, ids: readonly number[], customerId: string | null = null): Promise<Map<number, PromotionUsage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: promotionUsages.promotionId,
      spent: sql<string>`coalesce(sum(${promotionUsages.spent}), 0)`,
      orders: sql<string>`count(*)`,
      discount: sql<string>`coalesce(sum(${promotionUsages.discount}), 0)`,
      customerSpent: sql<string>`coalesce(sum(${promotionUsages.spent}) filter (where ${promotionUsages.customerId} = ${customerId}), 0)`,
    })
    .from(promotionUsages)
    .where(and(anyInt(promotionUsages.promotionId, ids), isNull(promotionUsages.releasedAt)))
    .groupBy(promotionUsages.promotionId);
  return new Map(
    rows.map((row) => [
      row.id,
      { spent: Number(row.spent), orders: Number(row.orders), discount: Number(row.discount), customerSpent: Number(row.customerSpent) },
    ]),
  );
}

const NO_USAGE: PromotionUsage = { spent: 0, orders: 0, discount: 0, customerSpent: 0 };

export type PromotionRecordsWithUsage = { records: Map<number, PromotionRecord>; usage: (id: number) => PromotionUsage };

/**
 * What orders have taken of a programme (and of it, the `customer` placeholder's orders), read in
 * the programme's own row (usageTotals's sums). Written out with the outer table by name, so it
 * holds however drizzle qualifies the query's own columns.
 */
const usageColumn = sql<PromotionUsage>`(
  select json_build_object('spent', coalesce(sum(u.spent), 0), 'orders', count(*), 'discount', coalesce(sum(u.discount), 0),
                           'customerSpent', coalesce(sum(u.spent) filter (where u.customer_id = ${sql.placeholder('customer')}), 0))
  from promotion_usages u where u.promotion_id = promotions.id and u.released_at is null)`;

/**
 * A select of the company's programmes that meet `where`, with who created and approved each and
 * what is taken of it, built once (server/kernel/db/select-once.ts): an order's pricing reads the
 * running ones on every submit. Its values: `company`, `customer` and those `where` names.
 */
const recordsSelect = (where: SQL) =>
  selectOnce((db) => {
    const approver = alias(accounts, 'approver');
    return db
      .select({ promotion: promotions, createdBy: accounts.fullName, approvedBy: approver.fullName, usage: usageColumn })
      .from(promotions)
      .leftJoin(accounts, eq(accounts.id, promotions.createdBy))
      .leftJoin(approver, eq(approver.id, promotions.approvedBy))
      .where(and(eq(promotions.companyId, sql.placeholder('company')), where));
  });

const byIdsSelect = recordsSelect(sql`${promotions.id} = any(${sql.placeholder('ids')}::int[])`);
const runningSelect = recordsSelect(
  and(eq(promotions.state, 'approved'), lte(promotions.startsOn, sql.placeholder('day')), gte(promotions.endsOn, sql.placeholder('day')))!,
);

/** The rows as records, and what is taken of each; regions' provinces in one more statement when any has regions. */
async function withRecords(db: Db, companyId: number, rows: Awaited<ReturnType<typeof byIdsSelect>>): Promise<PromotionRecordsWithUsage> {
  const provinces = await provincesByRegion(db, companyId, [...new Set(rows.flatMap((row) => row.promotion.regionIds))]);
  const usage = new Map(rows.map((row) => [row.promotion.id, row.usage]));
  const day = vietnamDay();
  const records = new Map(
    rows.map(({ promotion, createdBy, approvedBy }) => [
      promotion.id,
      toPromotionRecord(
        promotion,
        usage.get(promotion.id) ?? NO_USAGE,
        [...new Set(promotion.regionIds.flatMap((id) => provinces.get(id) ?? []))].sort(),
        { createdBy, approvedBy },
        day,
      ),
    ]),
  );
  return { records, usage: (id) => usage.get(id) ?? NO_USAGE };
}

/** Some programmes by id as records, and what is taken of each (of it, by `customerId` when given). */
export async function promotionRecordsWithUsage(
  db: Db,
  companyId: number,
  ids: readonly number[],
  customerId: string | null = null,
): Promise<PromotionRecordsWithUsage> {
  if (ids.length === 0) return { records: new Map(), usage: () => NO_USAGE };
  return withRecords(db, companyId, await byIdsSelect(db, { company: companyId, ids: [...ids], customer: customerId }));
}

/** The approved programmes running on `day` (Vietnam's), as records with what is taken of each and of it by `customerId`. */
export async function runningPromotionRecords(
  db: Db,
  companyId: number,
  day: string,
  customerId: string,
): Promise<PromotionRecordsWithUsage> {
  return withRecords(db, companyId, await runningSelect(db, { company: companyId, day, customer: customerId }));
}

export async function promotionRecordsById(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, PromotionRecord>> {
  return (await promotionRecordsWithUsage(db, companyId, ids)).records;
}

/** Sync pull's loader: ids are the integer ids as strings. */
export async function loadPromotionRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, PromotionRecord>> {
  const numeric = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const records = await promotionRecordsById(db, companyId, numeric);
  return new Map([...records].map(([id, record]) => [String(id), record]));
}
