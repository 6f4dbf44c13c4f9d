/** `product/export/` (an .xlsx of the filtered products, streamed) and `product/import/` (rows read from such a sheet). */
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { vietnamDay } from '@contract/price-policy';
import { ProductListQuery } from '@contract/products';
import { ProductImportSchema, productSheetFileName } from '@contract/products-files';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { ok } from '@server/kernel/respond';
import { productSheetStream } from './product-sheet-export';
import { importProductRows } from './product-sheet-import';
import { memberBody, memberQuery } from '@server/modules/roles';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function productSheetRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get('/product/export', async (c) => {
    const query = await memberQuery(deps, c, ProductListQuery, 'export');
    const stream = productSheetStream(deps.db, query, (error) => deps.logger.error({ err: error }, 'product export failed'));
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        'Content-Type': XLSX,
        'Content-Disposition': `attachment; filename="${productSheetFileName(vietnamDay())}"`,
      },
    });
  });

  app.post('/product/import', async (c) => {
    const input = await memberBody(deps, c, ProductImportSchema, 'create');
    const answer = await importProductRows(deps.db, input.company, input.rows);
    const message = `Đã thêm ${answer.created}, cập nhật ${answer.updated} sản phẩm${answer.errors.length ? `, ${answer.errors.length} lỗi` : ''}`;
    return ok(c, answer, { message });
  });

  return app;
}
