/**
 * `customer/{id}/privacy/…` (contract/customers-privacy.ts privacyPaths): the personal-data log
 * (customers/view), consent recorded (customers/edit, a rep at the shop may), consent withdrawn and
 * the access workbook (customers/edit), personal data erased (customers/delete, with the customer's
 * code typed to confirm). All within the member's data scope, as the customer's own calls.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ConsentRecordSchema, PrivacyAccessQuery, PrivacyEraseSchema, PrivacyRequestSchema } from '@contract/customers-privacy';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { badRequest, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { eraseCustomer, logAccess, privacyEvents, recordConsent, withdrawConsent } from './customer-privacy';
import { logExportedPositions, privacySheetResponse } from './customer-privacy-sheet';
import { loadCustomerRecords } from './customer-record';
import { reachableCustomer } from './customer-write';

const CompanyQuery = v.object({ company: companyQueryField });

export function privacyRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const path = '/customer/:id/privacy';
  const recordOf = async (company: number, id: string) => (await loadCustomerRecords(db, company, [id])).get(id) ?? null;

  app.get(path, async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    const id = await reachableCustomer(db, c, company, 'view');
    return ok(c, await privacyEvents(db, company, id));
  });

  app.post(`${path}/consent`, async (c) => {
    const input = await parseBody(c, ConsentRecordSchema);
    const id = await reachableCustomer(db, c, input.company, 'edit');
    const where = { companyId: input.company, customerId: id, accountId: c.get('auth').accountId };
    await db.transaction((tx) => recordConsent(tx, where, input.method, input.note));
    return ok(c, await recordOf(input.company, id), { message: 'Đã ghi nhận sự đồng ý của chủ cửa hàng' });
  });

  app.post(`${path}/withdraw`, async (c) => {
    const input = await parseBody(c, PrivacyRequestSchema);
    const id = await reachableCustomer(db, c, input.company, 'edit');
    const where = { companyId: input.company, customerId: id, accountId: c.get('auth').accountId };
    await db.transaction((tx) => withdrawConsent(tx, where, input));
    return ok(c, await recordOf(input.company, id), { message: 'Đã rút lại sự đồng ý; liên kết Zalo của khách hàng đã được gỡ' });
  });

  app.get(`${path}/access`, async (c) => {
    const query = parseQuery(c, PrivacyAccessQuery);
    const id = await reachableCustomer(db, c, query.company, 'edit');
    const record = await recordOf(query.company, id);
    if (!record) throw notFound('Không tìm thấy khách hàng');
    const viewerId = c.get('auth').accountId;
    await db.transaction(async (tx) => {
      await logAccess(tx, { companyId: query.company, customerId: id, accountId: viewerId }, query.received_on);
      await logExportedPositions(tx, { companyId: query.company, customerId: id, viewerId });
    });
    return privacySheetResponse(db, query.company, record, (error) => deps.logger.error({ err: error }, 'personal data export failed'));
  });

  app.post(`${path}/erase`, async (c) => {
    const input = await parseBody(c, PrivacyEraseSchema);
    const id = await reachableCustomer(db, c, input.company, 'delete');
    const record = await recordOf(input.company, id);
    if (!record) throw notFound('Không tìm thấy khách hàng');
    if (input.confirm_code !== record.code)
      throw badRequest('VALIDATION_FAILED', `Mã xác nhận không khớp: nhập đúng mã ${record.code}`, {
        confirm_code: 'Mã khách hàng không khớp',
      });
    const where = { companyId: input.company, customerId: id, accountId: c.get('auth').accountId };
    await db.transaction((tx) => eraseCustomer(tx, where, record.code, input));
    return ok(c, await recordOf(input.company, id), { message: 'Đã xóa dữ liệu cá nhân của khách hàng' });
  });

  return app;
}
