/**
 * What a programme must satisfy before it is saved, beyond its shape (contract/promotions.ts
 * tierProblems): every id it names is the company's, a gift is an active variant, and no tier gives
 * more than half the price of the goods it promotes (NĐ 81/2018 Điều 6-7; docs/promotions.md
 * "The law"). Each problem is named on its field, in Vietnamese; nothing is written.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { formatMoney, formatNumber } from '@contract/money';
import { tierProblems, type PromotionInput, type PromotionTier } from '@contract/promotions';
import type { Db } from '@server/kernel/db/client';
import { customerLevels, customerTypes, productBrands, productCategories, regions, variants, variantUnits } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { anyInt, rowsOf } from '@server/kernel/sql';

type Scoped = Pick<
  PromotionInput,
  'kind' | 'tiers' | 'variant_ids' | 'category_ids' | 'brand_ids' | 'customer_type_ids' | 'level_ids' | 'region_ids'
>;

/** Ids among `ids` that are not rows of the company in `table`. */
async function foreignIds(tx: Db, table: PgTable, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from ${table} where company_id = ${companyId} and id = any(${sql.param([...ids])}::int[])`),
  );
  const known = new Set(found.map((row) => Number(row.id)));
  return ids.filter((id) => !known.has(id));
}

type Priced = { name: string; price: number };

/** The cheapest and the dearest base-unit price among the goods a programme covers. */
async function coveredPrices(tx: Db, companyId: number, input: Scoped): Promise<{ cheapest: Priced; dearest: Priced } | null> {
  const scope: SQL[] = [];
  const ids = (list: readonly number[]) => sql`any(${sql.param([...list])}::int[])`;
  if (input.variant_ids.length) scope.push(sql`v.id = ${ids(input.variant_ids)}`);
  if (input.category_ids.length) scope.push(sql`p.category_id = ${ids(input.category_ids)}`);
  if (input.brand_ids.length) scope.push(sql`p.brand_id = ${ids(input.brand_ids)}`);
  const covered = scope.length ? sql`and (${sql.join(scope, sql` or `)})` : sql``;
  const query = (order: SQL) => sql`
    select p.name || case when v.name <> '' then ' – ' || v.name else '' end as name, u.price
    from variants v join products p on p.id = v.product_id join variant_units u on u.variant_id = v.id and u.factor = 1
    where v.company_id = ${companyId} and v.is_active ${covered} and u.price > 0
    order by ${order} limit 1`;
  const [cheapest] = rowsOf<{ name: string; price: string }>(await tx.execute(query(sql`u.price asc`)));
  const [dearest] = rowsOf<{ name: string; price: string }>(await tx.execute(query(sql`u.price desc`)));
  if (!cheapest || !dearest) return null;
  return {
    cheapest: { name: cheapest.name, price: Number(cheapest.price) },
    dearest: { name: dearest.name, price: Number(dearest.price) },
  };
}

async function giftPrices(tx: Db, companyId: number, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: variants.id, price: variantUnits.price })
    .from(variants)
    .innerJoin(variantUnits, and(eq(variantUnits.variantId, variants.id), eq(variantUnits.factor, 1)))
    .where(and(eq(variants.companyId, companyId), eq(variants.isActive, true), anyInt(variants.id, ids)));
  return new Map(rows.map((row) => [row.id, row.price]));
}

/** The 50 % rule on one tier of a line kind, against the goods covered; a message or null. */
function halfRule(tier: PromotionTier, prices: { cheapest: Priced; dearest: Priced }, giftPrice: number | undefined): string | null {
  const { cheapest, dearest } = prices;
  if (tier.reward === 'amount' && tier.value * 2 > cheapest.price)
    return `Mức giảm ${formatMoney(tier.value)} vượt 50% giá của ${cheapest.name} (${formatMoney(cheapest.price)})`;
  if (tier.reward === 'fixed_price' && tier.value * 2 < dearest.price)
    return `Giá ${formatMoney(tier.value)} thấp hơn 50% giá của ${dearest.name} (${formatMoney(dearest.price)})`;
  if (tier.reward === 'gift') {
    // A gift of the same goods: at most half of what must be bought; another product: at its price.
    const value = tier.gift_quantity * (giftPrice ?? cheapest.price);
    const bought = tier.threshold * cheapest.price;
    if (tier.gift_variant_id === null ? tier.gift_quantity * 2 > tier.threshold : value * 2 > bought)
      return `Giá trị hàng tặng vượt 50% giá trị hàng phải mua (${formatNumber(tier.threshold)} × ${cheapest.name})`;
  }
  return null;
}

export async function checkPromotion(tx: Db, companyId: number, input: Scoped): Promise<void> {
  const problems: Record<string, string> = tierProblems(input.kind, input.tiers);
  const lists: [keyof Scoped, PgTable, string][] = [
    ['variant_ids', variants, 'Sản phẩm'],
    ['category_ids', productCategories, 'Danh mục'],
    ['brand_ids', productBrands, 'Thương hiệu'],
    ['customer_type_ids', customerTypes, 'Nhóm khách hàng'],
    ['level_ids', customerLevels, 'Cấp độ khách hàng'],
    ['region_ids', regions, 'Khu vực'],
  ];
  for (const [field, table, label] of lists) {
    const foreign = await foreignIds(tx, table, companyId, input[field] as number[]);
    if (foreign.length) problems[field] = `${label} không tồn tại trong công ty (${foreign.slice(0, 5).join(', ')})`;
  }
  const giftIds = [
    ...new Set(input.tiers.flatMap((tier) => (tier.reward === 'gift' && tier.gift_variant_id !== null ? [tier.gift_variant_id] : []))),
  ];
  const gifts = await giftPrices(tx, companyId, giftIds);
  input.tiers.forEach((tier, index) => {
    if (tier.reward === 'gift' && tier.gift_variant_id !== null && !gifts.has(tier.gift_variant_id))
      problems[`tiers.${index}.gift_variant_id`] = 'Sản phẩm tặng không tồn tại hoặc đã ngừng kinh doanh';
  });
  if (Object.keys(problems).length === 0) {
    if (input.kind === 'order_total') {
      input.tiers.forEach((tier, index) => {
        const giftPrice = tier.gift_variant_id === null ? undefined : gifts.get(tier.gift_variant_id);
        if (tier.reward === 'gift' && giftPrice !== undefined && tier.gift_quantity * giftPrice * 2 > tier.threshold)
          problems[`tiers.${index}.gift_quantity`] = 'Giá trị hàng tặng vượt 50% mốc tổng tiền (Nghị định 81/2018)';
      });
    } else {
      const prices = await coveredPrices(tx, companyId, input);
      if (!prices) problems.variant_ids = 'Phạm vi chương trình không có sản phẩm nào đang bán';
      else
        input.tiers.forEach((tier, index) => {
          const problem = halfRule(tier, prices, tier.gift_variant_id === null ? undefined : gifts.get(tier.gift_variant_id));
          // A gift has no value of its own: its quantity is what to change.
          if (problem) problems[`tiers.${index}.${tier.reward === 'gift' ? 'gift_quantity' : 'value'}`] = `${problem} (Nghị định 81/2018)`;
        });
    }
  }
  const first = Object.values(problems)[0];
  if (first) throw badRequest('VALIDATION_FAILED', first, problems);
}
