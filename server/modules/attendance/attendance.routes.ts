/**
 * /api/attendance/api/: the month's timesheet and its Excel sheet (who watches visits: a rep their
 * own month, a region manager the region's reps, the office all), the self-claims and their
 * approval (who approves visits, within the same reach), and the company's attendance rule.
 * Claims are filed by the phone through the outbox (claims.ts fileClaim), never here.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { AttendanceSettingsSchema, ClaimDecisionSchema, ClaimListQuery, TimesheetQuery } from '@contract/attendance';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { attendanceClaims } from '@server/kernel/db/schema';
import { authenticate } from '@server/kernel/authenticate';
import { badRequest, forbidden, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { memberBody, requireAnyPermission, requirePermission, type Access } from '@server/modules/roles';
import { repScope, VISIT_SETTINGS_READERS } from '@server/modules/visits';
import { claimRecords, decideClaim } from './claims';
import { attendanceSettingsOf, saveAttendanceSettings } from './settings';
import { timesheetOf, timesheetSheet } from './timesheet';

const CompanyQuery = v.object({ company: companyQueryField });
const ClaimId = v.pipe(v.string(), v.uuid('Đơn không hợp lệ'));
const NOT_FOUND = 'Không tìm thấy đơn xin chấm công';
/** The claim when the manager may decide it: the company's, of a rep in their reach; another's reads as missing. */
async function claimToDecide(db: Db, access: Access, c: Context) {
  const parsed = v.safeParse(ClaimId, c.req.param('id'));
  if (!parsed.success) throw notFound(NOT_FOUND);
  const scope = repScope(db, access, attendanceClaims.accountId);
  const [claim] = await db
    .select()
    .from(attendanceClaims)
    .where(
      and(eq(attendanceClaims.id, parsed.output), eq(attendanceClaims.companyId, access.membership.companyId), ...(scope ? [scope] : [])),
    );
  if (!claim) throw notFound(NOT_FOUND);
  // Approving one's own day is the one thing a manager's role cannot do alone.
  if (claim.accountId === access.accountId && !access.isAdmin)
    throw forbidden('FORBIDDEN', 'Không thể tự duyệt đơn xin chấm công của mình');
  return claim;
}

export function attendanceRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  const answer = async (companyId: number, id: string) => (await claimRecords(db, companyId, [eq(attendanceClaims.id, id)]))[0]!;

  app.get('/timesheet/export', async (c) => {
    const query = parseQuery(c, TimesheetQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'visits', 'export');
    const sheet = await timesheetOf(db, access, query);
    return timesheetSheet(sheet, (error) => deps.logger.error({ err: error }, 'timesheet export failed'));
  });

  app.get('/timesheet', async (c) => {
    const query = parseQuery(c, TimesheetQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'visits', 'view');
    return ok(c, await timesheetOf(db, access, query));
  });

  app.get('/claims', async (c) => {
    const query = parseQuery(c, ClaimListQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'visits', 'view');
    const where: SQL[] = [];
    const scope = repScope(db, access, attendanceClaims.accountId);
    if (scope) where.push(scope);
    if (query.status) where.push(eq(attendanceClaims.status, query.status));
    const records = await claimRecords(db, query.company, where);
    return ok(c, records, { count: records.length });
  });

  app.post('/claims/:id/approve', async (c) => {
    const { company } = await parseBody(c, ClaimDecisionSchema);
    const access = await requirePermission(db, c.get('auth'), company, 'visits', 'approve');
    const claim = await claimToDecide(db, access, c);
    if (claim.status === 'rejected') throw badRequest('VALIDATION_FAILED', 'Đơn đã bị từ chối, không duyệt được nữa');
    if (claim.status === 'waiting') await db.transaction((tx) => decideClaim(tx, claim, access.accountId, { status: 'approved' }));
    return ok(c, await answer(company, claim.id), { message: 'Đã duyệt đơn xin chấm công' });
  });

  app.post('/claims/:id/reject', async (c) => {
    const { company, reason } = await parseBody(c, ClaimDecisionSchema);
    const access = await requirePermission(db, c.get('auth'), company, 'visits', 'approve');
    const claim = await claimToDecide(db, access, c);
    if (!reason) throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập lý do từ chối', { reason: 'Vui lòng nhập lý do từ chối' });
    if (claim.status !== 'waiting') throw badRequest('VALIDATION_FAILED', 'Đơn đã được xử lý, không từ chối được nữa');
    await db.transaction((tx) => decideClaim(tx, claim, access.accountId, { status: 'rejected', reason }));
    return ok(c, await answer(company, claim.id), { message: 'Đã từ chối đơn xin chấm công' });
  });

  app.get('/settings', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    await requireAnyPermission(db, c.get('auth'), query.company, VISIT_SETTINGS_READERS, 'Bạn không có quyền xem quy tắc chấm công');
    return ok(c, await attendanceSettingsOf(db, query.company));
  });

  app.put('/settings', async (c) => {
    const { company, ...settings } = await memberBody(deps, c, AttendanceSettingsSchema, 'edit', 'settings');
    await db.transaction((tx) => saveAttendanceSettings(tx, company, settings));
    return ok(c, await attendanceSettingsOf(db, company), { message: 'Đã lưu quy tắc chấm công' });
  });

  return app;
}
