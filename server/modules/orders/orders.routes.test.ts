import ExcelJS from 'exceljs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@contract/dashboard';
import type { BulkStatusResult, OrderRecord, StatusCounts } from '@contract/orders';
import type { OrderGroupRecord } from '@contract/orders-groups';
import type { PullAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { stockLevel, stockTo } from '@server/testing/warehouse.kit';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { DEMO_STAFF } from '@server/seed/demo-employees';

let kit: OrderKit;
beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

const smecta = () => kit.variant('Smecta');
const newOrder = (customerCode = 'KH000001', quantity = 1) =>
  kit.createOrder({ customerCode, lines: [{ variant: smecta(), unit: 'gói', quantity }] });
const move = (id: string, status: string, reason?: string, token = kit.an.access) =>
  kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${id}/`, {
    method: 'PUT',
    token,
    body: { company: kit.anKhang, status, reason },
  });

describe('status moves', () => {
  it('follows the transition table and records the history', async () => {
    const order = await newOrder();
    expect((await move(order.id, 'confirmed')).body.data.status).toBe('confirmed');
    const back = await move(order.id, 'pending');
    expect([back.status, back.body.error, back.body.message]).toEqual([
      409,
      'ORDER_TRANSITION_INVALID',
      'Không thể chuyển đơn hàng từ "Đã xác nhận" sang "Chờ xác nhận"',
    ]);
    expect((await move(order.id, 'delivering')).status).toBe(200);
    expect((await move(order.id, 'completed')).status).toBe(200);
    const late = await move(order.id, 'cancelled', 'Khách đổi ý');
    expect(late.body.message).toBe('Đơn hàng "Hoàn thành" không thể chuyển trạng thái nữa');
    const detail = await kit.server.call<OrderRecord>(`/order/api/ordercompany/${order.id}/?company=${kit.anKhang}`, {
      token: kit.an.access,
    });
    const history = (detail.body.bonus as { history: { from: string | null; to: string }[] }).history;
    expect(history.map((step) => [step.from, step.to])).toEqual([
      [null, 'pending'],
      ['pending', 'confirmed'],
      ['confirmed', 'delivering'],
      ['delivering', 'completed'],
    ]);
  });

  it('needs a reason to refuse or cancel, and cancelling gives the reserved stock back', async () => {
    const berberin = kit.variant('Berberin 100mg');
    await stockTo(kit.server, kit.an.access, kit.anKhang, berberin, 1000);
    const order = await kit.createOrder({ customerCode: 'KH000002', lines: [{ variant: berberin, unit: 'lọ', quantity: 3 }] });
    const reserved = async () => (await stockLevel(kit.server, kit.anKhang, berberin.id)).reserved;
    expect(await reserved()).toBe(300);
    const noReason = await move(order.id, 'rejected');
    expect([noReason.status, noReason.body.fields?.reason]).toEqual([400, 'Vui lòng nhập lý do']);
    const cancel = await kit.server.call<OrderRecord>(`/order/api/cancelorder/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, reason: 'Khách hủy qua điện thoại' },
    });
    expect(cancel.body.data).toMatchObject({ status: 'cancelled', status_reason: 'Khách hủy qua điện thoại' });
    expect(await reserved()).toBe(0);
    const emptyReason = await kit.server.call(`/order/api/cancelorder/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, reason: '  ' },
    });
    expect(emptyReason.body.fields?.reason).toBe('Vui lòng nhập lý do hủy');
  });

  it('moves many at once, reporting each order, none half-applied', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const done = await newOrder();
    await move(done.id, 'cancelled', 'Trùng đơn');
    const answer = await kit.server.call<BulkStatusResult[]>('/order/api/updateliststatusorder/', {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, orders: [a.id, b.id, done.id, uuidv7()], status: 'confirmed' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((result) => [result.ok, result.status])).toEqual([
      [true, 'confirmed'],
      [true, 'confirmed'],
      [false, 'cancelled'],
      [false, null],
    ]);
    expect(answer.body.data[2]!.message).toBe('Đơn hàng "Đã hủy" không thể chuyển trạng thái nữa');
    expect(answer.body.data[3]!.message).toBe('Không tìm thấy đơn hàng');
    expect(answer.body.message).toBe('Đã cập nhật 2/4 đơn hàng');
  });

  it('updates payment (by hand while RECEIVABLE is off) and the editable fields', async () => {
    const order = await newOrder();
    const receivables = (on: boolean) =>
      kit.server.call('/company/api/functiononoff/', {
        method: 'PUT',
        token: kit.an.access,
        body: { company: kit.anKhang, code: 'RECEIVABLE', is_enabled: on },
      });
    const setPaid = () =>
      kit.server.call<OrderRecord>(`/order/api/orderpayment/${order.id}/`, {
        method: 'PUT',
        token: kit.an.access,
        body: { company: kit.anKhang, payment_status: 'paid' },
      });
    // With RECEIVABLE on, payments decide it (server/modules/receivables).
    expect((await setPaid()).status).toBe(409);
    await receivables(false);
    try {
      expect((await setPaid()).body.data.payment_status).toBe('paid');
    } finally {
      await receivables(true);
    }
    const edited = await kit.server.call<OrderRecord>(`/order/api/ordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, note: 'Gọi trước khi giao', deliveryDate: '2026-11-25' },
    });
    expect(edited.body.data).toMatchObject({ note: 'Gọi trước khi giao', delivery_date: '2026-11-25' });
    const badStatus = await move(order.id, 'shipped');
    expect([badStatus.status, badStatus.body.fields?.status]).toEqual([400, 'Trạng thái không hợp lệ']);
  });
});

