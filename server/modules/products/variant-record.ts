/**
 * Variants as records (contract VariantRecord) for sync pull, lists and answers. A batch of any size
 * takes one query answering one JSON value (variants with their product, brand, category, group,
 * units and first image): on PGlite that reads a 1000-variant pull page about twice as fast as
 * row-by-row results.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { productPaths, type VariantRecord, type VariantUnit, type VatRate } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { variants } from '@server/kernel/db/schema';
import { anyInt, executePrepared, jsonColumn, rowsOf } from '@server/kernel/sql';

type UnitTuple = [string, number, number, number | null, string | null];

type VariantJson = Omit<VariantRecord, 'units' | 'image_url' | 'vat_rate'> & {
  vat_rate: number;
  /** [unit, factor, price, wholesale price, barcode], the base unit first. */
  units: UnitTuple[] | null;
  image_id: string | null;
};

/** A JSON value from either driver (PGlite and node-postgres parse `json`; text is parsed here). */
function jsonValue<T>(result: unknown, fallback: T): T {
  const [row] = rowsOf<{ value: T | string | null }>(result);
  const value = row?.value;
  if (value === null || value === undefined) return fallback;
  return jsonColumn(value);
}

/** Which variants: those matching a condition (by id), or a page's ids in the page's order. */
type VariantScope = { where: SQL } | { page: SQLWrapper };

/**
 * One statement for the variants, their units (base unit first, then by factor) and their
 * product's first image (by sort, then age; its id only): a list's page is one round trip, not three.
 */
async function variantRows(db: Db, companyId: number, scope: VariantScope): Promise<VariantJson[]> {
  const paged = 'page' in scope;
  const from = paged
    ? sql`unnest(array(${scope.page})) with ordinality as page(id, position) join variants on variants.id = page.id`
    : sql`variants`;
  const statement = sql`
    select json_agg(r order by ${paged ? sql`r.position` : sql`r.id`}) as value from (
      select variants.id, variants.company_id as company, variants.product_id, variants.code, variants.name,
        variants.weight_grams, variants.length_cm, variants.width_cm, variants.height_cm,
        variants.is_active and products.is_active as is_active,
        to_char(greatest(variants.updated_at, products.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        products.code as product_code, products.name as product_name, products.active_ingredient, products.strength,
        products.registration_number, products.manufacturer, products.country,
        products.brand_id, product_brands.title as brand_name, products.category_id, product_categories.title as category_name,
        products.group_id, product_groups.title as group_name, products.vat_rate, products.is_medicine,
        products.registration_expiry, products.prescription, products.essential, products.controlled_class,
        products.storage, products.national_code,
        (select json_agg(json_build_array(u.unit, u.factor, u.price, u.wholesale_price, u.barcode) order by u.factor)
          from variant_units u where u.variant_id = variants.id and u.company_id = variants.company_id) as units,
        (select i.id from product_images i where i.product_id = variants.product_id and i.company_id = variants.company_id
          order by i.sort, i.created_at, i.id limit 1) as image_id${paged ? sql`, page.position` : sql``}
      from ${from}
      join products on products.id = variants.product_id
      left join product_brands on product_brands.id = products.brand_id
      left join product_categories on product_categories.id = products.category_id
      left join product_groups on product_groups.id = products.group_id
      where variants.company_id = ${companyId} and ${paged ? sql`true` : scope.where}) r`;
  // A lookup by ids plans the same for any ids: prepared. A page's plan depends on its filters.
  const result = paged ? await db.execute(statement) : await executePrepared(db, statement);
  return jsonValue<VariantJson[]>(result, []);
}

const toUnit = ([unit, factor, price, wholesale, barcode]: UnitTuple): VariantUnit => ({
  unit,
  factor,
  price: Number(price),
  wholesale_price: wholesale === null ? null : Number(wholesale),
  barcode,
});

/** Variant records matching a condition on `variants` / `products`, by id. */
export function loadVariants(db: Db, companyId: number, where: SQL): Promise<VariantRecord[]> {
  return variantRecords(db, companyId, { where });
}

/** The records of a page of variants in its order: `page` selects their ids (a list's page), run as part of the one statement. */
export function loadVariantPage(db: Db, companyId: number, page: SQLWrapper): Promise<VariantRecord[]> {
  return variantRecords(db, companyId, { page });
}

async function variantRecords(db: Db, companyId: number, scope: VariantScope): Promise<VariantRecord[]> {
  const rows = await variantRows(db, companyId, scope);
  return rows.map((row) => {
    const imageId = row.image_id;
    return {
      id: row.id,
      company: row.company,
      product_id: row.product_id,
      product_code: row.product_code,
      product_name: row.product_name,
      code: row.code,
      name: row.name,
      units: (row.units ?? []).map(toUnit),
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
      registration_expiry: row.registration_expiry,
      prescription: row.prescription,
      essential: row.essential,
      controlled_class: row.controlled_class,
      storage: row.storage,
      national_code: row.national_code,
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
