/**
 * Running promotions for the demo, written through the module's own calls: An Khang runs
 * "Mua 10 chai tặng 1" on Prospan cough syrup and 5 % off orders from 2.000.000 đ; a brand discount
 * waits for approval, and last month's programme has ended.
 */
import { and, eq } from 'drizzle-orm';
import type { PromotionInput } from '@contract/promotions';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { productBrands, products, promotions, variants } from '@server/kernel/db/schema';
import { actOnPromotion, createPromotion } from '@server/modules/promotions';

const day = (offset: number) => vietnamDay(new Date(Date.now() + offset * 86_400_000));

const base = {
  description: null,
  hours_from: null,
  hours_to: null,
  exclusive: false,
  priority: 0,
  variant_ids: [],
  category_ids: [],
  brand_ids: [],
  customer_type_ids: [],
  level_ids: [],
  region_ids: [],
  cap_kind: 'money',
  cap_total: null,
  cap_per_customer: null,
  notice_ref: null,
  notice_date: null,
} satisfies Partial<Omit<PromotionInput, 'company'>>;

export async function seedDemoPromotions(db: Db, ids: { anKhangId: number; anId: number }): Promise<void> {
  const company = ids.anKhangId;
  const variantOf = async (name: string) => {
    const [row] = await db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(products.companyId, company), eq(products.name, name)));
    if (!row) throw new Error(`demo product ${name} missing`);
    return row.id;
  };
  const [hapacol] = await db
    .select({ id: productBrands.id })
    .from(productBrands)
    .where(and(eq(productBrands.companyId, company), eq(productBrands.title, 'Hapacol')));
  const prospan = await variantOf('Siro ho Prospan');
  await db.transaction(async (tx) => {
    const make = (input: Omit<PromotionInput, 'company'>) => createPromotion(tx, company, ids.anId, input);
    const buyTen = await make({
      ...base,
      name: 'Mua 10 chai Prospan tặng 1 chai',
      description: 'Áp dụng cho nhà thuốc và quầy thuốc có giấy phép kinh doanh dược',
      kind: 'buy_get',
      starts_on: day(-10),
      ends_on: day(50),
      variant_ids: [prospan],
      tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: null, gift_quantity: 1 }],
      cap_kind: 'quantity',
      cap_total: 500,
      cap_per_customer: 50,
      notice_ref: 'TB-KM 1123/SCT-QLTM',
      notice_date: day(-15),
    });
    const fivePercent = await make({
      ...base,
      name: 'Giảm 5% đơn hàng từ 2.000.000 đ',
      kind: 'order_total',
      starts_on: day(-5),
      ends_on: day(25),
      tiers: [{ threshold: 2_000_000, reward: 'percent', value: 5, gift_variant_id: null, gift_quantity: 0 }],
      cap_total: 50_000_000,
      notice_ref: 'TB-KM 1124/SCT-QLTM',
      notice_date: day(-8),
    });
    await make({
      ...base,
      name: 'Giảm 10% thuốc Hapacol',
      kind: 'discount',
      starts_on: day(3),
      ends_on: day(33),
      brand_ids: hapacol ? [hapacol.id] : [],
      tiers: [{ threshold: 1, reward: 'percent', value: 10, gift_variant_id: null, gift_quantity: 0 }],
    });
    const ended = await make({
      ...base,
      name: 'Khuyến mại tháng trước: mua nhiều giảm nhiều',
      kind: 'quantity_tier',
      starts_on: day(-60),
      ends_on: day(-31),
      tiers: [
        { threshold: 20, reward: 'percent', value: 3, gift_variant_id: null, gift_quantity: 0 },
        { threshold: 50, reward: 'percent', value: 6, gift_variant_id: null, gift_quantity: 0 },
      ],
    });
    for (const id of [buyTen, fivePercent]) await actOnPromotion(tx, company, ids.anId, id, 'approve', null);
    // Approved back then; a programme past its end can no longer be approved through the call.
    await tx
      .update(promotions)
      .set({ state: 'approved', approvedBy: ids.anId, approvedAt: new Date(Date.now() - 62 * 86_400_000) })
      .where(eq(promotions.id, ended));
  });
}
