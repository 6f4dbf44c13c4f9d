/**
 * Demo catalogue: a Vietnamese pharmacy distributor's products for An Khang (real-looking
 * registration numbers, manufacturers, units hộp / vỉ / viên with prices and EAN-13 barcodes of the
 * Vietnamese prefix 893), a few general goods for Minh Phát (company type Khác), two price
 * policies for An Khang, and the customer group "Đại lý cấp 1" buying at wholesale prices. Written
 * through the same code as the API (so search text and change-log rows are right). Runs once: a
 * company that already has products is left alone.
 */
import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { PricePolicyInputSchema } from '@contract/price-policy';
import { ProductInputSchema, type VatRate } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { customerLevels, customerTypes, products, variants } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { createPolicy } from '@server/modules/price-policy';
import { saveProduct, OPTION_KINDS, type OptionKind } from '@server/modules/products';
import demoProducts from './demo-products.json';
import { ean13 } from './ean13';

type DemoUnit = [unit: string, factor: number, price: number, wholesale: number | null, barcode: boolean];
type DemoProduct = {
  name: string;
  ingredient?: string;
  strength?: string;
  reg?: string;
  maker: string;
  country: string;
  brand?: string;
  category: string;
  group: string;
  vat: VatRate;
  variants: { name?: string; parcel: DemoParcel; units: DemoUnit[] }[];
};
/**
 * One base unit's weight and size (the catalogue's figures, docs/delivery.md "Parcels"): a tablet
 * 1 g and 1 cm³ (a box of 100 weighs 100 g), a sachet 3–5 g, a 125 ml bottle of syrup 180 g, so an
 * order's parcel weighs what the goods sold weigh.
 */
type DemoParcel = [grams: number, lengthCm: number, widthCm: number, heightCm: number];

/**
 * The products themselves: data, one product per line (units: unit, factor, price, wholesale price,
 * has a barcode; parcel: a base unit's grams and cm).
 */
const { anKhang: AN_KHANG, minhPhat: MINH_PHAT } = demoProducts as { anKhang: DemoProduct[]; minhPhat: DemoProduct[] };

async function optionIds(tx: Db, kind: Exclude<OptionKind, 'unit'>, companyId: number, titles: (string | undefined)[]) {
  const { table } = OPTION_KINDS[kind];
  const unique = [...new Set(titles.filter((title): title is string => Boolean(title)))];
  const rows = await tx
    .insert(table)
    .values(unique.map((title) => ({ companyId, title })))
    .returning({ id: table.id, title: table.title });
  return new Map(rows.map((row) => [row.title, row.id]));
}

async function seedProducts(tx: Db, companyId: number, list: DemoProduct[], barcodePrefix: string): Promise<Map<string, number>> {
  const brands = await optionIds(
    tx,
    'brand',
    companyId,
    list.map((p) => p.brand),
  );
  const categories = await optionIds(
    tx,
    'category',
    companyId,
    list.map((p) => p.category),
  );
  const groups = await optionIds(
    tx,
    'group',
    companyId,
    list.map((p) => p.group),
  );
  let serial = 0;
  const ids = new Map<string, number>();
  for (const product of list) {
    const input = v.parse(ProductInputSchema, {
      company: companyId,
      name: product.name,
      active_ingredient: product.ingredient ?? null,
      strength: product.strength ?? null,
      registration_number: product.reg ?? null,
      manufacturer: product.maker,
      country: product.country,
      brand_id: product.brand ? brands.get(product.brand) : null,
      category_id: categories.get(product.category),
      group_id: groups.get(product.group),
      vat_rate: product.vat,
      is_medicine: product.group.startsWith('Thuốc'),
      variants: product.variants.map((variant) => ({
        name: variant.name ?? '',
        weight_grams: variant.parcel[0],
        length_cm: variant.parcel[1],
        width_cm: variant.parcel[2],
        height_cm: variant.parcel[3],
        units: variant.units.map(([unit, factor, price, wholesale, barcode]) => {
          serial += 1;
          return {
            unit,
            factor,
            price,
            wholesale_price: wholesale,
            barcode: barcode ? ean13(`${barcodePrefix}${String(serial).padStart(5, '0')}`) : null,
          };
        }),
      })),
    });
    ids.set(product.name, await saveProduct(tx, companyId, input, null));
  }
  return ids;
}

async function variantOf(tx: Db, productId: number | undefined): Promise<number> {
  const [row] = await tx
    .select({ id: variants.id })
    .from(variants)
    .where(eq(variants.productId, productId ?? 0))
    .orderBy(variants.id)
    .limit(1);
  if (!row) throw new Error('demo variant missing');
  return row.id;
}

async function seedPolicies(tx: Db, companyId: number, productIds: Map<string, number>): Promise<void> {
  const [hospital] = await tx
    .select({ id: customerTypes.id })
    .from(customerTypes)
    .where(and(eq(customerTypes.companyId, companyId), eq(customerTypes.title, 'Nhà thuốc bệnh viện')));
  const [diamond] = await tx
    .select({ id: customerLevels.id })
    .from(customerLevels)
    .where(and(eq(customerLevels.companyId, companyId), eq(customerLevels.title, 'Kim cương')));
  if (hospital) {
    const amoxicillin = await variantOf(tx, productIds.get('Amoxicillin 500mg'));
    const hapacol = await variantOf(tx, productIds.get('Hapacol 500'));
    const betadine = await variantOf(tx, productIds.get('Betadine Antiseptic Solution 10%'));
    const metformin = await variantOf(tx, productIds.get('Metformin Stada 850mg'));
    await createPolicy(
      tx,
      companyId,
      v.parse(PricePolicyInputSchema, {
        company: companyId,
        title: 'Nhà thuốc bệnh viện – giá ưu đãi',
        customer_type_id: hospital.id,
        priority: 10,
        note: 'Giá cố định cho nhà thuốc bệnh viện theo hợp đồng năm',
        items: [
          { variant_id: amoxicillin, unit: 'hộp', price: 76000 },
          { variant_id: amoxicillin, unit: 'viên', price: 800 },
          { variant_id: hapacol, unit: 'hộp', price: 40000 },
          { variant_id: betadine, unit: 'chai', price: 60000 },
          { variant_id: metformin, unit: 'viên', price: 780 },
        ],
      }),
    );
  }
  if (diamond) {
    await createPolicy(
      tx,
      companyId,
      v.parse(PricePolicyInputSchema, {
        company: companyId,
        title: 'Khách hàng Kim cương',
        level_id: diamond.id,
        discount_percent: 5,
        note: 'Chiết khấu 5% trên giá niêm yết',
      }),
    );
  }
}

export async function seedDemoCatalogue(db: Db, input: { anKhangId: number; minhPhatId: number }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(products).where(eq(products.companyId, input.anKhangId));
  if (Number(existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(OPTION_KINDS.unit.table).values({ companyId: input.anKhangId, title: 'miếng' });
    const ids = await seedProducts(tx, input.anKhangId, AN_KHANG, '8936045');
    await seedProducts(tx, input.minhPhatId, MINH_PHAT, '8935217');
    await seedPolicies(tx, input.anKhangId, ids);
    const wholesale = await tx
      .update(customerTypes)
      .set({ isWholesale: true, updatedAt: new Date() })
      .where(and(eq(customerTypes.companyId, input.anKhangId), eq(customerTypes.title, 'Đại lý cấp 1')))
      .returning({ id: customerTypes.id });
    for (const group of wholesale) {
      await recordChange(tx, { companyId: input.anKhangId, entity: 'customer_type', entityId: group.id, op: 'upsert' });
    }
  });
}
