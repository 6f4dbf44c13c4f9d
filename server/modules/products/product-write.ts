/**
 * Creating and editing a product with its variants and units, inside the caller's transaction:
 * references checked against the company, unit names checked against its unit list, codes made
 * when missing (SP000123, then <product code>-1, -2 …), barcodes unique across the company, and a
 * change-log row for every variant touched. Variants left out of an edit become inactive (orders
 * refer to them); their units stay.
 */
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { ProductInputSchema } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { products, variants, variantUnits } from '@server/kernel/db/schema';
import { formatCode, nextCounter } from '@server/kernel/counters';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { rowsOf, anyInt, anyText } from '@server/kernel/sql';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { foreignOptionIds, type OptionKind } from './catalogue-options';
import { removeOrphanPolicyItems } from '@server/modules/price-policy';
import { productSearchText, variantSearchText, type ProductSearchFields } from './search-text';
import { canonicalUnit, knownUnits } from './units';
import { drugMasterColumns } from './drug-master';

export type ProductData = v.InferOutput<typeof ProductInputSchema>;
type VariantData = ProductData['variants'][number];

const REFERENCES: { kind: Exclude<OptionKind, 'unit'>; field: 'brand_id' | 'category_id' | 'group_id'; message: string }[] = [
  { kind: 'brand', field: 'brand_id', message: 'Thương hiệu không tồn tại trong công ty' },
  { kind: 'category', field: 'category_id', message: 'Danh mục không tồn tại trong công ty' },
  { kind: 'group', field: 'group_id', message: 'Nhóm sản phẩm không tồn tại trong công ty' },
];

async function checkReferences(tx: Db, companyId: number, input: ProductData): Promise<void> {
  for (const reference of REFERENCES) {
    const id = input[reference.field];
    if (id != null && (await foreignOptionIds(tx, reference.kind, companyId, [id])).length > 0) {
      throw badRequest('VALIDATION_FAILED', reference.message, { [reference.field]: reference.message });
    }
  }
}

/** Unit names must be in the company's unit list (or the defaults); they are stored as the list spells them. */
async function canonicalizeUnits(tx: Db, companyId: number, input: ProductData): Promise<void> {
  const known = await knownUnits(tx, companyId);
  input.variants.forEach((variant, i) =>
    variant.units.forEach((unit, j) => {
      const name = canonicalUnit(known, unit.unit);
      if (!name) {
        const message = `Đơn vị tính "${unit.unit}" chưa có trong danh mục đơn vị`;
        throw badRequest('VALIDATION_FAILED', message, { [`variants.${i}.units.${j}.unit`]: message });
      }
      unit.unit = name;
    }),
  );
}

async function codeTaken(tx: Db, companyId: number, code: string, exceptId: number | null): Promise<boolean> {
  const conditions = [eq(products.companyId, companyId), eq(products.code, code)];
  if (exceptId !== null) conditions.push(ne(products.id, exceptId));
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

/** SP000123 from the company's counter, skipping codes people typed in themselves. */
export async function nextProductCode(tx: Db, companyId: number): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const code = formatCode('SP', await nextCounter(tx, companyId, 'product'));
    if (!(await codeTaken(tx, companyId, code, null))) return code;
    await tx.execute(sql`
      update company_counters set value = greatest(value, coalesce((
        select max(substring(code from 3)::bigint) from products
        where company_id = ${companyId} and code ~ '^SP[0-9]{1,15}$'), 0))
      where company_id = ${companyId} and name = 'product'`);
  }
  throw new Error('no free product code');
}

type ExistingVariant = { id: number; code: string };

function checkVariantIds(input: ProductData, existing: Map<number, ExistingVariant>): void {
  const seen = new Set<number>();
  input.variants.forEach((variant, i) => {
    if (variant.id == null) return;
    if (!existing.has(variant.id) || seen.has(variant.id)) {
      const message = seen.has(variant.id) ? 'Biến thể bị lặp lại' : 'Biến thể không thuộc sản phẩm này';
      throw badRequest('VALIDATION_FAILED', message, { [`variants.${i}.id`]: message });
    }
    seen.add(variant.id);
  });
}

