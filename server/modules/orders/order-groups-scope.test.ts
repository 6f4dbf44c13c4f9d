/**
 * Region scope on order groups (the order list's data scope, docs/decisions.md): a regional manager got "not found" for an order
 * outside his region, yet read it (customer name, phone, address, total) through a group that held
 * it. A group now shows a member only the orders their data scope lets them read (orderScope, the
 * order list's rule), and its count and total are of those orders; the owner sees them all.
 *
 * Demo data: Võ Minh Quân manages Miền Nam (region scope, HCM among its provinces); KH000001
 * (Nhà thuốc Minh Châu) is in TP. Hồ Chí Minh, KH000007 (Nhà thuốc Cửa Nam, 0912777888) in Hà Nội.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import type { OrderGroupRecord } from '@contract/orders-groups';
import type { Permissions } from '@contract/roles';
import { roles } from '@server/kernel/db/schema';
import { STAFF } from '@server/testing/employees.kit';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import type { SignedIn } from '@server/testing/test-server';

type GroupDetail = OrderGroupRecord & { orders: OrderRecord[] };

let kit: OrderKit;
let manager: SignedIn;
let inRegion: OrderRecord;
let outOfRegion: OrderRecord;
let group: OrderGroupRecord;

/** What of the Hà Nội customer and its order must not reach the manager. */
const outsideMarks = () => [outOfRegion.id, outOfRegion.code, 'Cửa Nam', '0912777888'];

const newOrder = (customerCode: string) =>
  kit.createOrder({ customerCode, lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 3 }] });

const detail = (token: string) => kit.server.call<GroupDetail>(`/order/api/order-group/${group.id}/?company=${kit.anKhang}`, { token });

beforeAll(async () => {
  kit = await startOrderKit();
  manager = await kit.server.login(STAFF.manager);
  inRegion = await newOrder('KH000001');
  outOfRegion = await newOrder('KH000007');
  const answer = await kit.server.call<OrderGroupRecord>('/order/api/order-group/', {
    token: kit.an.access,
    body: { company: kit.anKhang, title: 'Tuyến hỗn hợp Nam – Bắc', orders: [inRegion.id, outOfRegion.id] },
  });
  expect(answer.status, answer.body.message).toBe(201);
  group = answer.body.data;
});
afterAll(async () => {
  await kit?.stop();
});

describe("the demo's delivery runs", () => {
  it("has tomorrow's run with orders still waiting, and one the office called off", async () => {
    const list = await kit.server.call<OrderGroupRecord[]>(`/order/api/order-group/?company=${kit.anKhang}&limit=100`, {
      token: kit.an.access,
    });
    const seeded = list.body.data.filter((row) => row.id !== group.id);
    expect(seeded.map((row) => row.status).sort()).toEqual(['cancelled', 'open']);
    expect(seeded.find((row) => row.status === 'open')).toMatchObject({ order_count: 4, total: expect.any(Number) });
    expect(seeded.find((row) => row.status === 'cancelled')).toMatchObject({ order_count: 0 });
  });
});

