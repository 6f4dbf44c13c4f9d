/**
 * GET /api/visit/api/visits/: the company's visits, newest first, for the office and for reps.
 * GET and PUT /api/visit/api/settings/: the company's check-in rules (contract/visits-place.ts), read by
 * whoever visits or watches visits (the same readers the phones pull them for), changed by who keeps
 * the company's settings. GET /api/visit/api/location-notices/: which member accepted which version of the
 * location notice (contract/visits-place.ts LOCATION_NOTICE).
 */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { can, type PermissionAction, type PermissionArea } from '@contract/roles';
import { companyQueryField } from '@contract/validation';
import { VisitListQuery } from '@contract/visits';
import { VisitSettingsSchema } from '@contract/visits-place';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { accounts, customers, visits } from '@server/kernel/db/schema';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { pagedRows } from '@server/kernel/lists';
import { forbidden } from '@server/kernel/errors';
import { memberAccess, memberBody, requirePermission, visitScope } from '@server/modules/roles';
import { locationNoticeRows } from './location-notice';
import { saveVisitSettings, visitSettingsOf } from './settings';
import { placeFlagged, toVisitRecord, visitColumns } from './visit-record';

/** Dates are days in Vietnam (UTC+7): 2026-11-21 runs from 2026-11-20T17:00Z to 2026-11-21T17:00Z. */
function startOfVietnamDay(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`);
}

const CompanyQuery = v.object({ company: companyQueryField });
const SETTINGS_READERS: readonly (readonly [PermissionArea, PermissionAction])[] = [
  ['visits', 'create'],
  ['visits', 'view'],
  ['settings', 'view'],
];

export function visitRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/settings', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    const access = await memberAccess(db, c.get('auth'), query.company);
    if (!SETTINGS_READERS.some(([area, action]) => can(access, area, action)))
      throw forbidden('FORBIDDEN', 'Bạn không có quyền xem quy tắc check-in');
    return ok(c, await visitSettingsOf(db, query.company));
  });

  // Who accepted the location notice: for who keeps the company's settings or its people.
  app.get('/location-notices', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    const access = await memberAccess(db, c.get('auth'), query.company);
    if (!can(access, 'settings', 'view') && !can(access, 'employees', 'view'))
      throw forbidden('FORBIDDEN', 'Bạn không có quyền xem danh sách đồng ý thông báo vị trí');
    const rows = await locationNoticeRows(db, query.company);
    return ok(c, rows, { count: rows.length });
  });

  app.put('/settings', async (c) => {
    const { company, ...settings } = await memberBody(deps, c, VisitSettingsSchema, 'edit', 'settings');
    await db.transaction((tx) => saveVisitSettings(tx, company, settings));
    return ok(c, await visitSettingsOf(db, company), { message: 'Đã lưu quy tắc check-in' });
  });

  app.get('/visits', async (c) => {
    const query = parseQuery(c, VisitListQuery);
    const access = await requirePermission(deps.db, c.get('auth'), query.company, 'visits', 'view');
    const filters: SQL[] = [eq(visits.companyId, query.company)];
    const scope = await visitScope(deps.db, access);
    if (scope) filters.push(scope);
    if (query.account !== undefined) filters.push(eq(visits.accountId, query.account));
    if (query.customer) filters.push(eq(visits.customerId, query.customer));
    if (query.date_from) filters.push(gte(visits.checkInAt, startOfVietnamDay(query.date_from)));
    if (query.date_to) filters.push(lt(visits.checkInAt, new Date(startOfVietnamDay(query.date_to).getTime() + 86_400_000)));
    if (query.plan_state) filters.push(eq(visits.planState, query.plan_state));
    if (query.flagged) filters.push(placeFlagged);
    // Joined to the customers for the region scope (the customer's province) as for the names.
    const select = deps.db
      .select(visitColumns)
      .from(visits)
      .innerJoin(customers, eq(customers.id, visits.customerId))
      .innerJoin(accounts, eq(accounts.id, visits.accountId))
      .where(and(...filters))
      .$dynamic();
    const { rows, count } = await pagedRows(deps.db, select, [desc(visits.checkInAt)], query);
    return ok(
      c,
      rows.map((row) => toVisitRecord(row.visit, row.customerName, row.accountName)),
      { count },
    );
  });

  return app;
}
