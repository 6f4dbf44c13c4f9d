/**
 * The programme list (product-spec.md "Promotion filter": page, limit, search, status, startDate,
 * endDate) and its counts per status. A status follows from the stored decision, the dates and
 * the budget spent (contract/promotions-status.ts), so the company's programmes (tens to a few
 * hundred) are read with their usage and filtered here rather than in SQL.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { PromotionListQuery, PromotionRecord, PromotionStatusCount, PromotionVariantRow } from '@contract/promotions';
import {
  PROMOTION_STATUS_LABELS,
  PROMOTION_STATUSES,
  promotionStatus,
  type PromotionState,
  type PromotionStatus,
} from '@contract/promotions-status';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { products, promotions, variants, variantUnits } from '@server/kernel/db/schema';
import { matchesSearch, pageOf, pagedRows } from '@server/kernel/lists';
import { anyInt, wordConditions } from '@server/kernel/sql';
import { promotionRecordsById, usageTotals } from './promotion-record';

type ListQuery = v.InferOutput<typeof PromotionListQuery>;

async function withStatus(db: Db, companyId: number) {
  const rows = await db
    .select({
      id: promotions.id,
      state: promotions.state,
      kind: promotions.kind,
      startsOn: promotions.startsOn,
      endsOn: promotions.endsOn,
      capTotal: promotions.capTotal,
      searchText: promotions.searchText,
    })
    .from(promotions)
    .where(eq(promotions.companyId, companyId))
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
  const usage = await usageTotals(
    db,
    rows.map((row) => row.id),
  );
  const day = vietnamDay();
  return rows.map((row) => {
    const spent = usage.get(row.id)?.spent ?? 0;
    const exhausted = row.capTotal !== null && spent >= row.capTotal;
    return {
      ...row,
      status: promotionStatus({ state: row.state as PromotionState, starts_on: row.startsOn, ends_on: row.endsOn, exhausted }, day),
    };
  });
}

export async function listPromotions(db: Db, query: ListQuery): Promise<{ rows: PromotionRecord[]; count: number }> {
  const matching = (await withStatus(db, query.company)).filter(
    (row) =>
      (query.status === undefined || row.status === query.status) &&
      (query.kind === undefined || row.kind === query.kind) &&
      // Running on some day of the period: starts before its end, ends after its start.
      (query.endDate === undefined || row.startsOn <= query.endDate) &&
      (query.startDate === undefined || row.endsOn >= query.startDate) &&
      matchesSearch(row.searchText, query.search),
  );
  const ids = pageOf(matching, query.page, query.limit).map((row) => row.id);
  const records = await promotionRecordsById(db, query.company, ids);
  return { rows: ids.flatMap((id) => records.get(id) ?? []), count: matching.length };
}

/** Every status with how many programmes are in it now. */
export async function statusCounts(db: Db, companyId: number): Promise<PromotionStatusCount[]> {
  const rows = await withStatus(db, companyId);
  const counts = new Map<PromotionStatus, number>();
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  return PROMOTION_STATUSES.map((status) => ({ status, label: PROMOTION_STATUS_LABELS[status], count: counts.get(status) ?? 0 }));
}

/** The variants a programme covers (its variants, categories and brands; all when none named). */
export async function coveredVariants(
  db: Db,
  record: Pick<PromotionRecord, 'company' | 'variant_ids' | 'category_ids' | 'brand_ids'>,
  query: { search?: string; page: number; limit: number },
): Promise<{ rows: PromotionVariantRow[]; count: number }> {
  const scope = [
    record.variant_ids.length ? anyInt(variants.id, record.variant_ids) : null,
    record.category_ids.length ? anyInt(products.categoryId, record.category_ids) : null,
    record.brand_ids.length ? anyInt(products.brandId, record.brand_ids) : null,
  ].filter((condition) => condition !== null);
  const where = and(
    eq(variants.companyId, record.company),
    // What is still sold, as the checks count it (promotion-checks.ts).
    eq(variants.isActive, true),
    eq(products.isActive, true),
    scope.length ? sql`(${sql.join(scope, sql` or `)})` : undefined,
    ...wordConditions(variants.searchText, query.search),
  );
  const select = db
    .select({
      variant_id: variants.id,
      sku: variants.code,
      product_name: products.name,
      variant_name: variants.name,
      base_unit: variantUnits.unit,
      price: variantUnits.price,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(variantUnits, and(eq(variantUnits.variantId, variants.id), eq(variantUnits.factor, 1)))
    .where(where)
    .$dynamic();
  return pagedRows(db, select, [products.name, variants.id], query);
}
