/**
 * `productbrand/`, `productcategory/`, `productgroup/` and `unit/`: list (paged, searched), create,
 * read, rename, delete (refused while products use it) and `select/` for pickers.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CatalogueListQuery, CatalogueOptionInputSchema, CompanyQuery, type UnitSelectOption } from '@contract/products';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { conflict } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { pathId } from '@server/kernel/validate';
import {
  allOptions,
  createOption,
  deleteOption,
  getOption,
  OPTION_KINDS,
  productsUsing,
  renameOption,
  toSelectOptions,
  type OptionKind,
} from './catalogue-options';
import { memberBody, memberQuery } from '@server/modules/roles';
import { matchesSearch, pageOf } from '@server/kernel/lists';
import { renameUnit, unitOptions, variantsUsingUnit } from './units';

const ID = ':id{[0-9]+}';

/** Unit names are stored on variant units, which take at most 30 characters. */
const UnitInputSchema = v.pipe(
  CatalogueOptionInputSchema,
  v.forward(
    v.check((input) => input.title.length <= 30, 'Tên đơn vị tính không được dài quá 30 ký tự'),
    ['title'],
  ),
);

function listRoutes(deps: AppDeps, path: string, kind: Exclude<OptionKind, 'unit'>) {
  const app = new Hono<AppEnv>({ strict: false });
  const { label } = OPTION_KINDS[kind];

  app.get(`/${path}/select`, async (c) => {
    const query = await memberQuery(deps, c, CompanyQuery);
    return ok(c, toSelectOptions(await allOptions(deps.db, kind, query.company)));
  });

  app.get(`/${path}`, async (c) => {
    const query = await memberQuery(deps, c, CatalogueListQuery);
    const rows = (await allOptions(deps.db, kind, query.company)).filter((row) => matchesSearch(row.title, query.search));
    return ok(c, pageOf(rows, query.page, query.limit), { count: rows.length });
  });

  app.post(`/${path}`, async (c) => {
    const input = await memberBody(deps, c, CatalogueOptionInputSchema, 'create');
    return created(c, await createOption(deps.db, kind, input.company, input.title), `Đã thêm ${label}`);
  });

  app.get(`/${path}/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery);
    return ok(c, await getOption(deps.db, kind, query.company, id));
  });

  app.put(`/${path}/${ID}`, async (c) => {
    const id = pathId(c);
    const input = await memberBody(deps, c, CatalogueOptionInputSchema, 'edit');
    const row = await renameOption(deps.db, kind, input.company, id, input.title);
    return ok(c, row, { message: `Đã cập nhật ${label}` });
  });

  app.delete(`/${path}/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery, 'delete');
    const row = await getOption(deps.db, kind, query.company, id);
    const used = await productsUsing(deps.db, kind, query.company, id);
    if (used > 0) throw conflict(`Không thể xóa ${label} "${row.title}" vì còn ${used} sản phẩm đang dùng`);
    await deleteOption(deps.db, kind, query.company, id);
    return ok(c, null, { message: `Đã xóa ${label}` });
  });

  return app;
}

function unitRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get('/unit/select', async (c) => {
    const query = await memberQuery(deps, c, CompanyQuery);
    const options: UnitSelectOption[] = (await unitOptions(deps.db, query.company)).map((unit) => ({
      value: unit.title,
      label: unit.title,
    }));
    return ok(c, options);
  });

  app.get('/unit', async (c) => {
    const query = await memberQuery(deps, c, CatalogueListQuery);
    const rows = (await unitOptions(deps.db, query.company)).filter((row) => matchesSearch(row.title, query.search));
    return ok(c, pageOf(rows, query.page, query.limit), { count: rows.length });
  });

  app.post('/unit', async (c) => {
    const input = await memberBody(deps, c, UnitInputSchema, 'create');
    return created(c, await createOption(deps.db, 'unit', input.company, input.title), 'Đã thêm đơn vị tính');
  });

  app.get(`/unit/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery);
    return ok(c, await getOption(deps.db, 'unit', query.company, id));
  });

  app.put(`/unit/${ID}`, async (c) => {
    const id = pathId(c);
    const input = await memberBody(deps, c, UnitInputSchema, 'edit');
    return ok(c, await renameUnit(deps.db, input.company, id, input.title), { message: 'Đã cập nhật đơn vị tính' });
  });

  app.delete(`/unit/${ID}`, async (c) => {
    const id = pathId(c);
    const query = await memberQuery(deps, c, CompanyQuery, 'delete');
    const row = await getOption(deps.db, 'unit', query.company, id);
    // A default unit stays usable after its row goes, so only custom units in use are kept.
    const isDefault = (await unitOptions(deps.db, query.company)).some((unit) => unit.id === id && unit.is_default);
    const used = isDefault ? 0 : await variantsUsingUnit(deps.db, query.company, row.title);
    if (used > 0) throw conflict(`Không thể xóa đơn vị tính "${row.title}" vì còn ${used} biến thể đang dùng`);
    await deleteOption(deps.db, 'unit', query.company, id);
    return ok(c, null, { message: 'Đã xóa đơn vị tính' });
  });

  return app;
}

export function catalogueOptionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.route('/', listRoutes(deps, 'productbrand', 'brand'));
  app.route('/', listRoutes(deps, 'productcategory', 'category'));
  app.route('/', listRoutes(deps, 'productgroup', 'group'));
  app.route('/', unitRoutes(deps));
  return app;
}
