/**
 * Variants as records (contract VariantRecord) for sync pull, lists and answers. A batch of any size
 * takes three queries: variants with their product, brand, category and group; their units; the
 * first image of each product (ids only, never the bytes). The first two answer one JSON value
 * each: on PGlite that reads a 1000-variant pull page about twice as fast as row-by-row results.
 */
import { sql, type SQL } from 'drizzle-orm';
import { productPaths, type VariantRecord, type VariantUnit, type VatRate } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { variants } from '@server/kernel/db/schema';
import { rowsOf, anyInt } from '@server/kernel/sql';

type VariantJson = Omit<VariantRecord, 'units' | 'image_url' | 'vat_rate'> & { vat_rate: number };

/** A JSON value from either driver (PGlite and node-postgres parse `json`; text is parsed here). */
function jsonValue<T>(result: unknown, fallback: T): T {
  const [row] = rowsOf<{ value: T | string | null }>(result);
  const value = row?.value;
  if (value === null || value === undefined) return fallback;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

async function variantRows(db: Db, companyId: number, where: SQL): Promise<VariantJson[]> {
  const result = await db.execute(sql`
    select json_agg(r order by r.id) as value from (
      select variants.id, variants.company_id as company, variants.product_id, variants.code, variants.name,
        variants.weight_grams, variants.length_cm, variants.width_cm, variants.height_cm,
        variants.is_active and products.is_active as is_active,
        to_char(greatest(variants.updated_at, products.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        products.code as product_code, products.name as product_name, products.active_ingredient, products.strength,
        products.registration_number, products.manufacturer, products.country,
        products.brand_id, product_brands.title as brand_name, products.category_id, product_categories.title as category_name,
        products.group_id, product_groups.title as group_name, products.vat_rate, products.is_medicine
      from variants
      join products on products.id = variants.product_id
      left join product_brands on product_brands.id = products.brand_id
      left join product_categories on product_categories.id = products.category_id
      left join product_groups on product_groups.id = products.group_id
      where variants.company_id = ${companyId} and ${where}) r`);
  return jsonValue<VariantJson[]>(result, []);
}

/** Units of variants, the base unit first, then bigger units by factor. */
export async function unitsOfVariants(db: Db, companyId: number, variantIds: readonly number[]): Promise<Map<number, VariantUnit[]>> {
  const byVariant = new Map<number, VariantUnit[]>();
  if (variantIds.length === 0) return byVariant;
  const result = await db.execute(sql`
    select json_agg(json_build_array(variant_id, unit, factor, price, wholesale_price, barcode) order by variant_id, factor) as value
    from variant_units where company_id = ${companyId} and variant_id = any(${sql.param([...variantIds])}::int[])`);
  type UnitTuple = [number, string, number, number, number | null, string | null];
  for (const [variantId, unit, factor, price, wholesale, barcode] of jsonValue<UnitTuple[]>(result, [])) {
    const list = byVariant.get(variantId) ?? [];
    list.push({ unit, factor, price: Number(price), wholesale_price: wholesale === null ? null : Number(wholesale), barcode });
    byVariant.set(variantId, list);
  }
  return byVariant;
}

/** The first image (by sort, then age) of each product. */
export async function firstImageIds(db: Db, companyId: number, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = rowsOf<{ product_id: number; id: string }>(
    await db.execute(sql`
      select distinct on (product_id) product_id, id from product_images
      where company_id = ${companyId} and product_id = any(${sql.param([...productIds])}::int[])
      order by product_id, sort, created_at, id`),
  );
  return new Map(rows.map((row) => [Number(row.product_id), String(row.id)]));
}

/** Variant records matching a condition on `variants` / `products`, by id. */
export async function loadVariants(db: Db, companyId: number, where: SQL): Promise<VariantRecord[]> {
  const rows = await variantRows(db, companyId, where);
  if (rows.length === 0) return [];
  const [units, images] = await Promise.all([
    unitsOfVariants(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
    firstImageIds(db, companyId, [...new Set(rows.map((row) => row.product_id))]),
  ]);
  return rows.map((row) => {
    const imageId = images.get(row.product_id);
    return {
      id: row.id,
      company: row.company,
      product_id: row.product_id,
      product_code: row.product_code,
      product_name: row.product_name,
      code: row.code,
      name: row.name,
      units: units.get(row.id) ?? [],
      active_ingredient: row.active_ingredient,
      strength: row.strength,
      registration_number: row.registration_number,
      manufacturer: row.manufacturer,
      country: row.country,
      brand_id: row.brand_id,
      brand_name: row.brand_name,
      category_id: row.category_id,
      category_name: row.category_name,
      group_id: row.group_id,
      group_name: row.group_name,
      vat_rate: row.vat_rate as VatRate,
      is_medicine: row.is_medicine,
      is_active: row.is_active,
      image_url: imageId ? productPaths.image(imageId) : null,
      updated_at: row.updated_at,
      weight_grams: row.weight_grams ?? null,
      length_cm: row.length_cm ?? null,
      width_cm: row.width_cm ?? null,
      height_cm: row.height_cm ?? null,
    };
  });
}

export async function variantRecordsById(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, VariantRecord>> {
  if (ids.length === 0) return new Map();
  const records = await loadVariants(db, companyId, anyInt(variants.id, ids));
  return new Map(records.map((record) => [record.id, record]));
}

/** Every variant of some products, grouped by product, oldest variant first. */
export async function variantRecordsOfProducts(
  db: Db,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, VariantRecord[]>> {
  const byProduct = new Map<number, VariantRecord[]>();
  if (productIds.length === 0) return byProduct;
  for (const record of await loadVariants(db, companyId, anyInt(variants.productId, productIds))) {
    byProduct.set(record.product_id, [...(byProduct.get(record.product_id) ?? []), record]);
  }
  return byProduct;
}

/** Sync pull's loader: ids are the integer ids as strings. */
export async function loadVariantRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, VariantRecord>> {
  const numeric = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  const records = await variantRecordsById(db, companyId, numeric);
  return new Map([...records].map(([id, record]) => [String(id), record]));
}
