/**
 * The order type calls (product-spec.md §7 "Order type API" under /service/api, and getlisttypeadd
 * under /order/api): the company's types, adding or changing one, which types one member may use,
 * and the types the caller may take an order of. Every change reaches the phones through the
 * change log (entity `order_type`).
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  OrderTypeInputSchema,
  UserTypesQuery,
  UsingTypeForUserSchema,
  usableOrderTypes,
  type OrderTypeInput,
  type UserOrderTypes,
} from '@contract/orders-types';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, orderTypeAccounts, orderTypes } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { authenticate } from '@server/kernel/authenticate';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { memberBody, memberQuery } from '@server/modules/roles';
import { clearOtherDefaults, companyMemberIds, companyOrderTypes, typeFlags } from './order-types';

const CompanyQuery = v.object({ company: companyQueryField });

async function setGrants(tx: Db, companyId: number, typeId: number, accountIds: readonly number[]): Promise<void> {
  await tx.delete(orderTypeAccounts).where(and(eq(orderTypeAccounts.companyId, companyId), eq(orderTypeAccounts.orderTypeId, typeId)));
  if (accountIds.length > 0)
    await tx.insert(orderTypeAccounts).values(accountIds.map((accountId) => ({ companyId, orderTypeId: typeId, accountId })));
}

async function saveType(db: Db, input: OrderTypeInput): Promise<number> {
  const { company } = input;
  const existing = await companyOrderTypes(db, company);
  const current = input.id === null ? null : existing.find((type) => type.id === input.id);
  if (input.id !== null && !current) throw notFound('Không tìm thấy loại đơn hàng');
  if (existing.some((type) => type.code === input.code && type.id !== input.id))
    throw conflict(`Mã loại đơn "${input.code}" đã được dùng`, { code: 'Mã loại đơn đã tồn tại' });
  if (current?.is_default && !input.is_default)
    throw badRequest('VALIDATION_FAILED', 'Công ty cần một loại đơn mặc định: hãy chọn loại khác làm mặc định', {
      is_default: 'Hãy chọn loại khác làm mặc định',
    });
  if (input.is_default && !input.is_active)
    throw badRequest('VALIDATION_FAILED', 'Loại đơn mặc định phải đang sử dụng', { is_active: 'Loại đơn mặc định phải đang sử dụng' });
  const granted = input.everyone ? [] : input.account_ids;
  const members = await companyMemberIds(db, company, granted);
  const strangers = granted.filter((id) => !members.has(id));
  if (strangers.length > 0)
    throw badRequest('VALIDATION_FAILED', 'Có nhân viên không thuộc công ty', { account_ids: 'Có nhân viên không thuộc công ty' });
  return db.transaction(async (tx) => {
    // One default at a time (a partial unique index): the old one steps down first.
    const cleared = input.is_default ? await clearOtherDefaults(tx, company, input.id ?? 0) : [];
    const values = {
      code: input.code,
      name: input.name,
      description: input.description,
      wholesale: input.wholesale,
      isDefault: input.is_default,
      isActive: input.is_active,
      everyone: input.everyone,
      sort: input.sort,
      updatedAt: new Date(),
    };
    const [row] =
      input.id === null
        ? await tx
            .insert(orderTypes)
            .values({ companyId: company, ...values })
            .returning({ id: orderTypes.id })
        : await tx
            .update(orderTypes)
            .set(values)
            .where(and(eq(orderTypes.id, input.id), eq(orderTypes.companyId, company)))
            .returning({ id: orderTypes.id });
    if (!row) throw notFound('Không tìm thấy loại đơn hàng');
    await setGrants(tx, company, row.id, granted);
    await recordUpserts(tx, company, 'order_type', [row.id, ...cleared]);
    return row.id;
  });
}

/** using_type_for_user/: `typeIds` are the types the member may use from now on, no more, no less. */
async function setMemberTypes(db: Db, company: number, account: number, typeIds: readonly number[]): Promise<void> {
  const types = await companyOrderTypes(db, company);
  const unknown = typeIds.filter((id) => !types.some((type) => type.id === id));
  if (unknown.length > 0) throw badRequest('VALIDATION_FAILED', 'Loại đơn hàng không tồn tại', { type_ids: 'Loại đơn hàng không tồn tại' });
  await db.transaction(async (tx) => {
    const changed: number[] = [];
    for (const type of types) {
      const wanted = typeIds.includes(type.id);
      const has = type.everyone || type.account_ids.includes(account);
      if (wanted === has) continue;
      changed.push(type.id);
      if (wanted) {
        await tx.insert(orderTypeAccounts).values({ companyId: company, orderTypeId: type.id, accountId: account }).onConflictDoNothing();
      } else if (type.everyone) {
        // "Everyone but this member": the type now names the company's other members.
        const others = await tx
          .select({ accountId: accountCompanies.accountId })
          .from(accountCompanies)
          .where(
            and(
              eq(accountCompanies.companyId, company),
              eq(accountCompanies.status, 'accept'),
              notInArray(accountCompanies.accountId, [account]),
            ),
          );
        await tx.update(orderTypes).set({ everyone: false, updatedAt: new Date() }).where(eq(orderTypes.id, type.id));
        await setGrants(
          tx,
          company,
          type.id,
          others.map((row) => row.accountId),
        );
      } else {
        await tx
          .delete(orderTypeAccounts)
          .where(
            and(
              eq(orderTypeAccounts.companyId, company),
              eq(orderTypeAccounts.orderTypeId, type.id),
              eq(orderTypeAccounts.accountId, account),
            ),
          );
      }
    }
    if (changed.length > 0) {
      await tx.update(orderTypes).set({ updatedAt: new Date() }).where(inArray(orderTypes.id, changed));
      await recordUpserts(tx, company, 'order_type', changed);
    }
  });
}

