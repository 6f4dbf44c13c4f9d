/** GET /order/api/getdashboard/ (product-spec.md §7 "Order"): the dashboard's figures, within the caller's data scope. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { badRequest } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import { orderScope, requirePermission } from '@server/modules/roles';
import { DashboardQuery, dashboardSummary, firstSteps } from './dashboard';

export function dashboardRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/getdashboard', async (c) => {
    const query = parseQuery(c, DashboardQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'dashboard', 'view');
    if (query.date_from && query.date_to && query.date_from > query.date_to)
      throw badRequest('VALIDATION_FAILED', 'Ngày bắt đầu phải trước ngày kết thúc', {
        date_from: 'Ngày bắt đầu phải trước ngày kết thúc',
      });
    const scope = await orderScope(db, access);
    // Figures may lag a moment behind (a replica; never behind the caller's own writes).
    const read = await deps.reads.readDb(c);
    const summary = await dashboardSummary(read, { ...query, scope });
    return ok(c, { ...summary, first_steps: access.isAdmin ? await firstSteps(read, query.company) : null });
  });

  return app;
}
