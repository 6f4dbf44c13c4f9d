/**
 * Shops (product-spec.md §7 "Shop: GET shop/api/shop/, bussinesstype/ (also POST)", and "multipart
 * POST chth/admincreate/, ncc/admincreate/, npt/admincreate/" under /account/api): the stores,
 * suppliers and distributors the system administrator creates, each with its owner's account.
 * docs/system.md "Shops".
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_PRODUCT_IMAGE_BYTES } from '@contract/products-files';
import { BusinessTypeInputSchema, SHOP_KINDS, ShopCreateSchema, ShopQuery, type ShopKind } from '@contract/system';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { businessTypes, shops } from '@server/kernel/db/schema';
import { conflict, HttpError, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseQuery, parseWith, pathId, parseBody } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireSystemAdmin } from '@server/kernel/membership';
import { uniqueViolation } from '@server/kernel/sql';
import { hashPassword } from '@server/lib/passwords';
import { detectImageType } from '@server/lib/file-type';
import { createShop, listBusinessTypes, shopFilters, shopRecords, type ShopImage } from './shops';

/** The multipart upload of admincreate/: one picture of at most 2 MB and a few text fields. */
export const SHOP_UPLOAD_MAX_BYTES = MAX_PRODUCT_IMAGE_BYTES + 64 * 1024;
const SHOP_CREATE_PATH = /^\/api\/account\/api\/(chth|ncc|npt)\/admincreate\/?$/;

export function isShopUpload(method: string, path: string): boolean {
  return method === 'POST' && SHOP_CREATE_PATH.test(path);
}

const uploadLimit = bodyLimit({
  maxSize: SHOP_UPLOAD_MAX_BYTES,
  onError: (c) => {
    c.header('Connection', 'close');
    return c.json(
      { code: 413, data: null, error: 'PAYLOAD_TOO_LARGE', message: `Ảnh không được quá ${MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024)} MB` },
      413,
    );
  },
});

const system = async (c: Context<AppEnv>, next: Next) => {
  requireSystemAdmin(c.get('auth'));
  await next();
};

async function readShopForm(c: Context<AppEnv>): Promise<{ fields: Record<string, unknown>; image: ShopImage }> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Vui lòng gửi dạng multipart/form-data');
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'Dữ liệu tải lên không đúng định dạng multipart');
  }
  const { file, ...rest } = form;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value !== 'string') throw new HttpError(400, 'VALIDATION_FAILED', `Trường ${key} phải là chữ`, { [key]: 'Không hợp lệ' });
    fields[key] = key === 'business_type' ? (value === '' ? null : value) : value;
  }
  if (file === undefined || file === '') return { fields, image: null };
  if (typeof file === 'string')
    throw new HttpError(400, 'VALIDATION_FAILED', 'Trường file phải là tệp ảnh', { file: 'Trường file phải là tệp ảnh' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_PRODUCT_IMAGE_BYTES)
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Ảnh không được quá 2 MB', { file: 'Ảnh không được quá 2 MB' });
  const detected = detectImageType(bytes);
  if (!detected)
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Tệp không phải ảnh JPEG, PNG hoặc WebP', {
      file: 'Tệp không phải ảnh JPEG, PNG hoặc WebP',
    });
  return { fields, image: { type: detected, bytes } };
}

/** Mounted at /account/api. */
export function shopCreateRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);
  for (const kind of SHOP_KINDS) {
    app.post(`/${kind}/admincreate`, uploadLimit, requireAuth, system, async (c) => {
      const { fields, image } = await readShopForm(c);
      const input = parseWith(ShopCreateSchema, fields);
      const id = await createShop(deps.db, kind as ShopKind, input, image, {
        createdBy: c.get('auth').accountId,
        passwordHash: (password) => hashPassword(password, deps.env.scryptLogN),
      });
      const shop = (await shopRecords(deps.db, eq(shops.id, id), { limit: 1, offset: 0 })).rows[0];
      return created(c, shop, 'Đã tạo tài khoản và cửa hàng');
    });
  }
  return app;
}

/** Mounted at /shop/api. */
export function shopRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/shop', system, async (c) => {
    const query = parseQuery(c, ShopQuery);
    const page = await shopRecords(db, shopFilters(query), { limit: query.limit, offset: (query.page - 1) * query.limit });
    return ok(c, page.rows, { count: page.count });
  });

  app.get('/shop/:id/image', system, async (c) => {
    const [row] = await db
      .select({ type: shops.imageType, bytes: shops.image })
      .from(shops)
      .where(eq(shops.id, pathId(c)));
    if (!row?.type || !row.bytes) throw notFound('Không tìm thấy ảnh');
    const bytes = new Uint8Array(row.bytes);
    return c.body(bytes, 200, {
      'Content-Type': row.type,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, max-age=3600',
    });
  });

  app.get('/bussinesstype', async (c) => {
    const types = await listBusinessTypes(db);
    return ok(c, types, { count: types.length });
  });

  app.post('/bussinesstype', system, async (c) => {
    const input = await parseBody(c, BusinessTypeInputSchema);
    try {
      const [row] = await db
        .insert(businessTypes)
        .values(input)
        .returning({ id: businessTypes.id, code: businessTypes.code, name: businessTypes.name });
      return created(c, row, 'Đã thêm ngành hàng');
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(`Mã ngành hàng "${input.code}" đã tồn tại`, { code: 'Mã ngành hàng đã tồn tại' });
      throw error;
    }
  });

  return app;
}
