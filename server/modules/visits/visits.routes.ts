/**
 * GET /api/visit/api/visits/: the company's visits, newest first, for the office and for reps.
 * GET and PUT /api/visit/api/settings/: the company's check-in rules (contract/visits-place.ts), read by
 * whoever visits or watches visits (the same readers the phones pull them for), changed by who keeps
 * the company's settings. GET /api/visit/api/location-notices/: which member accepted which version of the
 * location notice (contract/visits-place.ts LOCATION_NOTICE). A visit's coordinates go to its own rep
 * only; GET /api/visit/api/visits/positions/ answers a rep's day with them, logged, and GET
 * /api/visit/api/position-views/ reads that log (position-views.ts, contract/visits-positions.ts).
 * GET /api/visit/api/photos/: the gallery of visit photos (visit-photos.ts), the list's readers and scope.
 */
import { startOfVietnamDay } from '@contract/calendar-days';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { companyQueryField } from '@contract/validation';
import { VisitListQuery, VisitPhotoListQuery } from '@contract/visits';
import { VisitSettingsSchema } from '@contract/visits-place';
import { PositionDayQuery, PositionViewQuery } from '@contract/visits-positions';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers, visits } from '@server/kernel/db/schema';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { pagedRows } from '@server/kernel/lists';
import { memberAccess, memberBody, requireAnyPermission, requirePermission, visitScope } from '@server/modules/roles';
import { locationNoticeRows } from './location-notice';
import { saveVisitSettings, VISIT_SETTINGS_READERS, visitSettingsOf } from './settings';
import { placeFlagged, toVisitRecord, visitColumns } from './visit-record';
import { positionDay, positionViewPage } from './position-views';
import { photoPage, photosOf } from './visit-photos';

const CompanyQuery = v.object({ company: companyQueryField });

/** A region's address province codes (server/modules/regions regionAddressCodes), given by the composition root: regions depend on visits. */
export type RegionCodes = (db: Db, companyId: number, region: number) => Promise<string[]>;

export function visitRoutes(deps: AppDeps, regionCodes: RegionCodes) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/settings', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    await requireAnyPermission(db, c.get('auth'), query.company, VISIT_SETTINGS_READERS, 'Bạn không có quyền xem quy tắc check-in');
    return ok(c, await visitSettingsOf(db, query.company));
  });

  // Who accepted the location notice: for who keeps the company's settings or its people.
  app.get('/location-notices', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    await requireAnyPermission(
      db,
      c.get('auth'),
      query.company,
      [
        ['settings', 'view'],
        ['employees', 'view'],
      ],
      'Bạn không có quyền xem danh sách đồng ý thông báo vị trí',
    );
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
    const ids = rows.map((row) => row.visit.id);
    const photos = await photosOf(deps.db, query.company, ids, access.accountId);
    return ok(
      c,
      rows.map((row) => toVisitRecord(row.visit, row.customerName, row.accountName, access.accountId, photos.get(row.visit.id))),
      { count },
    );
  });

  // The gallery of visit photos: the visit list's readers and scope.
  app.get('/photos', async (c) => {
    const query = parseQuery(c, VisitPhotoListQuery);
    const access = await requirePermission(deps.db, c.get('auth'), query.company, 'visits', 'view');
    const codes = query.region === undefined ? null : await regionCodes(deps.db, query.company, query.region);
    const { photos, count } = await photoPage(deps.db, access, query, codes);
    return ok(c, photos, { count });
  });

  // A rep's day with positions ("Vị trí trong ngày"): the list's readers and scope; logged unless it is the rep's own.
  app.get('/visits/positions', async (c) => {
    const query = parseQuery(c, PositionDayQuery);
    const access = await requirePermission(deps.db, c.get('auth'), query.company, 'visits', 'view');
    return ok(c, await positionDay(deps.db, access, query));
  });

  // Who viewed whose positions: the whole log for its keepers, a member's own entries for them.
  app.get('/position-views', async (c) => {
    const query = parseQuery(c, PositionViewQuery);
    const access = await memberAccess(db, c.get('auth'), query.company);
    const { rows, count } = await positionViewPage(db, access, query);
    return ok(c, rows, { count });
  });

  return app;
}