async function requireMember(db: Db, company: number, account: number): Promise<void> {
  if (!(await companyMemberIds(db, company, [account])).has(account)) throw notFound('Không tìm thấy nhân viên');
}

/** The types granted to a member (whatever their state), and those they may use now. */
async function memberTypes(db: Db, company: number, account: number): Promise<UserOrderTypes> {
  const types = await companyOrderTypes(db, company);
  return {
    account,
    type_ids: types.filter((type) => type.everyone || type.account_ids.includes(account)).map((type) => type.id),
    types: usableOrderTypes(types, account, await typeFlags(db, company)),
  };
}

/** Mounted at /service/api. */
export function orderTypeRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/type_list', async (c) => {
    const { company } = await memberQuery(deps, c, CompanyQuery, 'view', 'orders');
    const types = await companyOrderTypes(db, company);
    return ok(c, types, { count: types.length });
  });

  app.post('/insert_or_update_type', async (c) => {
    const input = await memberBody(deps, c, OrderTypeInputSchema, 'edit', 'settings');
    const id = await saveType(db, input);
    const saved = (await companyOrderTypes(db, input.company)).find((type) => type.id === id);
    return ok(c, saved, {
      status: input.id === null ? 201 : 200,
      message: input.id === null ? 'Đã thêm loại đơn hàng' : 'Đã cập nhật loại đơn hàng',
    });
  });

  app.get('/using_type_for_user', async (c) => {
    const query = await memberQuery(deps, c, UserTypesQuery, 'view', 'settings');
    await requireMember(db, query.company, query.account);
    return ok(c, await memberTypes(db, query.company, query.account));
  });

  const setForUser = async (c: Context<AppEnv>) => {
    const input = await memberBody(deps, c, UsingTypeForUserSchema, 'edit', 'settings');
    await requireMember(db, input.company, input.account);
    await setMemberTypes(db, input.company, input.account, input.type_ids);
    return ok(c, await memberTypes(db, input.company, input.account), { message: 'Đã cập nhật loại đơn được dùng' });
  };
  app.post('/using_type_for_user', setForUser);
  app.put('/using_type_for_user', setForUser);

  return app;
}

/** getlisttypeadd/ (under /order/api): the types the caller may take an order of now. */
export function orderTypeAddRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.get('/getlisttypeadd', async (c) => {
    const { company } = await memberQuery(deps, c, CompanyQuery, 'create', 'orders');
    const auth = c.get('auth');
    const usable = usableOrderTypes(await companyOrderTypes(db, company), auth.accountId, await typeFlags(db, company));
    return ok(c, usable, { count: usable.length });
  });
  return app;
}
