/**
 * Roles (product-spec.md §7 "Role (role/api): role CRUD, approle") and the caller's own access.
 *
 * - Quản trị is read-only: it is what owners and administrators hold, and a company must never lock
 *   itself out by editing it. The other seeded roles can be edited but not deleted; a role still
 *   held by members cannot be deleted either.
 * - Nobody grants what they do not have: a member who may edit roles but is not an administrator
 *   can only give a role permissions (and a data scope) within their own. Otherwise "roles: edit"
 *   would be a way to make oneself administrator.
 * - approle: role changes asked for by someone without the approve permission wait here (the
 *   employee screens create them); an approver applies or rejects each one.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { fold } from '@contract/fold';
import {
  ADMIN_ROLE,
  ALL_PERMISSION_AREAS,
  RoleDecisionSchema,
  RoleInputSchema,
  RoleListQuery,
  can,
  type DataScope,
  type MemberAccess,
  type Permissions,
  type RoleInput,
  type RoleRecord,
  type RoleRequestRecord,
} from '@contract/roles';
import { CompanyQuery } from '@contract/products';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, roleRequests, roles } from '@server/kernel/db/schema';
import { conflict, forbidden, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { resolveRoleRequest } from '@server/modules/notifications';
import { authenticate } from '@server/kernel/authenticate';
import { memberAccess, requirePermission, type Access } from './member-access';

type RoleRow = typeof roles.$inferSelect;

async function memberCounts(db: Db, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ roleId: accountCompanies.roleId, n: count() })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.isActive, true)))
    .groupBy(accountCompanies.roleId);
  return new Map(rows.filter((row) => row.roleId !== null).map((row) => [row.roleId!, Number(row.n)]));
}

function toRoleRecord(row: RoleRow, members: number): RoleRecord {
  return {
    id: row.id,
    company: row.companyId,
    name: row.name,
    description: row.description,
    scope: row.scope as DataScope,
    permissions: row.permissions as Permissions,
    max_discount: row.maxDiscountPercent,
    is_system: row.isSystem,
    member_count: members,
  };
}

async function findRole(db: Db, companyId: number, id: number): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, id)));
  if (!row) throw notFound('Không tìm thấy vai trò');
  return row;
}

/** A wider scope sees more: company ⊃ region ⊃ own. */
const SCOPE_WIDTH: Record<DataScope, number> = { own: 0, region: 1, company: 2 };

/**
 * Refuses a role that would give more than the caller holds (administrators hold everything),
 * a discount limit included: someone held to 10 % cannot make a role allowed 30 % or unlimited.
 * `max_discount` undefined: the limit is not being changed.
 */
function refuseEscalation(access: Access, input: Pick<RoleInput, 'permissions' | 'scope' | 'max_discount'>): void {
  if (access.isAdmin) return;
  const beyond = ALL_PERMISSION_AREAS.some((area) => input.permissions[area]?.some((action) => !can(access, area, action)));
  if (beyond || SCOPE_WIDTH[input.scope] > SCOPE_WIDTH[access.scope]) {
    throw forbidden('FORBIDDEN', 'Bạn không thể cấp quyền hoặc phạm vi dữ liệu vượt quá quyền của chính mình');
  }
  const own = access.maxDiscount ?? null;
  if (own !== null && input.max_discount !== undefined && (input.max_discount === null || input.max_discount > own)) {
    throw forbidden('FORBIDDEN', `Bạn không thể cho phép chiết khấu vượt mức tối đa ${own}% của chính mình`);
  }
}

function refuseAdminRole(row: RoleRow): void {
  if (row.isSystem && row.name === ADMIN_ROLE) throw forbidden('FORBIDDEN', 'Không thể sửa hoặc xóa vai trò Quản trị');
}

/** The unique (company, lower(name)) index answers a duplicate name; say it in Vietnamese. */
async function refuseDuplicateName(db: Db, companyId: number, name: string, exceptId?: number): Promise<void> {
  const existing = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.companyId, companyId));
  if (existing.some((row) => row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase())) {
    throw conflict('Tên vai trò đã tồn tại', { name: 'Tên vai trò đã tồn tại' });
  }
}

