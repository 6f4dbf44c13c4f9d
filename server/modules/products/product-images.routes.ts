/**
 * `POST product/{id}/images/` (multipart: `file` fields and `company`), `DELETE
 * product/{id}/images/{imageId}/?company=`, and `GET image/{id}/`, which serves the bytes to
 * members of the image's company only, cached privately for good (an image id never changes).
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { CompanyQuery } from '@contract/products';
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '@contract/products-files';
import { idField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { HttpError, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseWith, pathId } from '@server/kernel/validate';
import { requireMembership } from '@server/kernel/membership';
import { requirePermission, memberQuery } from '@server/modules/roles';
import {
  addImages,
  assertProduct,
  checkUploads,
  IMAGE_UPLOAD_MAX_BYTES,
  imageCount,
  imageForServing,
  productImageList,
  removeImage,
  type UploadedFile,
} from './product-images';

const ANY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_CACHE = 'private, max-age=31536000, immutable';

/** The upload path, for the API's JSON body limit to let it through to this route's own limit. */
export const IMAGE_UPLOAD_PATH = /^\/api\/product\/api\/product\/\d+\/images\/?$/;

export function isImageUpload(method: string, path: string): boolean {
  return method === 'POST' && IMAGE_UPLOAD_PATH.test(path);
}

const uploadLimit = bodyLimit({
  maxSize: IMAGE_UPLOAD_MAX_BYTES,
  onError: (c) => {
    c.header('Connection', 'close');
    const message = `Mỗi lần tải tối đa ${MAX_PRODUCT_IMAGES} ảnh, mỗi ảnh không quá ${MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024)} MB`;
    return c.json({ code: 413, data: null, error: 'PAYLOAD_TOO_LARGE', message }, 413);
  },
});

async function readUploads(c: Context<AppEnv>): Promise<{ company: unknown; files: UploadedFile[] }> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Vui lòng gửi ảnh dạng multipart/form-data');
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'Dữ liệu tải lên không đúng định dạng multipart');
  }
  const raw = form.file;
  const entries = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const files: UploadedFile[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') {
      throw new HttpError(400, 'VALIDATION_FAILED', 'Trường file phải là tệp ảnh', { file: 'Trường file phải là tệp ảnh' });
    }
    files.push({ name: entry.name || 'ảnh', bytes: new Uint8Array(await entry.arrayBuffer()) });
  }
  const company = form.company ?? c.req.query('company');
  return { company: Array.isArray(company) ? company[0] : company, files };
}

export function productImageRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  app.post('/product/:id{[0-9]+}/images', uploadLimit, async (c) => {
    const id = pathId(c);
    const { company: rawCompany, files } = await readUploads(c);
    const { company } = parseWith(v.object({ company: idField('công ty') }), { company: rawCompany });
    await requirePermission(db, c.get('auth'), company, 'products', 'edit');
    await assertProduct(db, company, id);
    const types = checkUploads(files, await imageCount(db, company, id));
    await db.transaction((tx) => addImages(tx, company, id, files, types));
    return created(c, await productImageList(db, company, id), 'Đã tải ảnh sản phẩm');
  });

  app.delete('/product/:id{[0-9]+}/images/:imageId', async (c) => {
    const id = pathId(c);
    const imageId = c.req.param('imageId');
    const query = await memberQuery(deps, c, CompanyQuery, 'edit');
    if (!ANY_UUID.test(imageId)) throw notFound('Không tìm thấy ảnh');
    await db.transaction((tx) => removeImage(tx, query.company, id, imageId));
    return ok(c, await productImageList(db, query.company, id), { message: 'Đã xóa ảnh' });
  });

  app.get('/image/:imageId', async (c) => {
    const imageId = c.req.param('imageId');
    if (!ANY_UUID.test(imageId)) throw notFound('Không tìm thấy ảnh');
    const image = await imageForServing(db, imageId);
    if (!image) throw notFound('Không tìm thấy ảnh');
    await requireMembership(db, c.get('auth'), image.companyId);
    const bytes = new Uint8Array(image.bytes);
    return c.body(bytes, 200, {
      'Content-Type': image.contentType,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': IMAGE_CACHE,
    });
  });

  return app;
}
