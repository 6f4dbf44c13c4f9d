/**
 * `customer/{id}/licence-scan/`: POST (multipart: one `file` and `company`) replaces the customer's
 * licence scan, DELETE ?company= removes it, GET ?company= serves it. Uploads and removals need
 * customers/edit, reads customers/view, both within the member's data scope (as the customer's own
 * calls: another company's or an out-of-scope customer is "not found").
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { MAX_LICENCE_SCAN_BYTES } from '@contract/customers';
import { companyQueryField, idField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { HttpError, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseQuery, parseWith } from '@server/kernel/validate';
import { checkScan, removeScan, saveScan, scanForServing, SCAN_UPLOAD_MAX_BYTES } from './customer-licence-scan';
import { loadCustomerRecords } from './customer-record';
import { reachableCustomer } from './customer-write';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** The upload path, for the API's JSON body limit to let it through to this route's own limit. */
const SCAN_UPLOAD_PATH = new RegExp(`^/api/customer/api/customer/${UUID}/licence-scan/?$`);

export function isLicenceScanUpload(method: string, path: string): boolean {
  return method === 'POST' && SCAN_UPLOAD_PATH.test(path);
}

const uploadLimit = bodyLimit({
  maxSize: SCAN_UPLOAD_MAX_BYTES,
  onError: (c) => {
    c.header('Connection', 'close');
    const message = `Bản chụp giấy phép không quá ${MAX_LICENCE_SCAN_BYTES / (1024 * 1024)} MB`;
    return c.json({ code: 413, data: null, error: 'PAYLOAD_TOO_LARGE', message }, 413);
  },
});

const CompanyQuery = v.object({ company: companyQueryField });

async function readUpload(c: Context<AppEnv>): Promise<{ company: unknown; file: { name: string; bytes: Uint8Array } | null }> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Vui lòng gửi tệp dạng multipart/form-data');
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'Dữ liệu tải lên không đúng định dạng multipart');
  }
  const entries = form.file === undefined ? [] : Array.isArray(form.file) ? form.file : [form.file];
  if (entries.length > 1) throw new HttpError(400, 'VALIDATION_FAILED', 'Mỗi lần chỉ tải một tệp', { file: 'Mỗi lần chỉ tải một tệp' });
  const entry = entries[0];
  if (typeof entry === 'string')
    throw new HttpError(400, 'VALIDATION_FAILED', 'Trường file phải là tệp', { file: 'Trường file phải là tệp' });
  const company = form.company ?? c.req.query('company');
  return {
    company: Array.isArray(company) ? company[0] : company,
    file: entry ? { name: entry.name || 'giấy phép', bytes: new Uint8Array(await entry.arrayBuffer()) } : null,
  };
}

export function licenceScanRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const path = '/customer/:id/licence-scan';

  app.post(path, uploadLimit, async (c) => {
    const upload = await readUpload(c);
    const { company } = parseWith(v.object({ company: idField('công ty') }), { company: upload.company });
    const id = await reachableCustomer(db, c, company, 'edit');
    const type = checkScan(upload.file);
    const input = { companyId: company, customerId: id, accountId: c.get('auth').accountId, type, bytes: upload.file!.bytes };
    await db.transaction((tx) => saveScan(tx, input));
    return created(c, (await loadCustomerRecords(db, company, [id])).get(id), 'Đã lưu bản chụp giấy phép');
  });

  app.delete(path, async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    const id = await reachableCustomer(db, c, company, 'edit');
    await db.transaction((tx) => removeScan(tx, company, id));
    return ok(c, (await loadCustomerRecords(db, company, [id])).get(id), { message: 'Đã xóa bản chụp giấy phép' });
  });

  app.get(path, async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    const id = await reachableCustomer(db, c, company, 'view');
    const scan = await scanForServing(db, company, id);
    if (!scan) throw notFound('Khách hàng chưa có bản chụp giấy phép');
    const bytes = new Uint8Array(scan.bytes);
    return c.body(bytes, 200, {
      'Content-Type': scan.contentType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `inline; filename="giay-phep-${scan.id}${scan.contentType === 'application/pdf' ? '.pdf' : ''}"`,
      // A new upload keeps this address: the browser asks again each time (the scan is small, and private).
      'Cache-Control': 'private, no-cache',
    });
  });

  return app;
}