async function requestRecords(
  db: Db,
  companyId: number,
  only: { status?: RoleRequestRecord['status']; id?: number },
): Promise<RoleRequestRecord[]> {
  const filters = [eq(roleRequests.companyId, companyId)];
  if (only.status) filters.push(eq(roleRequests.status, only.status));
  if (only.id) filters.push(eq(roleRequests.id, only.id));
  const rows = await db
    .select({ request: roleRequests, member: accountCompanies })
    .from(roleRequests)
    .innerJoin(accountCompanies, eq(accountCompanies.id, roleRequests.membershipId))
    .where(and(...filters))
    .orderBy(desc(roleRequests.id))
    .limit(200);
  if (rows.length === 0) return [];
  const accountIds = [...new Set(rows.flatMap(({ request, member }) => [member.accountId, request.requestedBy]))];
  const people = new Map(
    (
      await db
        .select({ id: accounts.id, fullName: accounts.fullName, phone: accounts.phone })
        .from(accounts)
        .where(inArray(accounts.id, accountIds))
    ).map((row) => [row.id, row]),
  );
  const roleNames = new Map(
    (await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.companyId, companyId))).map((row) => [
      row.id,
      row.name,
    ]),
  );
  const named = (id: number | null) => (id !== null && roleNames.has(id) ? { id, name: roleNames.get(id)! } : null);
  return rows.map(({ request, member }) => {
    const person = people.get(member.accountId)!;
    const requester = people.get(request.requestedBy)!;
    return {
      id: request.id,
      company: request.companyId,
      account: { id: person.id, full_name: person.fullName, phone: person.phone },
      current_role: named(member.roleId),
      requested_role: named(request.roleId) ?? { id: request.roleId, name: '' },
      requested_by: { id: requester.id, full_name: requester.fullName },
      status: request.status as RoleRequestRecord['status'],
      created_at: request.createdAt.toISOString(),
    };
  });
}

const RequestListQuery = v.object({
  ...CompanyQuery.entries,
  status: v.optional(v.picklist(['pending', 'approved', 'rejected', 'all'], 'Trạng thái không hợp lệ'), 'pending'),
});

