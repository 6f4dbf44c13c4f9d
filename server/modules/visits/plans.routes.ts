/**
 * /api/visit/api/plans/: the reps' route plans (contract/visits-plans.ts). Read by who watches
 * visits (a rep their own, a region manager the region's reps', the office all); created, changed,
 * copied and removed by who edits visits; approved by who approves them. A plan names one of the
 * company's active members and only the company's customers; a changed plan waits for approval
 * again while the approved stops stay in effect.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { RoutePlanCopySchema, RoutePlanSchema, type RoutePlanInput } from '@contract/visits-plans';
import { bodyObject, companyBodyField, companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, customers, routePlans } from '@server/kernel/db/schema';
import { authenticate } from '@server/kernel/authenticate';
import { badRequest, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { requirePermission, type Access } from '@server/modules/roles';
import { approvePlan, deletePlan, planRecords, planRow, repScope, savePlan } from './plans';
import { addPlanSheetRoutes } from './plans-sheet';

const PlanListQuery = v.object({
  company: companyQueryField,
  account: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhân viên không hợp lệ'), v.transform(Number))),
});
const PlanId = v.pipe(v.string(), v.uuid('Tuyến không hợp lệ'));
const NOT_FOUND = 'Không tìm thấy tuyến';
const CompanyQuery = v.object({ company: companyQueryField });
const CompanyBody = bodyObject({ company: companyBodyField });

function planId(c: Context): string {
  const parsed = v.safeParse(PlanId, c.req.param('id'));
  if (!parsed.success) throw notFound(NOT_FOUND);
  return parsed.output;
}

/** The rep a plan is for: an active member of the company within the caller's reach (their region's reps, or themselves). */
async function requireRep(db: Db, access: Access, accountId: number): Promise<void> {
  const scope = repScope(db, access, accountCompanies.accountId);
  const [member] = await db
    .select({ id: accountCompanies.accountId })
    .from(accountCompanies)
    .where(
      and(
        eq(accountCompanies.companyId, access.membership.companyId),
        eq(accountCompanies.accountId, accountId),
        eq(accountCompanies.status, 'accept'),
        eq(accountCompanies.isActive, true),
        ...(scope ? [scope] : []),
      ),
    );
  if (!member)
    throw badRequest('VALIDATION_FAILED', 'Nhân viên không thuộc công ty hoặc ngoài khu vực bạn phụ trách', {
      account_id: 'Nhân viên không hợp lệ',
    });
}

/** Every stop's customer is one of the company's. */
async function requireCustomers(db: Db, input: RoutePlanInput): Promise<void> {
  const ids = input.stops.map((stop) => stop.customer_id);
  if (ids.length === 0) return;
  const found = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, input.company), inArray(customers.id, ids)));
  const known = new Set(found.map((row) => row.id));
  const missing = input.stops.findIndex((stop) => !known.has(stop.customer_id));
  if (missing >= 0)
    throw badRequest('VALIDATION_FAILED', `Dòng ${missing + 1}: không tìm thấy khách hàng`, { stops: 'Khách hàng không tồn tại' });
}

export function routePlanRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/', async (c) => {
    const query = parseQuery(c, PlanListQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'visits', 'view');
    const where: SQL[] = [];
    const scope = repScope(db, access, routePlans.accountId);
    if (scope) where.push(scope);
    if (query.account !== undefined) where.push(eq(routePlans.accountId, query.account));
    const records = await planRecords(db, query.company, where);
    return ok(c, records, { count: records.length });
  });

  const answer = async (companyId: number, id: string) => (await planRecords(db, companyId, [eq(routePlans.id, id)]))[0]!;

  app.post('/', async (c) => {
    const input = await parseBody(c, RoutePlanSchema);
    const access = await requirePermission(db, c.get('auth'), input.company, 'visits', 'edit');
    await requireRep(db, access, input.account_id);
    await requireCustomers(db, input);
    const id = randomUUID();
    await db.transaction((tx) => savePlan(tx, id, input, access.accountId, null));
    return ok(c, await answer(input.company, id), { status: 201, message: 'Đã tạo tuyến, chờ duyệt' });
  });

  app.put('/:id', async (c) => {
    const input = await parseBody(c, RoutePlanSchema);
    const access = await requirePermission(db, c.get('auth'), input.company, 'visits', 'edit');
    const plan = await planRow(db, access, planId(c));
    if (!plan) throw notFound(NOT_FOUND);
    if (plan.accountId !== input.account_id)
      throw badRequest('VALIDATION_FAILED', 'Không đổi được nhân viên của tuyến; hãy sao chép tuyến cho nhân viên khác', {
        account_id: 'Không đổi được nhân viên',
      });
    await requireCustomers(db, input);
    await db.transaction((tx) => savePlan(tx, plan.id, input, access.accountId, plan));
    return ok(c, await answer(input.company, plan.id), { message: 'Đã lưu tuyến, chờ duyệt' });
  });

  app.post('/:id/approve', async (c) => {
    const { company } = await parseBody(c, CompanyBody);
    const access = await requirePermission(db, c.get('auth'), company, 'visits', 'approve');
    const plan = await planRow(db, access, planId(c));
    if (!plan) throw notFound(NOT_FOUND);
    if (plan.status !== 'approved') await db.transaction((tx) => approvePlan(tx, plan, access.accountId));
    return ok(c, await answer(company, plan.id), { message: 'Đã duyệt tuyến' });
  });

  app.post('/:id/copy', async (c) => {
    const input = await parseBody(c, RoutePlanCopySchema);
    const access = await requirePermission(db, c.get('auth'), input.company, 'visits', 'edit');
    const plan = await planRow(db, access, planId(c));
    if (!plan) throw notFound(NOT_FOUND);
    await requireRep(db, access, input.account_id);
    const id = randomUUID();
    const copy = {
      company: input.company,
      account_id: input.account_id,
      name: plan.name,
      effective_from: plan.effectiveFrom,
      stops: plan.stops,
    };
    await db.transaction((tx) => savePlan(tx, id, copy, access.accountId, null));
    return ok(c, await answer(input.company, id), { status: 201, message: 'Đã sao chép tuyến, chờ duyệt' });
  });

  app.delete('/:id', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'visits', 'edit');
    const plan = await planRow(db, access, planId(c));
    if (!plan) throw notFound(NOT_FOUND);
    await db.transaction((tx) => deletePlan(tx, plan));
    return ok(c, null, { message: 'Đã xóa tuyến' });
  });

  addPlanSheetRoutes(app, deps);
  return app;
}
