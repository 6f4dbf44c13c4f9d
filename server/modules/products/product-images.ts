/**
 * Product images stored in the database (tenant data, served only to members): the type is read
 * from the first bytes, never from the file name or the declared type.
 */
import { and, asc, count, eq, max } from 'drizzle-orm';
import { productPaths, type ProductImage } from '@contract/products';
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '@contract/products-files';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { detectImageType, type ImageType } from '@server/lib/file-type';
import { productImages, products, variants } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { recordUpserts } from '@server/kernel/sync/change-log';

/** Room for a full set of images in one request, plus the multipart framing. */
export const IMAGE_UPLOAD_MAX_BYTES = MAX_PRODUCT_IMAGES * MAX_PRODUCT_IMAGE_BYTES + 256 * 1024;

export type UploadedFile = { name: string; bytes: Uint8Array };

const MB = MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024);

/** Refuses the whole upload if any file is too big, not an image, or the product would pass the limit. */
export function checkUploads(files: UploadedFile[], existing: number): ImageType[] {
  if (files.length === 0) throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn ảnh sản phẩm', { file: 'Vui lòng chọn ảnh sản phẩm' });
  if (existing + files.length > MAX_PRODUCT_IMAGES) {
    const message = `Mỗi sản phẩm tối đa ${MAX_PRODUCT_IMAGES} ảnh (đã có ${existing} ảnh)`;
    throw badRequest('VALIDATION_FAILED', message, { file: message });
  }
  return files.map((file) => {
    if (file.bytes.byteLength > MAX_PRODUCT_IMAGE_BYTES) {
      const message = `Ảnh "${file.name}" vượt quá ${MB} MB`;
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', message, { file: message });
    }
    const type = detectImageType(file.bytes);
    if (!type) {
      const message = `Tệp "${file.name}" không phải ảnh JPEG, PNG hoặc WebP`;
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { file: message });
    }
    return type;
  });
}

export async function assertProduct(db: Db, companyId: number, productId: number): Promise<void> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)));
  if (!row) throw notFound('Không tìm thấy sản phẩm');
}

export async function imageCount(db: Db, companyId: number, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(productImages)
    .where(and(eq(productImages.companyId, companyId), eq(productImages.productId, productId)));
  return Number(row?.n ?? 0);
}

export async function productImageList(db: Db, companyId: number, productId: number): Promise<ProductImage[]> {
  const rows = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.companyId, companyId), eq(productImages.productId, productId)))
    .orderBy(asc(productImages.sort), asc(productImages.createdAt), asc(productImages.id));
  return rows.map((row) => ({ id: row.id, url: productPaths.image(row.id) }));
}

/** The product's variants show its first image: touch them so devices pick the change up. */
async function touchProduct(tx: Db, companyId: number, productId: number): Promise<void> {
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
  const rows = await tx.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId));
  await recordUpserts(
    tx,
    companyId,
    'variant',
    rows.map((row) => row.id),
  );
}

export async function addImages(tx: Db, companyId: number, productId: number, files: UploadedFile[], types: ImageType[]): Promise<void> {
  // Lock the product row so two uploads cannot both pass the per-product limit.
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  const existing = await imageCount(tx, companyId, productId);
  checkUploads(files, existing);
  const [last] = await tx
    .select({ sort: max(productImages.sort) })
    .from(productImages)
    .where(eq(productImages.productId, productId));
  const start = (last?.sort ?? -1) + 1;
  await tx.insert(productImages).values(
    files.map((file, i) => ({
      id: uuidv7(),
      companyId,
      productId,
      contentType: types[i]!,
      bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
      sort: start + i,
    })),
  );
  await touchProduct(tx, companyId, productId);
}

export async function removeImage(tx: Db, companyId: number, productId: number, imageId: string): Promise<void> {
  const removed = await tx
    .delete(productImages)
    .where(and(eq(productImages.companyId, companyId), eq(productImages.productId, productId), eq(productImages.id, imageId)))
    .returning({ id: productImages.id });
  if (removed.length === 0) throw notFound('Không tìm thấy ảnh');
  await touchProduct(tx, companyId, productId);
}

export async function imageForServing(db: Db, imageId: string) {
  const [row] = await db
    .select({ companyId: productImages.companyId, contentType: productImages.contentType, bytes: productImages.bytes })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  return row ?? null;
}
