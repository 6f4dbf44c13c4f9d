/**
 * `customer/{id}/licence-scan/`: POST (multipart: one `file` and `company`) replaces the customer's
 * licence scan, DELETE ?company= removes it, GET ?company= serves it. Uploads and removals need
 * customers/edit, reads customers/view, both within the member's data scope (as the customer's own
 * calls: another company's or an out-of-scope customer is "not found").
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { MAX_LICENCE_SCAN_BYTES } from '@contract/customers';
import { companyQueryField, idField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { notFound } from '@server/kernel/errors';
import { checkScan, readScanUpload, scanUploadLimit } from '@server/kernel/scan-upload';
import { created, ok } from '@server/kernel/respond';
import { parseQuery, parseWith } from '@server/kernel/validate';
import { removeScan, saveScan, scanForServing } from './customer-licence-scan';
import { loadCustomerRecords } from './customer-record';
import { reachableCustomer } from './customer-write';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** The upload path, for the API's JSON body limit to let it through to this route's own limit. */
const SCAN_UPLOAD_PATH = new RegExp(`^/api/customer/api/customer/${UUID}/licence-scan/?$`);

export function isLicenceScanUpload(method: string, path: string): boolean {
  return method === 'POST' && SCAN_UPLOAD_PATH.test(path);
}

const uploadLimit = scanUploadLimit(MAX_LICENCE_SCAN_BYTES, 'Bản chụp giấy phép');

const CompanyQuery = v.object({ company: companyQueryField });

export function licenceScanRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const path = '/customer/:id/licence-scan';

  app.post(path, uploadLimit, async (c) => {
    const upload = await readScanUpload(c, 'giấy phép');
    const { company } = parseWith(v.object({ company: idField('công ty') }), { company: upload.company });
    const id = await reachableCustomer(db, c, company, 'edit');
    const type = checkScan(upload.file, { maxBytes: MAX_LICENCE_SCAN_BYTES, missing: 'Vui lòng chọn ảnh chụp hoặc tệp PDF của giấy phép' });
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
