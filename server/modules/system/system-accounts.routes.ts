/**
 * The system administrator's account calls under /account/api (product-spec.md §7 "Account"):
 * admin/account/ list and detail, PUT admin/account/{id}/, admin/updatestatusaccount/,
 * admin/updatepassword/{id}/ (without a company: the company form of it, a member's password reset
 * by their company's admin, is the employees module's), accounttype/ and system/. Only SYSTEM
 * accounts pass; a company's owner is refused like anyone else.
 */
import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { Hono, type Context, type Next } from 'hono';
import { passwordProblem } from '@contract/auth-password';
import {
  AccountTypeInputSchema,
  AdminAccountQuery,
  AdminAccountUpdateSchema,
  AdminPasswordSchema,
  UpdateStatusAccountSchema,
  type SystemOverview,
} from '@contract/system';
import { vietnamDay } from '@contract/price-policy';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { accounts, accountTypes, companies, companySubscriptions, orders, shops, systemOrders } from '@server/kernel/db/schema';
import { badRequest, conflict, forbidden, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId, readJson } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireSystemAdmin } from '@server/kernel/membership';
import { uniqueViolation } from '@server/kernel/sql';
import { hashPassword } from '@server/lib/passwords';
import { revokeAllSessions } from '@server/modules/auth';
import { accountDetail, BUILTIN_ACCOUNT_TYPES, listAccounts, listAccountTypes } from './system-accounts';

