/** Products as records (contract ProductRecord): the product, its images and every variant. */
import { and, asc, eq } from 'drizzle-orm';
import { productPaths, type ProductImage, type ProductRecord, type VatRate } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { productBrands, productCategories, productGroups, productImages, products } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { anyInt } from '@server/kernel/sql';
import { drugMasterOf } from './drug-master';
import { variantRecordsOfProducts } from './variant-record';

/** Image ids of products, in display order. */
export async function imagesOfProducts(db: Db, companyId: number, productIds: readonly number[]): Promise<Map<number, ProductImage[]>> {
  const byProduct = new Map<number, ProductImage[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ id: productImages.id, productId: productImages.productId })
    .from(productImages)
    .where(and(eq(productImages.companyId, companyId), anyInt(productImages.productId, productIds)))
    .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.createdAt), asc(productImages.id));
  for (const row of rows) {
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), { id: row.id, url: productPaths.image(row.id) }]);
  }
  return byProduct;
}

export async function loadProductRecords(db: Db, companyId: number, ids: readonly number[]): Promise<Map<number, ProductRecord>> {
  if (ids.length === 0) return new Map();
  const [rows, images, variantsByProduct] = await Promise.all([
    db
      .select({ product: products, brandName: productBrands.title, categoryName: productCategories.title, groupName: productGroups.title })
      .from(products)
      .leftJoin(productBrands, eq(productBrands.id, products.brandId))
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .leftJoin(productGroups, eq(productGroups.id, products.groupId))
      .where(and(eq(products.companyId, companyId), anyInt(products.id, ids))),
    imagesOfProducts(db, companyId, ids),
    variantRecordsOfProducts(db, companyId, ids),
  ]);
  return new Map(
    rows.map(({ product, brandName, categoryName, groupName }) => [
      product.id,
      {
        id: product.id,
        company: product.companyId,
        code: product.code,
        name: product.name,
        active_ingredient: product.activeIngredient,
        strength: product.strength,
        registration_number: product.registrationNumber,
        manufacturer: product.manufacturer,
        country: product.country,
        brand_id: product.brandId,
        brand_name: brandName,
        category_id: product.categoryId,
        category_name: categoryName,
        group_id: product.groupId,
        group_name: groupName,
        vat_rate: product.vatRate as VatRate,
        is_medicine: product.isMedicine,
        ...drugMasterOf(product),
        description: product.description,
        is_active: product.isActive,
        images: images.get(product.id) ?? [],
        variants: variantsByProduct.get(product.id) ?? [],
        created_at: product.createdAt.toISOString(),
        updated_at: product.updatedAt.toISOString(),
      },
    ]),
  );
}

export async function productRecord(db: Db, companyId: number, id: number): Promise<ProductRecord> {
  const record = (await loadProductRecords(db, companyId, [id])).get(id);
  if (!record) throw notFound('Không tìm thấy sản phẩm');
  return record;
}