/** Each variant's code: as given, else its current one, else `<product code>-n` with the first free n. */
async function variantCodes(
  tx: Db,
  companyId: number,
  productCode: string,
  input: ProductData,
  existing: Map<number, ExistingVariant>,
): Promise<string[]> {
  const wanted = input.variants.map((variant) => variant.code || (variant.id != null ? existing.get(variant.id)?.code : undefined) || null);
  const given = wanted.filter((code): code is string => code !== null);
  const owners = new Map<string, number>();
  if (given.length > 0) {
    const rows = await tx
      .select({ id: variants.id, code: variants.code })
      .from(variants)
      .where(and(eq(variants.companyId, companyId), anyText(variants.code, given)));
    for (const row of rows) owners.set(row.code, row.id);
  }
  const used = new Set<string>();
  wanted.forEach((code, i) => {
    if (code === null) return;
    const owner = owners.get(code);
    const self = input.variants[i]?.id ?? null;
    if (used.has(code) || (owner !== undefined && owner !== self)) {
      const message = `Mã biến thể ${code} đã tồn tại`;
      throw conflict(message, { [`variants.${i}.code`]: message });
    }
    used.add(code);
  });
  const prefix = `${productCode}-`;
  const takenRows = rowsOf<{ code: string }>(
    await tx.execute(sql`select code from variants where company_id = ${companyId} and left(code, ${prefix.length}) = ${prefix}`),
  );
  const taken = new Set([...takenRows.map((row) => row.code), ...used]);
  let n = 0;
  return wanted.map((code) => {
    if (code !== null) return code;
    do n += 1;
    while (taken.has(`${prefix}${n}`));
    taken.add(`${prefix}${n}`);
    return `${prefix}${n}`;
  });
}

/** Barcodes are unique in the company across every unit of every variant. */
async function checkBarcodes(tx: Db, companyId: number, input: ProductData, rewritten: Set<number>): Promise<void> {
  const places = new Map<string, string>();
  input.variants.forEach((variant, i) =>
    variant.units.forEach((unit, j) => {
      if (!unit.barcode) return;
      const path = `variants.${i}.units.${j}.barcode`;
      if (places.has(unit.barcode)) {
        const message = `Mã vạch ${unit.barcode} bị trùng giữa các biến thể`;
        throw conflict(message, { [path]: message });
      }
      places.set(unit.barcode, path);
    }),
  );
  if (places.size === 0) return;
  const rows = await tx
    .select({ barcode: variantUnits.barcode, variantId: variantUnits.variantId, productName: products.name })
    .from(variantUnits)
    .innerJoin(variants, eq(variants.id, variantUnits.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variantUnits.companyId, companyId), anyText(variantUnits.barcode, [...places.keys()])));
  const clash = rows.find((row) => !rewritten.has(row.variantId));
  if (clash?.barcode) {
    const message = `Mã vạch ${clash.barcode} đã được dùng cho sản phẩm "${clash.productName}"`;
    throw conflict(message, { [places.get(clash.barcode) ?? 'barcode']: message });
  }
}

function productValues(input: ProductData, code: string) {
  const fields: ProductSearchFields = {
    code,
    name: input.name,
    activeIngredient: input.active_ingredient,
    strength: input.strength,
    registrationNumber: input.registration_number,
    manufacturer: input.manufacturer,
    nationalCode: input.national_code,
  };
  return {
    fields,
    values: {
      code,
      name: input.name,
      activeIngredient: input.active_ingredient,
      strength: input.strength,
      registrationNumber: input.registration_number,
      manufacturer: input.manufacturer,
      country: input.country,
      brandId: input.brand_id,
      categoryId: input.category_id,
      groupId: input.group_id,
      vatRate: input.vat_rate,
      isMedicine: input.is_medicine,
      ...drugMasterColumns(input),
      description: input.description,
      isActive: input.is_active,
      searchText: productSearchText(fields),
      updatedAt: new Date(),
    },
  };
}