describe('an order group read by a regional manager', () => {
  it('answers 404 for the out-of-region order itself (the rule the group follows)', async () => {
    const own = await kit.server.call(`/order/api/ordercompany/${outOfRegion.id}/?company=${kit.anKhang}`, { token: manager.access });
    expect(own.status).toBe(404);
  });

  it('shows the owner every order of the group, with their count and total', async () => {
    const answer = await detail(kit.an.access);
    expect(answer.status).toBe(200);
    expect(answer.body.data.orders.map((order) => order.id).sort()).toEqual([inRegion.id, outOfRegion.id].sort());
    expect(answer.body.data).toMatchObject({ order_count: 2, total: inRegion.total + outOfRegion.total });
    const outside = answer.body.data.orders.find((order) => order.id === outOfRegion.id)!;
    expect(outside).toMatchObject({ customer_phone: '0912777888' });
    expect(outside.customer_address).toMatch(/Cửa Nam/);
  });

  it('shows the manager only the in-region order: no phone, address or total of the other', async () => {
    const answer = await detail(manager.access);
    expect(answer.status).toBe(200);
    expect(answer.body.data.orders.map((order) => order.id)).toEqual([inRegion.id]);
    expect(answer.body.data).toMatchObject({ order_count: 1, total: inRegion.total });
    const text = JSON.stringify(answer.body);
    for (const mark of outsideMarks()) expect(text).not.toContain(mark);
  });

  it('counts only the in-region order in the group list too', async () => {
    const list = (token: string) =>
      kit.server.call<OrderGroupRecord[]>(`/order/api/order-group/?company=${kit.anKhang}&limit=100`, { token });
    const owners = (await list(kit.an.access)).body.data.find((row) => row.id === group.id);
    expect(owners).toMatchObject({ order_count: 2, total: inRegion.total + outOfRegion.total });
    const managers = (await list(manager.access)).body.data.find((row) => row.id === group.id);
    expect(managers).toMatchObject({ order_count: 1, total: inRegion.total });
  });

  it('lists through the group filter of the order list the same orders', async () => {
    const answer = await kit.server.call<OrderRecord[]>(`/order/api/ordercompany/?company=${kit.anKhang}&group=${group.id}`, {
      token: manager.access,
    });
    expect(answer.body.data.map((order) => order.id)).toEqual([inRegion.id]);
  });

  it('cannot put an out-of-region order in a group: "not found", as on its detail, and nothing of it in the answer', async () => {
    const spare = await newOrder('KH000007');
    const answer = await kit.server.call('/order/api/order-group/', {
      token: manager.access,
      body: { company: kit.anKhang, title: 'Tuyến Hà Nội', orders: [spare.id] },
    });
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain(spare.code);
  });

  it('cannot take an out-of-region order out of a group: it stays, as the owner sees', async () => {
    const answer = await kit.server.call<OrderGroupRecord>(`/order/api/order-group/${group.id}/`, {
      method: 'PUT',
      token: manager.access,
      body: { company: kit.anKhang, remove: [outOfRegion.id] },
    });
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data).toMatchObject({ order_count: 1, total: inRegion.total });
    expect((await detail(kit.an.access)).body.data.order_count).toBe(2);
  });

  it('cannot move or delete a group holding another region’s orders: refused, the group as it was', async () => {
    const moved = await kit.server.call<OrderGroupRecord>(`/order/api/order-group/${group.id}/`, {
      method: 'PUT',
      token: manager.access,
      body: { company: kit.anKhang, status: 'cancelled' },
    });
    expect([moved.status, moved.body.error]).toEqual([403, 'FORBIDDEN']);
    expect(moved.body.message).toContain('ngoài phạm vi của bạn');
    const deleted = await kit.server.call(`/order/api/order-group/${group.id}/?company=${kit.anKhang}`, {
      method: 'DELETE',
      token: manager.access,
    });
    expect(deleted.status).toBe(403);
    expect((await detail(kit.an.access)).body.data).toMatchObject({ status: 'open', order_count: 2 });
  });
});

describe('a role that may see groups but not orders', () => {
  it('is refused the groups, whose detail is their orders (customer, phone, total)', async () => {
    const { db } = kit.server.deps;
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.companyId, kit.anKhang), eq(roles.name, 'Quản lý vùng')));
    const { orders: _orders, ...withoutOrders } = role!.permissions as Permissions;
    await db
      .update(roles)
      .set({ permissions: { ...withoutOrders, order_groups: ['view', 'create', 'edit'] } })
      .where(eq(roles.id, role!.id));
    try {
      const one = await detail(manager.access);
      expect([one.status, one.body.error]).toEqual([403, 'FORBIDDEN']);
      expect(JSON.stringify(one.body)).not.toContain(inRegion.id);
      const list = await kit.server.call(`/order/api/order-group/?company=${kit.anKhang}`, { token: manager.access });
      expect(list.status).toBe(403);
    } finally {
      await db.update(roles).set({ permissions: role!.permissions }).where(eq(roles.id, role!.id));
    }
    expect((await detail(manager.access)).status).toBe(200);
  });
});
