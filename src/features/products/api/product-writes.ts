/**
 * Catalogue writes (online only: catalogue editing is office work). After each one the variants the
 * server answered go into the device's mirror at once (so offline search finds a product made a
 * second ago), cached lists are invalidated and a sync is asked for.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { productPaths, type ProductImage, type ProductInput, type ProductRecord, type VariantRecord } from '@contract/products';
import { productImagePath, type ProductImportAnswer, type ProductSheetRow } from '@contract/products-files';
import { ApiError } from '@/api/api-error';
import { apiData, apiRequest } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { mirrorTables, putServerRecord } from '@/sync/mirror';
import { toProductQuery, type ProductFilter } from '../model/product-filter';
import { downloadFile, importSheetRows, postForm } from '@/api/files';
import { productKeys } from './product-keys';
import { deleteRecord } from '@/api/delete-record';
import { refreshAfterWrite } from '@/sync/refresh-after-write';

/** The message to show for a failed write: the server's own, or the fallback when none came. */
export function writeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.isNetwork) return `${fallback} (không có kết nối mạng)`;
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

export async function mirrorVariants(db: AppDb, variants: readonly VariantRecord[]): Promise<void> {
  if (variants.length === 0) return;
  try {
    await db.transaction('rw', mirrorTables(db), async () => {
      for (const variant of variants) await putServerRecord(db, 'variant', variant);
    });
  } catch (error) {
    // The server has the change; the next pull brings it anyway.
    console.warn('Could not mirror the variants', error);
  }
}

export type ExportProgress = { received: number; total: number | null };

export function productWrites(db: AppDb, queryClient: QueryClient, companyId: number) {
  const refresh = () => refreshAfterWrite(queryClient, [productKeys.all(companyId)]);
  return {
    async saveProduct(id: number | null, input: ProductInput): Promise<{ record: ProductRecord; message?: string }> {
      const answer = await apiRequest<ProductRecord>(id ? productPaths.product(id) : productPaths.products, {
        method: id ? 'PUT' : 'POST',
        body: input,
      });
      await mirrorVariants(db, answer.data.variants);
      queryClient.setQueryData(productKeys.detail(companyId, answer.data.id), answer.data);
      await refresh();
      return { record: answer.data, message: answer.message };
    },
    async deactivateProduct(id: number): Promise<string | undefined> {
      const answer = await deleteRecord<ProductRecord>(productPaths.product(id), companyId);
      await mirrorVariants(db, answer.data.variants);
      await refresh();
      return answer.message;
    },
    async uploadImages(productId: number, files: readonly File[]): Promise<ProductImage[]> {
      const form = new FormData();
      form.append('company', String(companyId));
      for (const file of files) form.append('file', file, file.name);
      const answer = await postForm<ProductImage[]>(productPaths.productImages(productId), form);
      await refresh();
      return answer.data;
    },
    async removeImage(productId: number, imageId: string): Promise<ProductImage[]> {
      const images = await apiData<ProductImage[]>(productImagePath(productId, imageId), {
        method: 'DELETE',
        query: { company: companyId },
      });
      await refresh();
      return images;
    },
    async updateWholesale(items: { variant_id: number; unit: string; wholesale_price: number | null }[]): Promise<string | undefined> {
      const answer = await apiRequest<VariantRecord[]>(productPaths.wholesale, { method: 'PUT', body: { company: companyId, items } });
      await mirrorVariants(db, answer.data);
      await refresh();
      return answer.message;
    },
    /** One call of an import (at most MAX_IMPORT_ROWS rows); the caller refreshes at the end. */
    importRows(rows: ProductSheetRow[], signal?: AbortSignal): Promise<ProductImportAnswer> {
      return importSheetRows(productPaths.importProducts, companyId, rows, signal);
    },
    afterImport: refresh,
    /** Downloads the export of the filtered products (every page), reporting bytes received. */
    exportProducts(filter: ProductFilter, onProgress: (progress: ExportProgress) => void, signal?: AbortSignal): Promise<string> {
      const { page: _page, limit: _limit, barcode: _barcode, ...query } = toProductQuery(companyId, filter);
      return downloadFile(productPaths.exportProducts, query, 'san-pham.xlsx', { onProgress, signal });
    },
  };
}

export type ProductWrites = ReturnType<typeof productWrites>;

export function useProductWrites(db: AppDb, companyId: number): ProductWrites {
  const queryClient = useQueryClient();
  return useMemo(() => productWrites(db, queryClient, companyId), [db, queryClient, companyId]);
}
