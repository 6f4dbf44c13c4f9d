/**
 * GET and PUT /api/visit/api/suggestions/settings/: what the phones suggest at a stop
 * (contract/visits-suggest.ts): the must-carry goods, the days that make a customer idle and the
 * days before expiry that make a lot worth moving. Read by who takes orders or works the day (the
 * readers the phones pull the record for), changed by who keeps the company's settings; saved on
 * the check-in rules' row, so the phones pull one record.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { SuggestionSettingsSchema } from '@contract/visits-suggest';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { variants } from '@server/kernel/db/schema';
import { authenticate } from '@server/kernel/authenticate';
import { badRequest } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import { memberBody, requireAnyPermission, type PermissionPair } from '@server/modules/roles';
import { saveSuggestionSettings, suggestionSettingsOf, VISIT_SETTINGS_READERS } from './settings';

const CompanyQuery = v.object({ company: companyQueryField });
const READERS: readonly PermissionPair[] = [...VISIT_SETTINGS_READERS, ['orders', 'create'], ['orders', 'view']];

/** Every must-carry id is one of the company's variants; another company's or a made-up one is refused. */
async function requireCompanyVariants(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: variants.id })
    .from(variants)
    .where(and(eq(variants.companyId, companyId), inArray(variants.id, [...ids])));
  if (found.length === ids.length) return;
  const known = new Set(found.map((row) => row.id));
  const missing = ids.filter((id) => !known.has(id));
  throw badRequest('VALIDATION_FAILED', `Không tìm thấy sản phẩm #${missing.join(', #')} trong danh mục của công ty`, {
    must_carry: 'Có sản phẩm không thuộc danh mục của công ty',
  });
}

export function suggestionRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/settings', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    await requireAnyPermission(db, c.get('auth'), query.company, READERS, 'Bạn không có quyền xem cài đặt gợi ý đặt hàng');
    return ok(c, await suggestionSettingsOf(db, query.company));
  });

  app.put('/settings', async (c) => {
    const { company, ...settings } = await memberBody(deps, c, SuggestionSettingsSchema, 'edit', 'settings');
    await requireCompanyVariants(db, company, settings.must_carry);
    await db.transaction((tx) => saveSuggestionSettings(tx, company, settings));
    return ok(c, await suggestionSettingsOf(db, company), { message: 'Đã lưu cài đặt gợi ý đặt hàng' });
  });

  return app;
}
