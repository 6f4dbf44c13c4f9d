/**
 * A role's "Chiết khấu tối đa (%)" through the role calls, and on the member's access
 * (docs/decisions.md "Discount limits and approval").
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { MemberAccess, RoleRecord } from '@contract/roles';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { roles } from '@server/kernel/db/schema';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let manager: LoginAnswer;
let rep: LoginAnswer;
let anKhang: number;

beforeAll(async () => {
  ({ server, an, anKhang } = await startDemoServer());
  [manager, rep] = await Promise.all([server.login(DEMO_STAFF.regionalManager), server.login(DEMO_STAFF.repSouth)]);
});
afterAll(async () => {
  await server?.stop();
});

const roleBody = (patch: Record<string, unknown> = {}) => ({
  company: anKhang,
  name: 'Cộng tác viên',
  description: null,
  scope: 'own',
  permissions: { orders: ['view', 'create'] },
  ...patch,
});

async function roleRow(name: string) {
  const [row] = await server.deps.db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, anKhang), eq(roles.name, name)));
  return row!;
}

const roleRecord = async (id: number) =>
  (await server.call<RoleRecord>(`/role/api/role/${id}/?company=${anKhang}`, { token: an.access })).body.data;

describe('Chiết khấu tối đa of a role', () => {
  it('is seeded at 10 % for the sales role and none for managers, and reaches the member’s access', async () => {
    const list = await server.call<RoleRecord[]>(`/role/api/role/?company=${anKhang}&limit=50`, { token: an.access });
    expect(Object.fromEntries(list.body.data.map((role) => [role.name, role.max_discount]))).toMatchObject({
      'Quản trị': null,
      'Quản lý vùng': null,
      'Trình dược viên': 10,
    });
    const repAccess = await server.call<MemberAccess>(`/role/api/my-access/?company=${anKhang}`, { token: rep.access });
    expect(repAccess.body.data).toMatchObject({ roleName: 'Trình dược viên', maxDiscount: 10 });
    const owner = await server.call<MemberAccess>(`/role/api/my-access/?company=${anKhang}`, { token: an.access });
    expect(owner.body.data).toMatchObject({ isAdmin: true, maxDiscount: null });
  });

  it('is set on create, changed and cleared on edit, and kept by an edit that leaves it out', async () => {
    const made = await server.call<RoleRecord>('/role/api/role/', { token: an.access, body: roleBody({ max_discount: 5 }) });
    expect(made.status).toBe(201);
    expect(made.body.data.max_discount).toBe(5);
    const id = made.body.data.id;
    const put = (body: Record<string, unknown>) =>
      server.call<RoleRecord>(`/role/api/role/${id}/`, { token: an.access, method: 'PUT', body });
    expect((await put(roleBody({ max_discount: 25 }))).body.data.max_discount).toBe(25);
    // An older screen that knows nothing of the limit does not wipe it.
    expect((await put(roleBody({ description: 'Bán lẻ' }))).body.data.max_discount).toBe(25);
    expect((await put(roleBody({ max_discount: null }))).body.data.max_discount).toBeNull();
    expect((await roleRow('Cộng tác viên')).maxDiscountPercent).toBeNull();
  });

  it('refuses a negative value, more than 100 %, a fraction and text, in Vietnamese, changing nothing', async () => {
    const rep = await roleRow('Trình dược viên');
    const cases: [unknown, string][] = [
      [-1, 'Chiết khấu tối đa không được âm'],
      [101, 'Chiết khấu tối đa không được vượt quá 100%'],
      [7.5, 'Chiết khấu tối đa phải là số nguyên'],
      ['mười', 'Chiết khấu tối đa phải là số'],
    ];
    for (const [value, message] of cases) {
      const answer = await server.call(`/role/api/role/${rep.id}/`, {
        token: an.access,
        method: 'PUT',
        body: roleBody({ name: rep.name, scope: rep.scope, permissions: rep.permissions, max_discount: value }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.fields?.max_discount).toBe(message);
      const created = await server.call('/role/api/role/', {
        token: an.access,
        body: roleBody({ name: 'Sai giá trị', max_discount: value }),
      });
      expect(created.status).toBe(400);
    }
    expect((await roleRecord(rep.id)).max_discount).toBe(10);
    expect((await server.call<RoleRecord[]>(`/role/api/role/?company=${anKhang}&search=sai`, { token: an.access })).body.count).toBe(0);
  });

  it('cannot be raised or lifted above one’s own limit by a member who edits roles', async () => {
    const managerRole = await roleRow('Quản lý vùng');
    await server.deps.db
      .update(roles)
      .set({ permissions: { ...managerRole.permissions, roles: ['view', 'create', 'edit'] }, maxDiscountPercent: 15 })
      .where(eq(roles.id, managerRole.id));
    try {
      const body = (patch: Record<string, unknown>) =>
        roleBody({ name: 'Giám sát', scope: 'region', permissions: { orders: ['view'] }, ...patch });
      for (const value of [30, null]) {
        const beyond = await server.call('/role/api/role/', { token: manager.access, body: body({ max_discount: value }) });
        expect(beyond.status).toBe(403);
        expect(beyond.body.message).toBe('Bạn không thể cho phép chiết khấu vượt mức tối đa 15% của chính mình');
      }
      const within = await server.call<RoleRecord>('/role/api/role/', { token: manager.access, body: body({ max_discount: 15 }) });
      expect(within.status).toBe(201);
    } finally {
      await server.deps.db
        .update(roles)
        .set({ permissions: managerRole.permissions, maxDiscountPercent: managerRole.maxDiscountPercent })
        .where(eq(roles.id, managerRole.id));
    }
  });
});
