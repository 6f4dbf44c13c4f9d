/**
 * System orders under /order/api (product-spec.md §7 "Order": ordersystem, cancelordersystem,
 * updatestatusorder, adminconfirmorder): the package orders of every company, which the system
 * administrator confirms once paid (the subscription starts, the company's switches follow the
 * package) or cancels (its voucher is the company's again). docs/plans.md.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context, type Next } from 'hono';
import { CancelSystemOrderSchema, SystemOrderQuery, SystemOrderStatusSchema } from '@contract/system';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { systemOrders } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireSystemAdmin } from '@server/kernel/membership';
import { activateOrder, cancelOrder, systemOrderById, systemOrderRecords } from '@server/modules/plans';
import { foldedWords } from './folded-sql';

export function systemOrderRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);
  const system = async (c: Context<AppEnv>, next: Next) => {
    requireSystemAdmin(c.get('auth'));
    await next();
  };

  async function recordOf(id: number) {
    const record = await systemOrderById(db, id);
    if (!record) throw notFound('Không tìm thấy đơn đăng ký gói');
    return record;
  }

  app.get('/ordersystem', requireAuth, system, async (c) => {
    const query = parseQuery(c, SystemOrderQuery);
    // The subquery names its tables: in the count below (one table) drizzle leaves columns
    // unqualified, and "id" or "company_id" inside it would then resolve by luck.
    const filters: SQL[] = foldedWords(
      sql`${systemOrders.code} || ' ' || (select c.title from companies c where c.id = system_orders.company_id)`,
      query.search,
    );
    if (query.status) filters.push(eq(systemOrders.status, query.status));
    const where = filters.length ? and(...filters) : undefined;
    const [total] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(systemOrders)
      .where(where);
    const rows = await systemOrderRecords(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
    const [pending] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(systemOrders)
      .where(eq(systemOrders.status, 'pending'));
    return ok(c, rows, { count: Number(total?.n ?? 0), bonus: { pending: Number(pending?.n ?? 0) } });
  });

  app.get('/ordersystem/:id', requireAuth, system, async (c) => ok(c, await recordOf(pathId(c))));

  app.put('/adminconfirmorder/:id', requireAuth, system, async (c) => {
    const id = pathId(c);
    await recordOf(id);
    await db.transaction((tx) => activateOrder(tx, id, c.get('auth').accountId));
    deps.jobs.kick();
    return ok(c, await recordOf(id), { message: 'Đã xác nhận thanh toán và kích hoạt gói dịch vụ' });
  });

  app.put('/cancelordersystem', requireAuth, system, async (c) => {
    const input = await parseBody(c, CancelSystemOrderSchema);
    await recordOf(input.order);
    await db.transaction((tx) => cancelOrder(tx, input.order, input.reason, c.get('auth').accountId));
    return ok(c, await recordOf(input.order), { message: 'Đã hủy đơn đăng ký gói' });
  });

  app.put('/updatestatusorder/:id', requireAuth, system, async (c) => {
    const id = pathId(c);
    const input = await parseBody(c, SystemOrderStatusSchema);
    await recordOf(id);
    const auth = c.get('auth');
    await db.transaction((tx) =>
      input.status === 'confirmed' ? activateOrder(tx, id, auth.accountId) : cancelOrder(tx, id, input.reason!, auth.accountId),
    );
    return ok(c, await recordOf(id), { message: input.status === 'confirmed' ? 'Đã kích hoạt gói dịch vụ' : 'Đã hủy đơn đăng ký gói' });
  });

  return app;
}
