/** `product/` list, create, read, edit, deactivate; `productdetail/` for several products at once. */
import { Hono } from 'hono';
import { CompanyQuery, ProductDetailSchema, ProductInputSchema, ProductListQuery } from '@contract/products';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { created, ok } from '@server/kernel/respond';
import { pathId } from '@server/kernel/validate';
import { listProducts } from './catalogue-lists';
import { mapConflicts } from './conflicts';
import { loadProductRecords, productRecord } from './product-record';
import { deactivateProduct, saveProduct } from './product-write';
import { memberBody, memberQuery } from '@server/modules/roles';

const ID = ':id{[0-9]+}';

export function productCrudRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  app.get('/product', async (c) => {
    const query = await memberQuery(deps, c, ProductListQuery);
    const result = await listProducts(db, query);
    return ok(c, result.rows, { count: result.count });
  });

  app.post('/product', async (c) => {
    const input = await memberBody(deps, c, ProductInputSchema, 'create');
    const id = await mapConflicts(() => db.transaction((tx) => saveProduct(tx, input.company, input, null)));
    return created(c, await productRecord(db, input.company, id), 'Tạo sản phẩm thành công');
  });

  app.get(`/product/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery);
    return ok(c, await productRecord(db, query.company, id));
  });

  app.put(`/product/${ID}`, async (c) => {
    const id = pathId(c);
    const input = await memberBody(deps, c, ProductInputSchema, 'edit');
    await mapConflicts(() => db.transaction((tx) => saveProduct(tx, input.company, input, id)));
    return ok(c, await productRecord(db, input.company, id), { message: 'Cập nhật sản phẩm thành công' });
  });

  app.delete(`/product/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery, 'delete');
    await db.transaction((tx) => deactivateProduct(tx, query.company, id));
    return ok(c, await productRecord(db, query.company, id), { message: 'Đã ngừng kinh doanh sản phẩm' });
  });

  app.post('/productdetail', async (c) => {
    const input = await memberBody(deps, c, ProductDetailSchema, 'view');
    const ids = [...new Set(input.ids)];
    const records = await loadProductRecords(db, input.company, ids);
    return ok(
      c,
      ids.map((id) => records.get(id)).filter((record) => record !== undefined),
    );
  });

  return app;
}
