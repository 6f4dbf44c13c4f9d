/**
 * Recall campaigns over HTTP on the demo company: opened from a lot and from a registration number
 * (lots marked Thu hồi, never shipped after), who received it, the notices recorded (a rep's task,
 * a ZNS that says why it did not go), returns booked as return receipts held in quarantine,
 * returned against shipped, overdue past the legal deadline, closing, the close-out Excel,
 * permissions, another company's campaign, and bad input refused in Vietnamese.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@contract/calendar-days';
import { customerPaths } from '@contract/customers';
import type { OrderRecord } from '@contract/orders';
import type { RecallDetail, RecallRecord } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import type { LotRecord } from '@contract/warehouse';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { notifications, stockLotBalances, stockLots, stockReceipts, zaloMessages, zaloOas, zaloTemplates } from '@server/kernel/db/schema';
import { NO_ZALO_OA, queueCustomerZns } from '@server/modules/messaging';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

const RECALL_LINKS_MIGRATION = path.resolve(import.meta.dirname, '../../kernel/db/migrations/0051_recall_notice_links.sql');

let kit: OrderKit;
const today = vietnamDay();
const days = (n: number) => addDays(today, n);

beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

const call = <T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
  kit.server.call<T>(path, { token: kit.an.access, ...options });
const move = (order: OrderRecord, status: string) =>
  call<OrderRecord>(`/order/api/updatestatusordercompany/${order.id}/`, { method: 'PUT', body: { company: kit.anKhang, status } });

async function lotsOf(variantId: number): Promise<LotRecord[]> {
  return (await call<LotRecord[]>(`/warehouse/api/shipments/?company=${kit.anKhang}&variant=${variantId}&limit=100`)).body.data;
}

/** Stocks a fresh lot and holds the variant's other lots apart, so orders ship from this one. */
async function soleLot(productName: string, lotNo: string, quantity: number) {
  const variant = kit.variant(productName);
  const base = variant.units.find((unit) => unit.factor === 1)!;
  const stocked = await call<ReceiptDetail>('/warehouse/api/importreceipt/', {
    body: {
      company: kit.anKhang,
      document_date: today,
      status: 'completed',
      lines: [{ variant_id: variant.id, unit: base.unit, quantity, unit_price: 1_000, lot_no: lotNo, expires_on: days(500) }],
    },
  });
  expect(stocked.status, stocked.body.message).toBe(201);
  for (const other of (await lotsOf(variant.id)).filter((lot) => lot.lot_no !== lotNo && lot.status === 'usable')) {
    const held = await call(`/warehouse/api/shipments/${other.id}/status/`, {
      method: 'PUT',
      body: { company: kit.anKhang, status: 'quarantine', reason: 'Giữ riêng cho kiểm thử thu hồi' },
    });
    expect(held.status).toBe(200);
  }
  const lot = (await lotsOf(variant.id)).find((entry) => entry.lot_no === lotNo)!;
  return { variant, base, lot };
}

async function shipTo(customerCode: string, variant: ReturnType<OrderKit['variant']>, unit: string, quantity: number) {
  const order = await kit.createOrder({ customerCode, lines: [{ variant, unit, quantity }] });
  expect((await move(order, 'confirmed')).status).toBe(200);
  const shipped = await move(order, 'delivering');
  expect(shipped.status, shipped.body.message).toBe(200);
  return order;
}

const open = (body: Record<string, unknown>, token = kit.an.access) =>
  call<RecallDetail>('/pharma/api/recalls/', {
    token,
    body: { company: kit.anKhang, level: 2, decision_number: '123/QĐ-QLD', decision_date: today, reason: 'Không đạt độ hòa tan', ...body },
  });
const bookReturn = (id: number, body: Record<string, unknown>) =>
  call<RecallDetail>(`/pharma/api/recalls/${id}/returns/`, { body: { company: kit.anKhang, document_date: today, ...body } });

