/** `product/export/` (an .xlsx of the filtered products, streamed) and `product/import/` (rows read from such a sheet). */
import { Hono } from 'hono';
import { ProductListQuery } from '@contract/products';
import { ProductImportSchema } from '@contract/products-files';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { ok } from '@server/kernel/respond';
import { productSheetResponse } from './product-sheet-export';
import { importProductRows } from './product-sheet-import';
import { memberBody, memberQuery } from '@server/modules/roles';

export function productSheetRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get('/product/export', async (c) => {
    const query = await memberQuery(deps, c, ProductListQuery, 'export');
    return productSheetResponse(deps.db, query, (error) => deps.logger.error({ err: error }, 'product export failed'));
  });

  app.post('/product/import', async (c) => {
    const input = await memberBody(deps, c, ProductImportSchema, 'create');
    const answer = await importProductRows(deps.db, input.company, input.rows);
    const message = `Đã thêm ${answer.created}, cập nhật ${answer.updated} sản phẩm${answer.errors.length ? `, ${answer.errors.length} lỗi` : ''}`;
    return ok(c, answer, { message });
  });

  return app;
}