export function systemAccountRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);
  const system = async (c: Context<AppEnv>, next: Next) => {
    requireSystemAdmin(c.get('auth'));
    await next();
  };

  async function detailOf(id: number) {
    const detail = await accountDetail(db, id);
    if (!detail) throw notFound('Không tìm thấy tài khoản');
    return detail;
  }

  app.get('/admin/account', requireAuth, system, async (c) => {
    const query = parseQuery(c, AdminAccountQuery);
    const page = await listAccounts(db, query);
    return ok(c, page.rows, { count: page.count });
  });

  app.get('/admin/account/:id', requireAuth, system, async (c) => ok(c, await detailOf(pathId(c))));

  app.put('/admin/account/:id', requireAuth, system, async (c) => {
    const id = pathId(c);
    const input = await parseBody(c, AdminAccountUpdateSchema);
    const auth = c.get('auth');
    if (input.account_type !== undefined) {
      const [type] = await db
        .select({ id: accountTypes.id, code: accountTypes.code })
        .from(accountTypes)
        .where(eq(accountTypes.id, input.account_type));
      if (!type) throw badRequest('VALIDATION_FAILED', 'Loại tài khoản không tồn tại', { account_type: 'Loại tài khoản không tồn tại' });
      // The administrator cannot take their own key away by mistake.
      if (id === auth.accountId && type.code !== 'SYSTEM') throw forbidden('FORBIDDEN', 'Không thể đổi loại tài khoản của chính mình');
    }
    const [row] = await db
      .update(accounts)
      .set({
        fullName: input.full_name,
        email: input.email,
        address: input.address,
        ...(input.account_type !== undefined ? { accountTypeId: input.account_type } : {}),
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, id))
      .returning({ id: accounts.id });
    if (!row) throw notFound('Không tìm thấy tài khoản');
    return ok(c, await detailOf(id), { message: 'Đã cập nhật tài khoản' });
  });

  /** Locking ends every session of the account at once (authenticate refuses it from then on). */
  app.put('/admin/updatestatusaccount', requireAuth, system, async (c) => {
    const input = await parseBody(c, UpdateStatusAccountSchema);
    if (input.account === c.get('auth').accountId && !input.is_active) throw forbidden('FORBIDDEN', 'Không thể tự khóa tài khoản của mình');
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(accounts)
        .set({ isActive: input.is_active, updatedAt: new Date() })
        .where(eq(accounts.id, input.account))
        .returning({ id: accounts.id });
      if (!row) throw notFound('Không tìm thấy tài khoản');
      if (!input.is_active) await revokeAllSessions(tx, input.account, 'locked_by_admin');
    });
    return ok(c, await detailOf(input.account), { message: input.is_active ? 'Đã mở khóa tài khoản' : 'Đã khóa tài khoản' });
  });

  /**
   * The system administrator sets a password (every session of the account ends). A body naming a
   * company is the company's own reset of a member's password, answered by the employees module.
   */
  app.put('/admin/updatepassword/:id', requireAuth, async (c, next) => {
    const body = await readJson(c).catch(() => null);
    if (body && typeof body === 'object' && 'company' in body) return next();
    requireSystemAdmin(c.get('auth'));
    const id = pathId(c);
    const input = await parseBody(c, AdminPasswordSchema);
    const [account] = await db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, id));
    if (!account) throw notFound('Không tìm thấy tài khoản');
    const problem = passwordProblem(input.new_password, account.phone);
    if (problem) throw badRequest('WEAK_PASSWORD', problem, { new_password: problem });
    const passwordHash = await hashPassword(input.new_password, env.scryptLogN);
    await db.transaction(async (tx) => {
      await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, id));
      await revokeAllSessions(tx, id, 'password_reset_by_admin');
    });
    return ok(c, null, { message: 'Đã đặt lại mật khẩu, mọi phiên đăng nhập của tài khoản đã kết thúc' });
  });

  app.get('/accounttype', requireAuth, system, async (c) => {
    const types = await listAccountTypes(db);
    return ok(c, types, { count: types.length });
  });

  app.post('/accounttype', requireAuth, system, async (c) => {
    const input = await parseBody(c, AccountTypeInputSchema);
    try {
      await db.insert(accountTypes).values({ code: input.code, title: input.title });
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(`Mã loại tài khoản "${input.code}" đã tồn tại`, { code: 'Mã loại tài khoản đã tồn tại' });
      throw error;
    }
    return created(
      c,
      (await listAccountTypes(db)).find((type) => type.code === input.code),
      'Đã thêm loại tài khoản',
    );
  });

  /** The platform's own types keep their code (the server reads it); their title may change. */
  app.put('/accounttype', requireAuth, system, async (c) => {
    const input = await parseBody(c, AccountTypeInputSchema);
    if (input.id === undefined)
      throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn loại tài khoản', { id: 'Vui lòng chọn loại tài khoản' });
    const [current] = await db.select().from(accountTypes).where(eq(accountTypes.id, input.id));
    if (!current) throw notFound('Không tìm thấy loại tài khoản');
    if (BUILTIN_ACCOUNT_TYPES.includes(current.code) && input.code !== current.code)
      throw badRequest('VALIDATION_FAILED', `Không thể đổi mã của loại tài khoản hệ thống ${current.code}`, {
        code: 'Mã này không đổi được',
      });
    const [taken] = await db
      .select({ id: accountTypes.id })
      .from(accountTypes)
      .where(and(eq(accountTypes.code, input.code), ne(accountTypes.id, input.id)));
    if (taken) throw conflict(`Mã loại tài khoản "${input.code}" đã tồn tại`, { code: 'Mã loại tài khoản đã tồn tại' });
    await db.update(accountTypes).set({ code: input.code, title: input.title }).where(eq(accountTypes.id, input.id));
    return ok(
      c,
      (await listAccountTypes(db)).find((type) => type.id === input.id),
      { message: 'Đã cập nhật loại tài khoản' },
    );
  });

  app.get('/system', requireAuth, system, async (c) => {
    const today = vietnamDay();
    const soon = new Date(Date.parse(today) + 14 * 86_400_000).toISOString().slice(0, 10);
    const monthStart = new Date(`${today.slice(0, 7)}-01T00:00:00+07:00`);
    const todayStart = new Date(`${today}T00:00:00+07:00`);
    const number = async (query: Promise<{ n: number | string | null }[]>) => Number((await query)[0]?.n ?? 0);
    const overview: SystemOverview = {
      accounts: await number(db.select({ n: count() }).from(accounts)),
      locked_accounts: await number(db.select({ n: count() }).from(accounts).where(eq(accounts.isActive, false))),
      companies: await number(db.select({ n: count() }).from(companies)),
      shops: await number(db.select({ n: count() }).from(shops)),
      subscriptions_active: await number(
        db.select({ n: count() }).from(companySubscriptions).where(gte(companySubscriptions.endsOn, today)),
      ),
      subscriptions_expiring: await number(
        db
          .select({ n: count() })
          .from(companySubscriptions)
          .where(and(gte(companySubscriptions.endsOn, today), sql`${companySubscriptions.endsOn} <= ${soon}`)),
      ),
      system_orders_pending: await number(db.select({ n: count() }).from(systemOrders).where(eq(systemOrders.status, 'pending'))),
      revenue_this_month: await number(
        db
          .select({ n: sql<string>`coalesce(sum(${systemOrders.total}), 0)` })
          .from(systemOrders)
          .where(and(eq(systemOrders.status, 'confirmed'), gte(systemOrders.decidedAt, monthStart))),
      ),
      orders_today: await number(db.select({ n: count() }).from(orders).where(gte(orders.createdAt, todayStart))),
    };
    return ok(c, overview);
  });

  return app;
}