export function roleRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  const { db } = deps;

  app.get('/my-access', async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    const { roleId, roleName, scope, permissions, isAdmin, maxDiscount } = await memberAccess(db, c.get('auth'), company);
    return ok<MemberAccess>(c, { roleId, roleName, scope, permissions, isAdmin, maxDiscount: maxDiscount ?? null });
  });

  app.get('/role', async (c) => {
    const query = parseQuery(c, RoleListQuery);
    await requirePermission(db, c.get('auth'), query.company, 'roles', 'view');
    const words = fold(query.search).split(' ').filter(Boolean);
    const all = await db.select().from(roles).where(eq(roles.companyId, query.company)).orderBy(roles.id);
    const matching = all.filter((row) => {
      const text = fold(`${row.name} ${row.description ?? ''}`);
      return words.every((word) => text.includes(word));
    });
    const counts = await memberCounts(db, query.company);
    const page = matching.slice((query.page - 1) * query.limit, query.page * query.limit);
    return ok(
      c,
      page.map((row) => toRoleRecord(row, counts.get(row.id) ?? 0)),
      { count: matching.length },
    );
  });

  app.post('/role', async (c) => {
    const input = await parseBody(c, RoleInputSchema);
    const access = await requirePermission(db, c.get('auth'), input.company, 'roles', 'create');
    refuseEscalation(access, input);
    await refuseDuplicateName(db, input.company, input.name);
    const [row] = await db
      .insert(roles)
      .values({
        companyId: input.company,
        name: input.name,
        description: input.description,
        scope: input.scope,
        permissions: input.permissions,
        maxDiscountPercent: input.max_discount ?? null,
      })
      .returning();
    return created(c, toRoleRecord(row!, 0), 'Đã thêm vai trò');
  });

  app.get('/role/:id', async (c) => {
    const id = pathId(c);
    const { company } = parseQuery(c, CompanyQuery);
    await requirePermission(db, c.get('auth'), company, 'roles', 'view');
    const row = await findRole(db, company, id);
    return ok(c, toRoleRecord(row, (await memberCounts(db, company)).get(id) ?? 0));
  });

  app.put('/role/:id', async (c) => {
    const id = pathId(c);
    const input = await parseBody(c, RoleInputSchema);
    const access = await requirePermission(db, c.get('auth'), input.company, 'roles', 'edit');
    const row = await findRole(db, input.company, id);
    refuseAdminRole(row);
    refuseEscalation(access, input);
    await refuseDuplicateName(db, input.company, input.name, id);
    const [updated] = await db
      .update(roles)
      .set({
        name: input.name,
        description: input.description,
        scope: input.scope,
        permissions: input.permissions,
        ...(input.max_discount !== undefined ? { maxDiscountPercent: input.max_discount } : {}),
        updatedAt: new Date(),
      })
      .where(eq(roles.id, id))
      .returning();
    return ok(c, toRoleRecord(updated!, (await memberCounts(db, input.company)).get(id) ?? 0), { message: 'Đã lưu vai trò' });
  });

  app.delete('/role/:id', async (c) => {
    const id = pathId(c);
    const { company } = parseQuery(c, CompanyQuery);
    await requirePermission(db, c.get('auth'), company, 'roles', 'delete');
    const row = await findRole(db, company, id);
    refuseAdminRole(row);
    if (row.isSystem) throw conflict('Không thể xóa vai trò mặc định của hệ thống');
    const [held] = await db
      .select({ n: count() })
      .from(accountCompanies)
      .where(and(eq(accountCompanies.companyId, company), eq(accountCompanies.roleId, id)));
    if (Number(held?.n ?? 0) > 0) throw conflict(`Vai trò đang được gán cho ${held!.n} nhân viên, hãy đổi vai trò của họ trước`);
    await db.transaction(async (tx) => {
      await tx.delete(roleRequests).where(eq(roleRequests.roleId, id));
      await tx.delete(roles).where(eq(roles.id, id));
    });
    return ok(c, null, { message: 'Đã xóa vai trò' });
  });

  app.get('/approle', async (c) => {
    const query = parseQuery(c, RequestListQuery);
    await requirePermission(db, c.get('auth'), query.company, 'roles', 'view');
    const rows = await requestRecords(db, query.company, query.status === 'all' ? {} : { status: query.status });
    return ok(c, rows, { count: rows.length });
  });

  app.post('/approle', async (c) => {
    const input = await parseBody(c, RoleDecisionSchema);
    const access = await requirePermission(db, c.get('auth'), input.company, 'roles', 'approve');
    const decided = await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(roleRequests)
        .where(and(eq(roleRequests.companyId, input.company), eq(roleRequests.id, input.request)))
        .for('update');
      if (!request) throw notFound('Không tìm thấy yêu cầu đổi vai trò');
      if (request.status !== 'pending') throw conflict('Yêu cầu này đã được xử lý');
      if (input.approve) {
        const role = await findRole(tx, input.company, request.roleId);
        refuseEscalation(access, {
          permissions: role.permissions as Permissions,
          scope: role.scope as DataScope,
          max_discount: role.maxDiscountPercent,
        });
        await tx
          .update(accountCompanies)
          .set({ roleId: request.roleId, updatedAt: new Date() })
          .where(eq(accountCompanies.id, request.membershipId));
      }
      await tx
        .update(roleRequests)
        .set({ status: input.approve ? 'approved' : 'rejected', decidedBy: access.accountId, decidedAt: new Date() })
        .where(eq(roleRequests.id, request.id));
      await resolveRoleRequest(tx, input.company, request.id);
      return request.id;
    });
    const [record] = await requestRecords(db, input.company, { id: decided });
    return ok(c, record, { message: input.approve ? 'Đã duyệt đổi vai trò' : 'Đã từ chối đổi vai trò' });
  });

  return app;
}
