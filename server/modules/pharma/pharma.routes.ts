/**
 * Pharma calls under /pharma/api (docs/pharma.md): the company's rule settings (read by whoever sells or
 * looks after customers, changed by who keeps the company's settings) and the list of drug buyers
 * whose certificate runs out, within the caller's customer scope.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { LicenceExpiryQuery, PharmaSettingsSchema } from '@contract/pharma';
import { vietnamDay } from '@contract/price-policy';
import { can, type PermissionArea, type PermissionAction } from '@contract/roles';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { forbidden } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import { customerScope, memberAccess, memberBody, memberQuery } from '@server/modules/roles';
import { licenceExpiryRows } from './licence-expiry';
import { pharmaSettingsOf, savePharmaSettings } from './settings';

const CompanyQuery = v.object({ company: companyQueryField });

/** The same readers the phones pull the settings for (contract/pharma.ts pharmaSync), and the settings' keepers. */
const SETTINGS_READERS: readonly (readonly [PermissionArea, PermissionAction])[] = [
  ['orders', 'create'],
  ['orders', 'view'],
  ['customers', 'view'],
  ['settings', 'view'],
];

export function pharmaRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/settings', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    const access = await memberAccess(db, c.get('auth'), query.company);
    if (!SETTINGS_READERS.some(([area, action]) => can(access, area, action)))
      throw forbidden('FORBIDDEN', 'Bạn không có quyền xem cài đặt bán thuốc');
    return ok(c, await pharmaSettingsOf(db, query.company));
  });

  app.put('/settings', async (c) => {
    const { company, ...settings } = await memberBody(deps, c, PharmaSettingsSchema, 'edit', 'settings');
    await db.transaction((tx) => savePharmaSettings(tx, company, settings));
    return ok(c, await pharmaSettingsOf(db, company), { message: 'Đã lưu cài đặt bán thuốc' });
  });

  app.get('/licence-expiry', async (c) => {
    const query = await memberQuery(deps, c, LicenceExpiryQuery, 'view', 'customers');
    const access = await memberAccess(db, c.get('auth'), query.company);
    const rows = await licenceExpiryRows(db, query.company, {
      state: query.state,
      scope: await customerScope(db, access),
      today: vietnamDay(),
    });
    return ok(c, rows, { count: rows.length });
  });

  return app;
}
