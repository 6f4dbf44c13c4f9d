/** A stored product read back as the input that would recreate it: edits of one variant and sheet imports go through `saveProduct` with it. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { products, variants, variantUnits } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { anyInt } from '@server/kernel/sql';
import { drugMasterOf } from './drug-master';
import type { ProductData } from './product-write';

/** A stored product as the input that would recreate it (for edits of one variant through `saveProduct`). */
export async function storedProductInput(tx: Db, companyId: number, productId: number): Promise<ProductData> {
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)));
  if (!product) throw notFound('Không tìm thấy sản phẩm');
  const rows = await tx.select().from(variants).where(eq(variants.productId, productId)).orderBy(variants.id);
  const units = await tx
    .select()
    .from(variantUnits)
    .where(
      anyInt(
        variantUnits.variantId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(variantUnits.factor);
  return {
    company: companyId,
    code: product.code,
    name: product.name,
    active_ingredient: product.activeIngredient,
    strength: product.strength,
    registration_number: product.registrationNumber,
    manufacturer: product.manufacturer,
    country: product.country,
    brand_id: product.brandId,
    category_id: product.categoryId,
    group_id: product.groupId,
    vat_rate: product.vatRate as ProductData['vat_rate'],
    is_medicine: product.isMedicine,
    ...drugMasterOf(product),
    description: product.description,
    is_active: product.isActive,
    variants: rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      is_active: row.isActive,
      units: units
        .filter((unit) => unit.variantId === row.id)
        .map((unit) => ({
          unit: unit.unit,
          factor: unit.factor,
          price: Number(unit.price),
          wholesale_price: unit.wholesalePrice === null ? null : Number(unit.wholesalePrice),
          barcode: unit.barcode,
        })),
    })),
  };
}
