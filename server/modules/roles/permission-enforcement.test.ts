/**
 * Role permissions across the existing calls: each seeded role is refused what it may not do (403 with a
 * Vietnamese message, nothing changed), and each sees only its data scope: a rep their own
 * customers, orders and visits, a regional manager their region's, the office the whole company,
 * on lists, details, the dashboard and the device's pull.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import type { DashboardSummary } from '@contract/dashboard';
import type { OrderRecord } from '@contract/orders';
import type { PullAnswer, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { VisitRecord } from '@contract/visits';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { accountCompanies, customers, roles } from '@server/kernel/db/schema';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { unguarded } from '@server/testing/change-log-guard';

let kit: OrderKit;
let rep: LoginAnswer;
let manager: LoginAnswer;
let accountant: LoginAnswer;
let storekeeper: LoginAnswer;
/** Orders: An's in Hồ Chí Minh City and in Hà Nội, and the southern rep's own. */
let orders: { anSouth: OrderRecord; anNorth: OrderRecord; repOwn: OrderRecord };

beforeAll(async () => {
  kit = await startOrderKit();
  const login = (phone: string): Promise<LoginAnswer> => kit.server.login(phone);
  [rep, manager, accountant, storekeeper] = await Promise.all([
    login(DEMO_STAFF.repSouth),
    login(DEMO_STAFF.regionalManager),
    login(DEMO_STAFF.accountant),
    login(DEMO_STAFF.storekeeper),
  ]);
  const smecta = kit.variant('Smecta');
  const line = [{ variant: smecta, unit: 'gói', quantity: 2 }];
  orders = {
    anSouth: await kit.createOrder({ customerCode: 'KH000001', lines: line }),
    anNorth: await kit.createOrder({ customerCode: 'KH000006', lines: line }),
    repOwn: (await kit.submit({ customerCode: 'KH000004', lines: line }, { token: rep.access })).order!,
  };
  expect(orders.repOwn).toBeDefined();
}, 120_000);
afterAll(async () => {
  await kit?.stop();
});