async function writeVariant(tx: Db, companyId: number, productId: number, fields: ProductSearchFields, variant: VariantData, code: string) {
  const values = {
    code,
    name: variant.name,
    isActive: variant.is_active,
    searchText: variantSearchText(fields, { code, name: variant.name, barcodes: variant.units.map((unit) => unit.barcode) }),
    updatedAt: new Date(),
    // Weight and size left out of the input stay as stored (docs/delivery.md "Parcels").
    ...(variant.weight_grams !== undefined ? { weightGrams: variant.weight_grams } : {}),
    ...(variant.length_cm !== undefined ? { lengthCm: variant.length_cm } : {}),
    ...(variant.width_cm !== undefined ? { widthCm: variant.width_cm } : {}),
    ...(variant.height_cm !== undefined ? { heightCm: variant.height_cm } : {}),
  };
  if (variant.id != null) {
    await tx.update(variants).set(values).where(eq(variants.id, variant.id));
    return variant.id;
  }
  const [row] = await tx
    .insert(variants)
    .values({ companyId, productId, ...values })
    .returning({ id: variants.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Variants left out of an edit still carry the product's words in their search text. */
async function refreshSearchText(tx: Db, fields: ProductSearchFields, rows: { id: number; code: string; name: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const units = await tx
    .select({ variantId: variantUnits.variantId, barcode: variantUnits.barcode })
    .from(variantUnits)
    .where(
      anyInt(
        variantUnits.variantId,
        rows.map((row) => row.id),
      ),
    );
  for (const row of rows) {
    const barcodes = units.filter((unit) => unit.variantId === row.id).map((unit) => unit.barcode);
    await tx
      .update(variants)
      .set({ searchText: variantSearchText(fields, { code: row.code, name: row.name, barcodes }) })
      .where(eq(variants.id, row.id));
  }
}

/** Creates (existingId null) or replaces a product; answers its id. Runs inside `tx`. */
export async function saveProduct(tx: Db, companyId: number, input: ProductData, existingId: number | null): Promise<number> {
  let current: { id: number; code: string } | undefined;
  if (existingId !== null) {
    [current] = await tx
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.id, existingId)))
      .for('update');
    if (!current) throw notFound('Không tìm thấy sản phẩm');
  }
  const existingRows = current
    ? await tx.select({ id: variants.id, code: variants.code }).from(variants).where(eq(variants.productId, current.id))
    : [];
  const existing = new Map(existingRows.map((row) => [row.id, row]));

  await checkReferences(tx, companyId, input);
  await canonicalizeUnits(tx, companyId, input);
  checkVariantIds(input, existing);

  if (input.code && (await codeTaken(tx, companyId, input.code, current?.id ?? null))) {
    const message = `Mã sản phẩm ${input.code} đã tồn tại`;
    throw conflict(message, { code: message });
  }
  const code = input.code || current?.code || (await nextProductCode(tx, companyId));
  const codes = await variantCodes(tx, companyId, code, input, existing);
  const rewritten = new Set(input.variants.map((variant) => variant.id).filter((id): id is number => id != null));
  await checkBarcodes(tx, companyId, input, rewritten);

  const { fields, values } = productValues(input, code);
  let productId: number;
  if (current) {
    productId = current.id;
    await tx.update(products).set(values).where(eq(products.id, productId));
  } else {
    const [row] = await tx
      .insert(products)
      .values({ companyId, ...values })
      .returning({ id: products.id });
    if (!row) throw new Error('insert returned no row');
    productId = row.id;
  }

  // Units of the rewritten variants go first, so a barcode or unit may move between them.
  if (rewritten.size > 0) await tx.delete(variantUnits).where(anyInt(variantUnits.variantId, [...rewritten]));
  const unitRows: (typeof variantUnits.$inferInsert)[] = [];
  const keptIds: number[] = [];
  for (const [i, variant] of input.variants.entries()) {
    const variantId = await writeVariant(tx, companyId, productId, fields, variant, codes[i]!);
    keptIds.push(variantId);
    for (const unit of variant.units) {
      unitRows.push({
        companyId,
        variantId,
        unit: unit.unit,
        factor: unit.factor,
        price: unit.price,
        wholesalePrice: unit.wholesale_price,
        barcode: unit.barcode,
      });
    }
  }
  await tx.insert(variantUnits).values(unitRows);

  const dropped = await tx
    .update(variants)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(variants.productId, productId), notInArray(variants.id, keptIds)))
    .returning({ id: variants.id, code: variants.code, name: variants.name });
  await refreshSearchText(tx, fields, dropped);
  await removeOrphanPolicyItems(tx, companyId, keptIds);
  await recordUpserts(tx, companyId, 'variant', [...keptIds, ...dropped.map((row) => row.id)]);
  return productId;
}

/** DELETE product: the product and its variants become inactive (orders keep referring to them). */
export async function deactivateProduct(tx: Db, companyId: number, id: number): Promise<void> {
  const [row] = await tx
    .update(products)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(products.companyId, companyId), eq(products.id, id)))
    .returning({ id: products.id });
  if (!row) throw notFound('Không tìm thấy sản phẩm');
  const touched = await tx
    .update(variants)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(variants.companyId, companyId), eq(variants.productId, id)))
    .returning({ id: variants.id });
  await recordUpserts(
    tx,
    companyId,
    'variant',
    touched.map((variant) => variant.id),
  );
}