describe('list, counts and export', () => {
  it('filters by status, search, customer, province and date, with counts per status', async () => {
    const order = await newOrder('KH000006', 2);
    const list = (query: string) =>
      kit.server.call<OrderRecord[]>(`/order/api/ordercompany/?company=${kit.anKhang}${query}`, { token: kit.an.access });
    const byCode = await list(`&search=${order.code!.toLowerCase()}`);
    expect(byCode.body.data.map((row) => row.id)).toEqual([order.id]);
    expect((await list('&search=benh vien hoan kiem')).body.data.map((row) => row.id)).toContain(order.id);
    expect((await list(`&customer=${order.customer_id}`)).body.data.every((row) => row.customer_id === order.customer_id)).toBe(true);
    expect((await list('&province=01')).body.data.every((row) => row.province_code === '01')).toBe(true);
    expect((await list('&area=MB')).body.data.some((row) => row.id === order.id)).toBe(true);
    expect((await list('&area=MN')).body.data.some((row) => row.id === order.id)).toBe(false);
    expect((await list('&date_from=2020-01-01&date_to=2020-12-31')).body.count).toBe(0);
    // The total is of every order the filter finds (the demo's history makes them more than one page).
    const all = await list('&limit=200');
    let listed = all.body.data;
    for (let page = 2; listed.length < (all.body.count ?? 0); page += 1)
      listed = [...listed, ...(await list(`&limit=200&page=${page}`)).body.data];
    expect(all.body.bonus).toEqual({ total_amount: listed.reduce((sum, row) => sum + row.total, 0) });
    const counts = await kit.server.call<StatusCounts>(`/order/api/countorder/?company=${kit.anKhang}`, { token: kit.an.access });
    expect(counts.body.data.all).toBe(all.body.count);
    expect(
      counts.body.data.pending +
        counts.body.data.confirmed +
        counts.body.data.cancelled +
        counts.body.data.completed +
        counts.body.data.delivering +
        counts.body.data.rejected +
        counts.body.data.draft,
    ).toBe(all.body.count);
    expect((await list('&status=nothing')).status).toBe(400);
  });

  it('answers 400, not 500, for days that do not exist, text with a NUL character and ids past int4', async () => {
    const get = (path: string) => kit.server.call(`/order/api/${path}`, { token: kit.an.access });
    for (const path of [
      `ordercompany/?company=${kit.anKhang}&date_from=2026-13-45`,
      `countorder/?company=${kit.anKhang}&date_from=0000-00-00`,
      `getdashboard/?company=${kit.anKhang}&date_to=2026-02-30`,
      `exportdata/?company=${kit.anKhang}&date_to=0000-00-00`,
      `ordercompany/?company=${kit.anKhang}&search=Smecta%00`,
    ]) {
      const answer = await get(path);
      expect([path, answer.status, answer.body.error], answer.body.message).toEqual([path, 400, 'VALIDATION_FAILED']);
      expect(answer.body.message).toMatch(/không hợp lệ|NUL/);
    }
    const order = await newOrder();
    const past = await kit.server.call(`/order/api/ordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: 2_147_483_648, note: 'Công ty ngoài int4' },
    });
    expect([past.status, past.body.fields?.company]).toEqual([400, 'Công ty không hợp lệ']);
    const group = await kit.server.call('/order/api/order-group/', {
      token: kit.an.access,
      body: { company: kit.anKhang, title: 'Chuyến giao\u0000', delivery_date: '2026-11-31' },
    });
    expect(group.status).toBe(400);
  });

  it('exports the filtered list to Excel with Vietnamese headers', async () => {
    const response = await fetch(`${kit.server.url}/api/order/api/exportdata/?company=${kit.anKhang}&status=pending`, {
      headers: { authorization: `Bearer ${kit.an.access}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="don-hang-\d{8}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Đơn hàng')!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Mã đơn', 'Khách hàng', 'Trạng thái', 'Tổng tiền']));
    const headers = sheet.getRow(1).values as unknown[];
    const statuses = new Set<string>();
    const created: ExcelJS.Cell[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) statuses.add(String(row.getCell(headers.indexOf('Trạng thái')).value));
      if (index > 1) created.push(row.getCell(headers.indexOf('Ngày tạo')));
    });
    expect([...statuses]).toEqual(['Chờ xác nhận']);
    // Ngày tạo is a date cell shown as Vietnamese sheets write it (the day first, then the time).
    expect(created.length).toBeGreaterThan(0);
    for (const cell of created) expect([cell.value instanceof Date, cell.numFmt]).toEqual([true, 'dd/mm/yyyy hh:mm']);
  });

  it('remembers each person’s columns', async () => {
    const read = () => kit.server.call<{ columns: string[] }>(`/order/api/order-table/?company=${kit.anKhang}`, { token: kit.an.access });
    expect((await read()).body.data.columns).toEqual(['code', 'created_at', 'customer', 'staff', 'status', 'total']);
    await kit.server.call('/order/api/order-table/', {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, columns: ['code', 'total', 'note'] },
    });
    expect((await read()).body.data.columns).toEqual(['code', 'total', 'note']);
    const bad = await kit.server.call('/order/api/order-table/', {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, columns: ['password'] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('dashboard', () => {
  it('counts sales only once confirmed, by day and by customer', async () => {
    const order = await newOrder('KH000004', 5);
    const before = await kit.server.call<DashboardSummary>(`/order/api/getdashboard/?company=${kit.anKhang}`, { token: kit.an.access });
    await move(order.id, 'confirmed');
    const after = await kit.server.call<DashboardSummary>(`/order/api/getdashboard/?company=${kit.anKhang}`, { token: kit.an.access });
    expect(after.body.data.today.revenue - before.body.data.today.revenue).toBe(order.total);
    expect(after.body.data.month.revenue).toBeGreaterThanOrEqual(after.body.data.today.revenue);
    expect(after.body.data.by_day).toHaveLength(30);
    expect(after.body.data.by_day.at(-1)!.revenue).toBe(after.body.data.today.revenue);
    // Today's best customers: this month's are the demo history's larger orders.
    const today = after.body.data.by_day.at(-1)!.day;
    const todays = await kit.server.call<DashboardSummary>(
      `/order/api/getdashboard/?company=${kit.anKhang}&date_from=${today}&date_to=${today}`,
      {
        token: kit.an.access,
      },
    );
    expect(todays.body.data.top_customers.map((row) => row.name)).toContain('Phòng khám Đa khoa Sài Gòn');
    expect(after.body.data.top_products[0]).toMatchObject({ name: expect.any(String), unit: expect.any(String) });
    const mine = await kit.server.call<DashboardSummary>(`/order/api/getdashboard/?company=${kit.anKhang}&account=999999`, {
      token: kit.an.access,
    });
    expect(mine.body.data.today).toEqual({ revenue: 0, orders: 0 });
    const bad = await kit.server.call(`/order/api/getdashboard/?company=${kit.anKhang}&date_from=2026-12-01&date_to=2026-11-01`, {
      token: kit.an.access,
    });
    expect(bad.body.message).toBe('Ngày bắt đầu phải trước ngày kết thúc');
  });
});

describe('first steps', () => {
  const dashboard = (company: number, token = kit.an.access) =>
    kit.server.call<DashboardSummary>(`/order/api/getdashboard/?company=${company}`, { token });

  it('tell a new company’s administrator what is left to do, tick what is done, and are for the administrator only', async () => {
    const made = await kit.server.call<{ id: number }>('/company/api/company/', {
      token: kit.an.access,
      body: { title: 'Công ty Thử Bước Đầu', type: 'Khác' },
    });
    expect((await dashboard(made.body.data.id)).body.data.first_steps).toEqual({
      product: false,
      customer: false,
      member: false,
      order: false,
    });
    expect((await dashboard(kit.anKhang)).body.data.first_steps).toEqual({ product: true, customer: true, member: true, order: true });
    const accountant = await kit.server.login(DEMO_STAFF.accountant);
    const answer = await dashboard(kit.anKhang, accountant.access);
    expect([answer.status, answer.body.data.first_steps]).toEqual([200, null]);
  });
});

describe('group orders', () => {
  it('groups orders for one delivery run and moves them with it', async () => {
    const a = await newOrder('KH000001');
    const b = await newOrder('KH000002');
    await move(a.id, 'confirmed');
    await move(b.id, 'confirmed');
    const group = await kit.server.call<OrderGroupRecord>('/order/api/order-group/', {
      token: kit.an.access,
      body: { company: kit.anKhang, title: 'Tuyến Quận 1 sáng thứ Hai', orders: [a.id, b.id] },
    });
    expect(group.status).toBe(201);
    expect(group.body.data).toMatchObject({
      code: expect.stringMatching(/^GH\d{6}$/),
      order_count: 2,
      status: 'open',
      total: a.total + b.total,
    });
    const taken = await kit.server.call('/order/api/order-group/', {
      token: kit.an.access,
      body: { company: kit.anKhang, title: 'Nhóm khác', orders: [a.id] },
    });
    expect(taken.status).toBe(409);
    // The orders a new run can still take: in no group.
    const free = await kit.server.call<OrderRecord[]>(
      `/order/api/ordercompany/?company=${kit.anKhang}&group=none&status=confirmed&limit=200`,
      {
        token: kit.an.access,
      },
    );
    expect(free.body.data.map((order) => order.id)).not.toEqual(expect.arrayContaining([a.id]));
    expect(free.body.data.every((order) => order.group_id === null)).toBe(true);
    const inGroup = await kit.server.call<OrderRecord[]>(`/order/api/ordercompany/?company=${kit.anKhang}&group=${group.body.data.id}`, {
      token: kit.an.access,
    });
    expect(inGroup.body.data.map((order) => order.id).sort()).toEqual([a.id, b.id].sort());
    const started = await kit.server.call<OrderGroupRecord>(`/order/api/order-group/${group.body.data.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'delivering' },
    });
    expect(started.body.data.status).toBe('delivering');
    const detail = await kit.server.call<OrderGroupRecord & { orders: OrderRecord[] }>(
      `/order/api/order-group/${group.body.data.id}/?company=${kit.anKhang}`,
      { token: kit.an.access },
    );
    expect(detail.body.data.orders.map((order) => order.status)).toEqual(['delivering', 'delivering']);
    const finished = await kit.server.call<OrderGroupRecord>(`/order/api/order-group/${group.body.data.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'done' },
    });
    expect(finished.body.data.status).toBe('done');
    const reopen = await kit.server.call(`/order/api/order-group/${group.body.data.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'open' },
    });
    expect(reopen.status).toBe(409);
  });

  it('lets its orders go when cancelled, and the phones holding them hear it', async () => {
    const a = await newOrder('KH000001');
    await move(a.id, 'confirmed');
    const group = await kit.server.call<OrderGroupRecord>('/order/api/order-group/', {
      token: kit.an.access,
      body: { company: kit.anKhang, title: 'Tuyến hủy', orders: [a.id] },
    });
    const pull = (cursor: number) =>
      kit.server.call<PullAnswer>(`/sync/pull?company=${kit.anKhang}&cursor=${cursor}&limit=1000`, { token: kit.an.access });
    // The phone has everything up to now.
    let page = await pull(0);
    while (page.body.data.hasMore) page = await pull(page.body.data.cursor);
    const cursor = page.body.data.cursor;
    const cancelled = await kit.server.call<OrderGroupRecord>(`/order/api/order-group/${group.body.data.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'cancelled' },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', order_count: 0 });
    const after = await pull(cursor);
    expect(after.body.data.changes.filter((change) => change.entity === 'order').map((change) => change.id)).toContain(a.id);
  });

  it('is refused where the service is off', async () => {
    const answer = await kit.server.call(`/order/api/order-group/?company=${kit.minhPhat}`, { token: kit.binh.access });
    expect([answer.status, answer.body.message]).toEqual([403, 'Công ty chưa bật chức năng Đơn hàng gộp']);
  });
});

describe('tenant isolation', () => {
  it('answers another company’s member with 403 and no data, and hides ids across companies', async () => {
    const order = await newOrder();
    for (const path of [
      `/order/api/ordercompany/?company=${kit.anKhang}`,
      `/order/api/ordercompany/${order.id}/?company=${kit.anKhang}`,
      `/order/api/countorder/?company=${kit.anKhang}`,
      `/order/api/getdashboard/?company=${kit.anKhang}`,
      `/order/api/exportdata/?company=${kit.anKhang}`,
      `/order/api/order-table/?company=${kit.anKhang}`,
    ]) {
      const answer = await kit.server.call(path, { token: kit.binh.access });
      expect([path, answer.status, answer.body.data]).toEqual([path, 403, null]);
    }
    const moved = await kit.server.call(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.binh.access,
      body: { company: kit.minhPhat, status: 'confirmed' },
    });
    expect(moved.status).toBe(404);
    const bulk = await kit.server.call<BulkStatusResult[]>('/order/api/updateliststatusorder/', {
      method: 'PUT',
      token: kit.binh.access,
      body: { company: kit.minhPhat, orders: [order.id], status: 'confirmed' },
    });
    expect(bulk.body.data[0]).toMatchObject({ ok: false, status: null });
    const still = await kit.server.call<OrderRecord>(`/order/api/ordercompany/${order.id}/?company=${kit.anKhang}`, {
      token: kit.an.access,
    });
    expect(still.body.data.status).toBe('pending');
  });
});