const call = <T = unknown>(path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  kit.server.call<T>(path, { token, ...init });

/** A check-in at a demo customer, as the phone queues it. */
function pushCheckIn(who: LoginAnswer, customerCode: string) {
  const visitId = uuidv7();
  const at = new Date().toISOString();
  const op = {
    opId: uuidv7(),
    type: 'visit.checkIn',
    schemaVersion: 1,
    clientCreatedAt: at,
    payload: { visitId, customerId: kit.customers.get(customerCode)!.id, at, location: null, note: null },
    dependsOn: [],
  };
  return call<PushAnswer>('/sync/push', who.access, { body: { company: kit.anKhang, deviceId: uuidv7(), ops: [op] } });
}

describe('refusals by role', () => {
  it('refuses each role what it may not do, in Vietnamese', async () => {
    const company = kit.anKhang;
    const customerId = kit.customers.get('KH000004')!.id;
    const productId = kit.variant('Smecta').product_id;
    const cases: { who: LoginAnswer; path: string; method?: string; body?: unknown; message: string }[] = [
      // A rep sells and looks after customers; no exporting, approving or catalogue work.
      { who: rep, path: `/order/api/exportdata/?company=${company}`, message: 'Bạn không có quyền xuất dữ liệu mục Đơn hàng' },
      {
        who: rep,
        path: `/order/api/updatestatusordercompany/${orders.repOwn.id}/`,
        method: 'PUT',
        body: { company, status: 'confirmed' },
        message: 'Bạn không có quyền duyệt mục Đơn hàng',
      },
      {
        who: rep,
        path: `/product/api/product/${productId}/?company=${company}`,
        method: 'DELETE',
        message: 'Bạn không có quyền xóa mục Sản phẩm',
      },
      { who: rep, path: `/product/api/pricepolicy/?company=${company}`, message: 'Bạn không có quyền xem mục Chính sách giá' },
      {
        who: rep,
        path: `/customer/api/customer/${customerId}/?company=${company}`,
        method: 'DELETE',
        message: 'Bạn không có quyền xóa mục Khách hàng',
      },
      {
        who: rep,
        path: '/customer/api/customertype/',
        method: 'POST',
        body: { company, title: 'Nhóm mới' },
        message: 'Bạn không có quyền sửa mục Cấu hình công ty',
      },
      { who: rep, path: `/order/api/order-group/?company=${company}`, message: 'Bạn không có quyền xem mục Đơn hàng gộp' },
      // An accountant follows orders and money; no customers to create, no visits, no catalogue edits.
      {
        who: accountant,
        path: '/customer/api/customer/',
        method: 'POST',
        body: { company, name: 'Nhà thuốc Kế Toán Thêm' },
        message: 'Bạn không có quyền thêm mới mục Khách hàng',
      },
      { who: accountant, path: `/visit/api/visits/?company=${company}`, message: 'Bạn không có quyền xem mục Ghé thăm khách hàng' },
      // A storekeeper ships; no customers, no exporting, no approving.
      { who: storekeeper, path: `/customer/api/customer/?company=${company}`, message: 'Bạn không có quyền xem mục Khách hàng' },
      { who: storekeeper, path: `/order/api/exportdata/?company=${company}`, message: 'Bạn không có quyền xuất dữ liệu mục Đơn hàng' },
      {
        who: storekeeper,
        path: `/order/api/updatestatusordercompany/${orders.anSouth.id}/`,
        method: 'PUT',
        body: { company, status: 'confirmed' },
        message: 'Bạn không có quyền duyệt mục Đơn hàng',
      },
      // A regional manager runs people and sales, not the catalogue or company settings.
      {
        who: manager,
        path: `/product/api/product/${productId}/?company=${company}`,
        method: 'DELETE',
        message: 'Bạn không có quyền xóa mục Sản phẩm',
      },
      {
        who: manager,
        path: '/customer/api/customer-level/',
        method: 'POST',
        body: { company, title: 'Bạch kim' },
        message: 'Bạn không có quyền sửa mục Cấu hình công ty',
      },
    ];
    for (const { who, path, method, body, message } of cases) {
      const answer = await call(path, who.access, { method, body });
      expect({ path, method, status: answer.status, message: answer.body.message }).toEqual({ path, method, status: 403, message });
    }
    // Nothing changed: the rep's order still waits, the customer is still there.
    expect(
      (await call<OrderRecord>(`/order/api/ordercompany/${orders.repOwn.id}/?company=${company}`, kit.an.access)).body.data.status,
    ).toBe('pending');
    expect((await call(`/customer/api/customer/${customerId}/?company=${company}`, kit.an.access)).status).toBe(200);
    const product = await call<{ is_active: boolean }>(`/product/api/product/${productId}/?company=${company}`, kit.an.access);
    expect(product.body.data.is_active).toBe(true);
    const created = await call<CustomerRecord[]>(`/customer/api/customer/?company=${company}&search=K%E1%BA%BF%20To%C3%A1n`, kit.an.access);
    expect(created.body.data).toEqual([]);
  });

  it('lets each role do its own work: the accountant exports and confirms, the storekeeper ships', async () => {
    const company = kit.anKhang;
    const exported = await fetch(`${kit.server.url}/api/order/api/exportdata/?company=${company}`, {
      headers: { authorization: `Bearer ${accountant.access}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    const confirmed = await call<OrderRecord>(`/order/api/updatestatusordercompany/${orders.anSouth.id}/`, accountant.access, {
      method: 'PUT',
      body: { company, status: 'confirmed' },
    });
    expect(confirmed.body.data.status).toBe('confirmed');
    const shipping = await call<OrderRecord>(`/order/api/updatestatusordercompany/${orders.anSouth.id}/`, storekeeper.access, {
      method: 'PUT',
      body: { company, status: 'delivering' },
    });
    expect(shipping.body.data.status).toBe('delivering');
  });

  it('lets a rep cancel their own waiting order, not someone else’s', async () => {
    const company = kit.anKhang;
    const mine = (
      await kit.submit(
        { customerCode: 'KH000005', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] },
        { token: rep.access },
      )
    ).order!;
    const other = await call(`/order/api/cancelorder/${orders.anNorth.id}/`, rep.access, {
      method: 'PUT',
      body: { company, reason: 'Thử' },
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Bạn chỉ hủy được đơn hàng của mình khi đơn chưa được xác nhận');
    const cancelled = await call<OrderRecord>(`/order/api/cancelorder/${mine.id}/`, rep.access, {
      method: 'PUT',
      body: { company, reason: 'Khách đổi ý' },
    });
    expect(cancelled.body.data.status).toBe('cancelled');
  });

  it('refuses queued ops the role does not allow, for good, and applies those it does', async () => {
    const refused = (await pushCheckIn(accountant, 'KH000001')).body.data.results[0];
    expect(refused).toMatchObject({
      outcome: 'rejected',
      error: { code: 'FORBIDDEN', message: 'Bạn không có quyền thêm mới mục Ghé thăm khách hàng' },
    });
    expect((await pushCheckIn(rep, 'KH000004')).body.data.results[0]!.outcome).toBe('applied');
  });
});

describe('data scope', () => {
  const listCustomers = (who: LoginAnswer) =>
    call<CustomerRecord[]>(`/customer/api/customer/?company=${kit.anKhang}&limit=100`, who.access).then((answer) =>
      answer.body.data.map((customer) => customer.code).sort(),
    );
  const listOrders = (who: LoginAnswer, query = '') =>
    call<OrderRecord[]>(`/order/api/ordercompany/?company=${kit.anKhang}&limit=200${query}`, who.access).then((answer) =>
      answer.body.data.map((order) => order.id),
    );

  it('shows a rep their customers, the regional manager the region’s, the office everyone', async () => {
    expect(await listCustomers(rep)).toEqual(['KH000004', 'KH000005']);
    // Miền Nam holds Hồ Chí Minh City (79), where KH000001–5, the legacy-address KH000009 and the pharma demo's
    // counters KH000010–11 are.
    expect(await listCustomers(manager)).toEqual([
      'KH000001',
      'KH000002',
      'KH000003',
      'KH000004',
      'KH000005',
      'KH000009',
      'KH000010',
      'KH000011',
    ]);
    expect(await listCustomers(accountant)).toHaveLength(11);
    const outside = await call(`/customer/api/customer/${kit.customers.get('KH000006')!.id}/?company=${kit.anKhang}`, manager.access);
    expect(outside.status).toBe(404);
    const notMine = await call(`/customer/api/customer/${kit.customers.get('KH000001')!.id}/?company=${kit.anKhang}`, rep.access);
    expect(notMine.status).toBe(404);
  });

  it('shows orders the same way, in lists, counts, details and the region filter', async () => {
    const repOrders = await listOrders(rep);
    expect(repOrders).toContain(orders.repOwn.id);
    expect(repOrders).not.toContain(orders.anSouth.id);
    const managerOrders = await listOrders(manager);
    expect(managerOrders).toEqual(expect.arrayContaining([orders.anSouth.id, orders.repOwn.id]));
    expect(managerOrders).not.toContain(orders.anNorth.id);
    expect(await listOrders(accountant)).toEqual(expect.arrayContaining([orders.anSouth.id, orders.anNorth.id, orders.repOwn.id]));
    const detail = await call(`/order/api/ordercompany/${orders.anNorth.id}/?company=${kit.anKhang}`, manager.access);
    expect(detail.status).toBe(404);

    const regions = await call<{ id: number; code: string }[]>(`/region/api/regions/?company=${kit.anKhang}`, kit.an.access);
    const hn = regions.body.data.find((region) => region.code === 'HN')!;
    const inHanoi = await listOrders(kit.an, `&region=${hn.id}`);
    expect(inHanoi).toContain(orders.anNorth.id);
    expect(inHanoi).not.toContain(orders.anSouth.id);
  });

  it('counts only the rep’s own sales on their dashboard, whatever they ask for', async () => {
    const mine = await call<DashboardSummary>(`/order/api/getdashboard/?company=${kit.anKhang}`, rep.access);
    const company = await call<DashboardSummary>(`/order/api/getdashboard/?company=${kit.anKhang}`, kit.an.access);
    const takenCount = (summary: DashboardSummary) => Object.values(summary.by_status).reduce((sum, n) => sum + n, 0);
    expect(takenCount(mine.body.data)).toBeLessThan(takenCount(company.body.data));
    expect(mine.body.data.top_customers.map((row) => row.name)).not.toContain('Nhà thuốc Minh Châu');
  });

  it('lists a rep’s own visits only, and the regional manager those in the region', async () => {
    await pushCheckIn(rep, 'KH000005');
    await pushCheckIn(kit.an, 'KH000002');
    await pushCheckIn(kit.an, 'KH000007');
    const visits = await call<VisitRecord[]>(`/visit/api/visits/?company=${kit.anKhang}&limit=100`, rep.access);
    expect(visits.status).toBe(200);
    expect(visits.body.data.length).toBeGreaterThan(0);
    expect(visits.body.data.every((visit) => visit.account_id === rep.account.id)).toBe(true);
    const regional = await call<VisitRecord[]>(`/visit/api/visits/?company=${kit.anKhang}&limit=100`, manager.access);
    const names = new Set(regional.body.data.map((visit) => visit.customer_name));
    expect(names.has('Nhà thuốc Phúc An')).toBe(true);
    // Hà Nội is outside the manager's region: only visits he made there himself (the demo history has some) are his to see.
    const othersInHanoi = regional.body.data.filter(
      (visit) => visit.customer_name === 'Nhà thuốc Cửa Nam' && visit.account_id !== manager.account.id,
    );
    expect(othersInHanoi).toEqual([]);
  });

  it('mirrors to a rep’s phone only their customers, removes one reassigned away, and restarts when the scope changes', async () => {
    const pull = async (cursor: number, scope?: string) =>
      (
        await call<PullAnswer>(
          `/sync/pull?company=${kit.anKhang}&cursor=${cursor}&limit=1000${scope === undefined ? '' : `&scope=${encodeURIComponent(scope)}`}`,
          rep.access,
        )
      ).body.data;
    const first = await pull(0);
    const codes = first.changes
      .filter((change) => change.entity === 'customer' && change.op === 'upsert')
      .map((change) => (change.data as CustomerRecord).code)
      .sort();
    expect(codes).toEqual(['KH000004', 'KH000005']);
    // Their own customers, and the entities their role may read (sync-pull-reads.test.ts).
    expect(first.scopeKey).toBe(
      `own:${rep.account.id};customer,customer_type,customer_level,visit,visit_settings,route_plan,order,order_type,variant,price_policy,stock,promotion,receivable,rep_credit,payment,pharma_settings,attendance_claim,attendance_settings`,
    );

    // The office hands KH000005 to the northern rep: it leaves this phone.
    const moved = kit.customers.get('KH000005')!.id;
    const repNorth = await kit.server.login(DEMO_STAFF.repNorth);
    const bulk = await call('/customer/api/update-customer/', kit.an.access, {
      method: 'PUT',
      body: { company: kit.anKhang, customers: [moved], changes: { staff_id: repNorth.account.id } },
    });
    expect(bulk.status).toBe(200);
    const next = await pull(first.cursor, first.scopeKey);
    expect(next.reset).toBe(false);
    expect(next.changes).toContainEqual(expect.objectContaining({ entity: 'customer', id: moved, op: 'delete' }));

    // Promoted to regional manager: the phone's mirror was chosen for another scope, so it starts over.
    const [managerRole] = await kit.server.deps.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, kit.anKhang), eq(roles.name, 'Quản lý vùng')));
    const [salesRole] = await kit.server.deps.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, kit.anKhang), eq(roles.name, 'Trình dược viên')));
    const member = and(eq(accountCompanies.companyId, kit.anKhang), eq(accountCompanies.accountId, rep.account.id));
    await kit.server.deps.db.update(accountCompanies).set({ roleId: managerRole!.id }).where(member);
    try {
      const restarted = await pull(next.cursor, next.scopeKey);
      expect(restarted).toMatchObject({ reset: true, changes: [] });
      expect(restarted.scopeKey).toMatch(/^region:/);
      const again = await pull(0);
      const regionCodes = again.changes.filter((change) => change.entity === 'customer' && change.op === 'upsert').length;
      expect(regionCodes).toBe(8);
    } finally {
      await kit.server.deps.db.update(accountCompanies).set({ roleId: salesRole!.id }).where(member);
      await unguarded(kit.server.deps.db, (tx) => tx.update(customers).set({ staffId: rep.account.id }).where(eq(customers.id, moved)));
    }
  });
});