describe('a recall campaign from a lot', () => {
  let campaign: RecallDetail;
  let lotId: number;
  let waiting: OrderRecord;
  const customer = (code: string) => kit.customers.get(code)!;

  it('opens at level 2 with a deadline 15 days from the decision, marks the lot recalled and lists who received it', async () => {
    const { variant, base, lot } = await soleLot('Decolgen Forte', 'RC-LOT-A', 100);
    lotId = lot.id;
    await shipTo('KH000004', variant, base.unit, 30);
    await shipTo('KH000002', variant, base.unit, 20);
    // Taken and confirmed before the recall: it holds stock of the lot but has not left.
    waiting = await kit.createOrder({ customerCode: 'KH000001', lines: [{ variant, unit: base.unit, quantity: 5 }] });
    expect((await move(waiting, 'confirmed')).status).toBe(200);
    const answer = await open({ scope: 'lot', lot_id: lot.id });
    expect(answer.status, answer.body.message).toBe(201);
    campaign = answer.body.data;
    expect(campaign).toMatchObject({
      level: 2,
      deadline: days(15),
      status: 'open',
      lot_nos: ['RC-LOT-A'],
      shipped: 50,
      returned: 0,
      customer_count: 2,
      overdue_customers: 0,
    });
    expect(campaign.level_rule.source).toMatch(/Luật Dược 2016/);
    expect(campaign.code).toMatch(/^TH\d{6}$/);
    const byCode = new Map(campaign.customers.map((row) => [row.customer_code, row]));
    expect(byCode.get('KH000004')).toMatchObject({ shipped: 30, returned: 0, outstanding: 30, overdue: false, rep_name: 'Lê Văn Trình' });
    expect(byCode.get('KH000002')).toMatchObject({ shipped: 20, outstanding: 20 });
    const after = (await lotsOf(variant.id)).find((entry) => entry.id === lot.id)!;
    expect(after.status).toBe('recalled');
    expect(after.status_reason).toContain(campaign.code);
  });

  it('never sells nor ships the recalled lot afterwards', async () => {
    const ship = await move(waiting, 'delivering');
    expect([ship.status, ship.body.error]).toEqual([409, 'STOCK_INSUFFICIENT']);
    const variant = kit.variant('Decolgen Forte');
    const base = variant.units.find((unit) => unit.factor === 1)!;
    const sale = await kit.submit({ customerCode: 'KH000001', lines: [{ variant, unit: base.unit, quantity: 5 }] });
    expect(sale.order).toBeUndefined();
    expect(sale.error?.message).toContain('Decolgen Forte đã hết hàng');
  });

  it("records a task for each customer's rep, opening a page the rep may read, and a ZNS that says why it did not go", async () => {
    const notices = campaign.notices.filter((notice) => notice.customer_id === customer('KH000004').id);
    expect(notices.find((notice) => notice.channel === 'app')).toMatchObject({ status: 'sent', detail: 'đã giao việc cho Lê Văn Trình' });
    expect(notices.find((notice) => notice.channel === 'zns')).toMatchObject({
      status: 'not_sent',
      detail: 'chưa gửi: chưa chọn mẫu ZNS cho thông báo này',
    });
    const rep = await kit.server.login('0912000001');
    const [task] = await kit.server.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, rep.account.id),
          eq(notifications.kind, 'recall_notice'),
          eq(notifications.subjectKey, `recall:${campaign.id}:${customer('KH000004').id}`),
        ),
      );
    // The customer's page, not the campaign's: the warehouse's recall pages refuse a rep (below).
    expect(task).toMatchObject({ link: `/customers/${customer('KH000004').id}`, resolvedAt: null });
    expect(task!.title).toBe('Thu hồi Decolgen Forte lô RC-LOT-A: Phòng khám Đa khoa Sài Gòn');
    const opened = await call(`${customerPaths.customer(customer('KH000004').id)}?company=${kit.anKhang}`, { token: rep.access });
    expect(opened.status).toBe(200);

    // A task sent before the link changed opens the customer too, once migration 0051 ran.
    await kit.server.deps.db
      .update(notifications)
      .set({ link: `/recall/${campaign.id}` })
      .where(eq(notifications.id, task!.id));
    await kit.server.deps.db.execute(sql.raw(await fs.readFile(RECALL_LINKS_MIGRATION, 'utf8')));
    const [migrated] = await kit.server.deps.db.select().from(notifications).where(eq(notifications.id, task!.id));
    expect(migrated!.link).toBe(`/customers/${customer('KH000004').id}`);
  });

  it('says a ZNS cannot go for a company without a Zalo OA', async () => {
    const result = await kit.server.deps.db.transaction((tx) =>
      queueCustomerZns(tx, {
        companyId: kit.minhPhat,
        customerId: customer('KH000004').id,
        templateRowId: 1,
        key: 'recall-test',
        origin: 'recall:test',
        sentBy: kit.an.account.id,
      }),
    );
    expect(result).toEqual({ queued: false, detail: NO_ZALO_OA });
  });

  it('books returns as return receipts held in quarantine, and refuses more than is still at the customer', async () => {
    const before = await lotBalance(lotId);
    const answer = await bookReturn(campaign.id, { customer_id: customer('KH000004').id, lot_id: lotId, quantity: 25 });
    expect(answer.status, answer.body.message).toBe(201);
    expect(answer.body.message).toMatch(/^Đã nhập trả vào kho biệt trữ: phiếu PN\d{6}$/);
    const row = answer.body.data.customers.find((entry) => entry.customer_code === 'KH000004')!;
    expect(row).toMatchObject({ shipped: 30, returned: 25, outstanding: 5 });
    expect(answer.body.data).toMatchObject({ shipped: 50, returned: 25 });
    const after = await lotBalance(lotId);
    expect(after.onHand - before.onHand).toBe(25);
    expect(after.held - before.held).toBe(25);
    const [receipt] = await kit.server.deps.db
      .select()
      .from(stockReceipts)
      .where(and(eq(stockReceipts.companyId, kit.anKhang), eq(stockReceipts.id, answer.body.data.returns[0]!.receipt_id)));
    expect(receipt).toMatchObject({ kind: 'import', isReturn: true, status: 'completed' });
    const [lot] = await kit.server.deps.db.select().from(stockLots).where(eq(stockLots.id, lotId));
    expect(lot!.status).toBe('recalled');

    const tooMany = await bookReturn(campaign.id, { customer_id: customer('KH000004').id, lot_id: lotId, quantity: 6 });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, expect.stringMatching(/^Khách hàng chỉ còn 5 .* của lô này chưa trả/)]);
    const stranger = await bookReturn(campaign.id, { customer_id: customer('KH000001').id, lot_id: lotId, quantity: 1 });
    expect([stranger.status, stranger.body.message]).toEqual([400, 'Khách hàng này không nhận lô này nên không có hàng để thu hồi']);
  });

  it('resolves the rep task once the customer returned everything', async () => {
    const answer = await bookReturn(campaign.id, { customer_id: customer('KH000004').id, lot_id: lotId, quantity: 5 });
    expect(answer.status).toBe(201);
    const tasks = await kit.server.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.kind, 'recall_notice'), eq(notifications.subjectKey, `recall:${campaign.id}:${customer('KH000004').id}`)),
      );
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((task) => task.resolvedAt !== null)).toBe(true);
  });

  it('refuses a second open campaign on the same lot', async () => {
    const again = await open({ scope: 'lot', lot_id: lotId });
    expect([again.status, again.body.message]).toEqual([409, expect.stringContaining(`đang trong đợt thu hồi ${campaign.code}`)]);
  });

  it('writes the close-out report with number and date cells', async () => {
    const response = await fetch(`${kit.server.url}/api/pharma/api/recalls/${campaign.id}/export/?company=${kit.anKhang}`, {
      headers: { authorization: `Bearer ${kit.an.access}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => headers.indexOf(name) + 1;
    const rows = [...Array(sheet.rowCount - 1).keys()].map((index) => sheet.getRow(index + 2));
    const mine = rows.find((row) => row.getCell(column('Mã khách hàng')).value === 'KH000004')!;
    expect(mine.getCell(column('Đã giao')).value).toBe(30);
    expect(mine.getCell(column('Đã thu hồi')).value).toBe(30);
    expect(mine.getCell(column('Hạn hoàn thành')).value).toBeInstanceOf(Date);
    expect((mine.getCell(column('Hạn hoàn thành')).value as Date).toISOString().slice(0, 10)).toBe(days(15));
  });

  it('closes only with a note while goods are still out; then takes no more returns', async () => {
    const bare = await call<RecallDetail>(`/pharma/api/recalls/${campaign.id}/close/`, { method: 'PUT', body: { company: kit.anKhang } });
    expect([bare.status, bare.body.message]).toEqual([400, 'Còn hàng chưa thu hồi: ghi lý do đóng đợt']);
    const closed = await call<RecallDetail>(`/pharma/api/recalls/${campaign.id}/close/`, {
      method: 'PUT',
      body: { company: kit.anKhang, note: 'Nhà thuốc Phúc An đã bán hết, có biên bản' },
    });
    expect(closed.status, closed.body.message).toBe(200);
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      close_note: 'Nhà thuốc Phúc An đã bán hết, có biên bản',
      closed_by_name: 'Nguyễn Văn An',
    });
    const late = await bookReturn(campaign.id, { customer_id: customer('KH000002').id, lot_id: lotId, quantity: 1 });
    expect(late.status).toBe(409);
  });
});

describe('a recall campaign from a registration number', () => {
  it('covers every lot of the registration, and is overdue once the level-1 deadline has passed', async () => {
    const { variant, base } = await soleLot('Tiffy Dey', 'RC-REG-A', 40);
    await shipTo('KH000004', variant, base.unit, 12);
    const registration = 'VD-23698-15';
    await shipTo('KH000002', variant, base.unit, 8);
    // An approved template whose data binds to the customer and the company only.
    const db = kit.server.deps.db;
    const [oa] = await db.select().from(zaloOas).where(eq(zaloOas.companyId, kit.anKhang)).limit(1);
    const [template] = await db
      .insert(zaloTemplates)
      .values({
        companyId: kit.anKhang,
        oaRowId: oa!.id,
        templateId: '990001',
        name: 'Thông báo thu hồi thuốc',
        status: 'enabled',
        params: [
          { name: 'customer_name', type: 'STRING', require: true, max_length: 100 },
          { name: 'company_name', type: 'STRING', require: true, max_length: 100 },
        ],
        bindings: { customer_name: { field: 'customer.name' }, company_name: { field: 'company.name' } },
      })
      .returning();
    const answer = await open({
      scope: 'registration',
      registration_number: registration.toLowerCase(),
      level: 1,
      decision_date: days(-10),
      zns_template: template!.id,
    });
    expect(answer.status, answer.body.message).toBe(201);
    const campaign = answer.body.data;
    const lots = await lotsOf(variant.id);
    expect(new Set(campaign.lot_nos)).toEqual(new Set(lots.map((lot) => lot.lot_no)));
    expect(lots.every((lot) => lot.status === 'recalled')).toBe(true);
    expect(campaign).toMatchObject({ registration_number: registration, deadline: days(-7) });
    const row = campaign.customers.find((entry) => entry.customer_code === 'KH000004')!;
    expect(row).toMatchObject({ shipped: 12, overdue: true });
    const zns = (code: string) =>
      campaign.notices.find((notice) => notice.channel === 'zns' && notice.customer_id === kit.customers.get(code)!.id);
    expect(zns('KH000002')).toMatchObject({
      status: 'queued',
      detail: 'đã xếp hàng gửi ZNS "Thông báo thu hồi thuốc" tới 0909111222',
      message: expect.stringMatching(/^(Đang chờ gửi|Đã gửi|Gửi lỗi)/),
    });
    expect(zns('KH000004')).toMatchObject({ status: 'not_sent', detail: 'chưa gửi: khách hàng chưa có số điện thoại di động hợp lệ' });
    const [message] = await db
      .select()
      .from(zaloMessages)
      .where(eq(zaloMessages.origin, `recall:${campaign.code}`));
    expect(message).toMatchObject({ kind: 'zns', phone: '0909111222', templateData: { customer_name: 'Nhà thuốc Phúc An' } });
    const list = await call<RecallRecord[]>(`/pharma/api/recalls/?company=${kit.anKhang}&status=open&search=${campaign.code}`);
    expect(list.body.data).toEqual([expect.objectContaining({ id: campaign.id, overdue_customers: campaign.overdue_customers })]);
    expect(campaign.overdue_customers).toBeGreaterThan(0);
  });

  it('refuses a registration number with no lot, in Vietnamese', async () => {
    const answer = await open({ scope: 'registration', registration_number: 'VD-00000-00' });
    expect([answer.status, answer.body.message]).toEqual([400, 'Chưa có lô nào của số đăng ký VD-00000-00']);
  });
});

describe('who may', () => {
  it("refuses a rep without the warehouse permission, another company's members, and a campaign of another company", async () => {
    const rep = await kit.server.login('0912000001');
    expect((await call(`/pharma/api/recalls/?company=${kit.anKhang}`, { token: rep.access })).status).toBe(403);
    const keeper = await kit.server.login('0912000005');
    expect((await call(`/pharma/api/recalls/?company=${kit.anKhang}`, { token: keeper.access })).status).toBe(200);
    const [first] = (await call<RecallRecord[]>(`/pharma/api/recalls/?company=${kit.anKhang}`)).body.data;
    expect((await call(`/pharma/api/recalls/${first!.id}/?company=${kit.anKhang}`, { token: kit.binh.access })).status).toBe(403);
    // Minh Phát's owner, in their own company, naming An Khang's campaign.
    const elsewhere = await call(`/pharma/api/recalls/${first!.id}/?company=${kit.minhPhat}`, { token: kit.binh.access });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, 'Không tìm thấy đợt thu hồi']);
    const closeElsewhere = await call(`/pharma/api/recalls/${first!.id}/close/`, {
      method: 'PUT',
      token: kit.binh.access,
      body: { company: kit.minhPhat, note: 'x' },
    });
    expect(closeElsewhere.status).toBe(404);
    const exportElsewhere = await call(`/pharma/api/recalls/${first!.id}/export/?company=${kit.minhPhat}`, { token: kit.binh.access });
    expect(exportElsewhere.status).toBe(404);
  });

  it('refuses bad input with a 400 in Vietnamese that names the field', async () => {
    const answer = await open({ scope: 'lot', lot_id: 1, level: 5 });
    expect([answer.status, answer.body.message]).toEqual([400, 'Mức độ thu hồi phải là 1, 2 hoặc 3']);
    const future = await open({ scope: 'lot', lot_id: 1, decision_date: days(3) });
    expect([future.status, future.body.message]).toEqual([400, 'Ngày quyết định không được sau hôm nay']);
    const missing = await call(`/pharma/api/recalls/999999/?company=${kit.anKhang}`);
    expect(missing.status).toBe(404);
  });
});

async function lotBalance(lotId: number): Promise<{ onHand: number; held: number }> {
  const rows = await kit.server.deps.db
    .select({ onHand: stockLotBalances.onHand, held: stockLotBalances.held })
    .from(stockLotBalances)
    .where(and(eq(stockLotBalances.companyId, kit.anKhang), eq(stockLotBalances.lotId, lotId)));
  return rows.reduce((sum, row) => ({ onHand: sum.onHand + row.onHand, held: sum.held + row.held }), { onHand: 0, held: 0 });
}
