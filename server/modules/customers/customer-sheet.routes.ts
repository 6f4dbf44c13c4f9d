/**
 * `customer-export/` (an .xlsx of the filtered customers within the caller's data scope, streamed)
 * and `customer-import/` (rows read from such a sheet), contract/customers-sheet.ts. Paths of their
 * own rather than below `customer/`, where `customer/{id}/` would take them for an id.
 */
import { Hono } from 'hono';
import { CustomerListQuery } from '@contract/customers';
import { CustomerImportSchema } from '@contract/customers-sheet';
import { can, permissionDenied } from '@contract/roles';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { forbidden } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { customerScope, requirePermission } from '@server/modules/roles';
import { customerSheetResponse } from './customer-sheet-export';
import { importCustomerRows } from './customer-sheet-import';

export function customerSheetRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });

  app.get('/customer-export', async (c) => {
    const query = parseQuery(c, CustomerListQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'customers', 'export');
    const scope = await customerScope(db, access);
    return customerSheetResponse(db, { ...query, scope }, (error) => deps.logger.error({ err: error }, 'customer export failed'));
  });

  app.post('/customer-import', async (c) => {
    const input = await parseBody(c, CustomerImportSchema);
    const auth = c.get('auth');
    // An import both adds customers and changes those it names: it needs both permissions.
    const access = await requirePermission(db, auth, input.company, 'customers', 'create');
    if (!can(access, 'customers', 'edit')) throw forbidden('FORBIDDEN', permissionDenied('customers', 'edit'));
    const caller = { companyId: input.company, accountId: auth.accountId, scope: await customerScope(db, access) };
    const answer = await importCustomerRows(db, caller, input.rows);
    const message = `Đã thêm ${answer.created}, cập nhật ${answer.updated} khách hàng${answer.errors.length ? `, ${answer.errors.length} dòng lỗi` : ''}`;
    return ok(c, answer, { message });
  });

  return app;
}
