/** GET /api/visit/api/visits/: the company's visits, newest first, for the office and for reps. */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { VisitListQuery } from '@contract/visits';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { accounts, customers, visits } from '@server/kernel/db/schema';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { pagedRows } from '@server/kernel/lists';
import { visitScope, requirePermission } from '@server/modules/roles';
import { toVisitRecord, visitColumns } from './visit-record';

/** Dates are days in Vietnam (UTC+7): 2026-11-21 runs from 2026-11-20T17:00Z to 2026-11-21T17:00Z. */
function startOfVietnamDay(day: string): Date {
  return new Date(`${day}T00:00:00+07:00`);
}

export function visitRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

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
