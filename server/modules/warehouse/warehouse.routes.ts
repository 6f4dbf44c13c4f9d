/**
 * Warehouse calls (product-spec.md §7 "Warehouse (/warehouse/api)") besides receipts:
 *   GET, POST warehouse/ · GET, PUT warehouse/{id}/ — warehouses (more than one needs the service)
 *   GET checkservice/ — the service's switch and the default warehouse
 *   GET, PUT settings/ — regime and form numbers
 *   GET inventory/ (+ export/) — the stock view · GET inventoryview/ — stock card or xuất-nhập-tồn
 *   (lots, the spec's shipments: lots.routes.ts)
 *   GET, POST accountperiod/ · DELETE accountperiod/{month}/ (reopen) — periods
 *   GET, POST reasontransfer/ · PUT, DELETE reasontransfer/{id}/ — transfer reasons
 *   POST import-receipt-return-order/ · GET ledgercheck/
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  InventoryQuery,
  InventoryViewQuery,
  PeriodCloseSchema,
  ReasonInputSchema,
  WarehouseInputSchema,
  WarehouseListQuery,
  WarehouseSettingsSchema,
  type WarehouseService,
} from '@contract/warehouse';
import { ReturnOrderSchema } from '@contract/warehouse-receipts';
import { formatMoney } from '@contract/money';

import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { authenticate } from '@server/kernel/authenticate';

import { accountCompanies, transferReasons, warehouses } from '@server/kernel/db/schema';
import { badRequest, forbidden, HttpError, notFound } from '@server/kernel/errors';
import { pageOf } from '@server/kernel/lists';
import { created, ok } from '@server/kernel/respond';
import { uniqueViolation } from '@server/kernel/sql';
import { isSwitchOn, requireSwitch } from '@server/kernel/switches';

import { pathId } from '@server/kernel/validate';
import { memberBody, memberQuery } from '@server/modules/roles';
import { inventorySheet } from './inventory-sheet';
import { today } from './lots';
import { returnCredits } from './order-returns';
import { returnOrder } from './order-stock';
import { closePeriod, periodRecords, reopenPeriod } from './periods';
import { saveSettings, settingsOf } from './settings';
import { ledgerMismatches, periodSummary, stockRows, variantCard } from './stock-view';
import { defaultWarehouse, warehouseRecords } from './warehouses.repo';

const CompanyQuery = v.object({ company: WarehouseListQuery.entries.company });

/** The warehouse calls: each path and the handler below that answers it. */
export function warehouseRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/warehouse', (c) => listWarehouses(deps, c));
  app.post('/warehouse', (c) => createWarehouse(deps, c));
  app.get('/warehouse/:id', (c) => warehouseDetail(deps, c));
  app.put('/warehouse/:id', (c) => updateWarehouse(deps, c));
  app.get('/checkservice', (c) => checkService(deps, c));
  app.get('/settings', (c) => readSettings(deps, c));
  app.put('/settings', (c) => writeSettings(deps, c));
  app.get('/inventory', (c) => inventory(deps, c));
  app.get('/inventory/export', (c) => exportInventory(deps, c));
  app.get('/inventoryview', (c) => inventoryView(deps, c));
  app.get('/accountperiod', (c) => listPeriods(deps, c));
  app.post('/accountperiod', (c) => closeMonth(deps, c));
  app.delete('/accountperiod/:month', (c) => reopenMonth(deps, c));
  app.get('/reasontransfer', (c) => listReasons(deps, c));
  app.post('/reasontransfer', (c) => createReason(deps, c));
  app.put('/reasontransfer/:id', (c) => updateReason(deps, c));
  app.delete('/reasontransfer/:id', (c) => retireReason(deps, c));
  app.post('/import-receipt-return-order', (c) => importReturnOrder(deps, c));
  app.get('/ledgercheck', (c) => ledgerCheck(deps, c));
  return app;
}

async function warehouseOf(db: Db, c: Context<AppEnv>, companyId: number) {
  const id = pathId(c);
  const [record] = await warehouseRecords(db, companyId, [id]);
  if (!record) throw notFound('Không tìm thấy kho');
  return record;
}

async function listWarehouses(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, WarehouseListQuery, 'view', 'warehouse');
  await defaultWarehouse(db, query.company);
  const all = (await warehouseRecords(db, query.company)).filter(
    (row) =>
      (query.active === undefined || row.is_active === (query.active === 'true')) &&
      (!query.search || `${row.code} ${row.name}`.toLowerCase().includes(query.search.toLowerCase())),
  );
  return ok(c, pageOf(all, query.page, query.limit), { count: all.length });
}

/** A keeper is a member of the company (any other id failed on the foreign key: a 500 the fuzzer found). */
async function requireKeeper(db: Db, companyId: number, keeperId: number | null | undefined): Promise<void> {
  if (!keeperId) return;
  const [member] = await db
    .select({ id: accountCompanies.id })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, keeperId), eq(accountCompanies.status, 'accept')));
  if (!member) throw new HttpError(400, 'VALIDATION_FAILED', 'Thủ kho không thuộc công ty', { keeper_id: 'Thủ kho không thuộc công ty' });
}

async function createWarehouse(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const input = await memberBody(deps, c, WarehouseInputSchema, 'create', 'warehouse');
  await requireSwitch(db, input.company, 'WAREHOUSE');
  await requireKeeper(db, input.company, input.keeper_id);
  const id = await db.transaction(async (tx) => {
    await defaultWarehouse(tx, input.company);
    const [{ n }] = (await tx.select({ n: count() }).from(warehouses).where(eq(warehouses.companyId, input.company))) as [{ n: number }];
    const code = input.code?.toUpperCase() ?? `KHO${String(Number(n) + 1).padStart(2, '0')}`;
    try {
      const [row] = await tx
        .insert(warehouses)
        .values({
          companyId: input.company,
          code,
          name: input.name,
          address: input.address,
          keeperId: input.keeper_id,
          note: input.note,
          isActive: input.is_active,
        })
        .returning({ id: warehouses.id });
      return row!.id;
    } catch (error) {
      if (uniqueViolation(error) !== null) throw new HttpError(409, 'CONFLICT', `Mã kho ${code} đã tồn tại`, { code: 'Mã kho đã tồn tại' });
      throw error;
    }
  });
  const [record] = await warehouseRecords(db, input.company, [id]);
  return created(c, record, 'Đã thêm kho');
}

async function warehouseDetail(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
  return ok(c, await warehouseOf(db, c, query.company));
}

async function updateWarehouse(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const input = await memberBody(deps, c, WarehouseInputSchema, 'edit', 'warehouse');
  const current = await warehouseOf(db, c, input.company);
  if (!current.is_default) await requireSwitch(db, input.company, 'WAREHOUSE');
  if (current.is_default && !input.is_active) throw forbidden('FORBIDDEN', 'Không thể ngừng kho mặc định');
  await requireKeeper(db, input.company, input.keeper_id);
  try {
    await db
      .update(warehouses)
      .set({
        code: input.code?.toUpperCase() ?? current.code,
        name: input.name,
        address: input.address,
        keeperId: input.keeper_id,
        note: input.note,
        isActive: input.is_active,
        updatedAt: new Date(),
      })
      .where(and(eq(warehouses.companyId, input.company), eq(warehouses.id, current.id)));
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new HttpError(409, 'CONFLICT', 'Mã kho đã tồn tại', { code: 'Mã kho đã tồn tại' });
    throw error;
  }
  return ok(c, await warehouseOf(db, c, input.company), { message: 'Đã lưu kho' });
}

async function checkService(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
  const fallback = await defaultWarehouse(db, query.company);
  const [record] = await warehouseRecords(db, query.company, [fallback.id]);
  const answer: WarehouseService = { is_enabled: await isSwitchOn(db, query.company, 'WAREHOUSE'), default_warehouse: record! };
  return ok(c, answer);
}

async function readSettings(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
  return ok(c, await settingsOf(db, query.company));
}

async function writeSettings(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const input = await memberBody(deps, c, WarehouseSettingsSchema, 'edit', 'settings');
  const { company, ...settings } = input;
  await saveSettings(db, company, settings);
  return ok(c, await settingsOf(db, company), { message: 'Đã lưu thiết lập kho' });
}

async function inventory(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, InventoryQuery, 'view', 'warehouse');
  const {
    rows,
    count: total,
    bonus,
  } = await stockRows(db, {
    companyId: query.company,
    page: query.page,
    limit: query.limit,
    search: query.search,
    warehouse: query.warehouse,
    expiring: query.expiring,
    lotStatus: query.lot_status,
    inStock: query.in_stock === 'true',
  });
  return ok(c, rows, { count: total, bonus });
}

async function exportInventory(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, InventoryQuery, 'export', 'warehouse');
  return inventorySheet(db, query, (error) => deps.logger.error({ err: error }, 'inventory export failed'));
}

async function inventoryView(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, InventoryViewQuery, 'view', 'warehouse');
  if (query.date_from > query.date_to)
    throw badRequest('VALIDATION_FAILED', 'Từ ngày phải trước đến ngày', { date_from: 'Từ ngày phải trước đến ngày' });
  if (query.mode === 'card') {
    if (!query.variant) throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn sản phẩm', { variant: 'Vui lòng chọn sản phẩm' });
    return ok(
      c,
      await variantCard(db, {
        companyId: query.company,
        variantId: query.variant,
        lotId: query.lot,
        warehouse: query.warehouse,
        dateFrom: query.date_from,
        dateTo: query.date_to,
      }),
    );
  }
  const summary = await periodSummary(db, {
    companyId: query.company,
    warehouse: query.warehouse,
    search: query.search,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    page: query.page,
    limit: query.limit,
  });
  return ok(c, summary.rows, { count: summary.count });
}

async function listPeriods(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
  return ok(c, await periodRecords(db, query.company));
}

async function closeMonth(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const input = await memberBody(deps, c, PeriodCloseSchema, 'approve', 'warehouse');
  if (input.month >= today().slice(0, 7))
    throw badRequest('VALIDATION_FAILED', 'Chỉ khóa sổ được tháng đã kết thúc', { month: 'Tháng chưa kết thúc' });
  const record = await db.transaction((tx) => closePeriod(tx, input.company, input.month, c.get('auth').accountId));
  return created(c, record, `Đã khóa sổ tháng ${input.month.slice(5)}/${input.month.slice(0, 4)}`);
}

async function reopenMonth(deps: AppDeps, c: Context<AppEnv, '/accountperiod/:month'>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'approve', 'warehouse');
  const month = c.req.param('month');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw notFound('Không tìm thấy kỳ kế toán');
  await db.transaction((tx) => reopenPeriod(tx, query.company, month));
  return ok(c, await periodRecords(db, query.company), { message: `Đã mở lại kỳ tháng ${month.slice(5)}/${month.slice(0, 4)}` });
}

async function listReasons(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'view', 'warehouse');
  const rows = await db
    .select()
    .from(transferReasons)
    .where(eq(transferReasons.companyId, query.company))
    .orderBy(asc(transferReasons.title));
  return ok(
    c,
    rows.map((row) => ({ id: row.id, company: row.companyId, title: row.title, is_active: row.isActive })),
  );
}

async function createReason(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const input = await memberBody(deps, c, ReasonInputSchema, 'create', 'warehouse');
  const [row] = await db.insert(transferReasons).values({ companyId: input.company, title: input.title }).onConflictDoNothing().returning();
  if (!row) throw new HttpError(409, 'CONFLICT', 'Lý do này đã có', { title: 'Lý do này đã có' });
  return created(c, { id: row.id, company: row.companyId, title: row.title, is_active: row.isActive }, 'Đã thêm lý do chuyển kho');
}

async function updateReason(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const input = await memberBody(deps, c, ReasonInputSchema, 'edit', 'warehouse');
  const id = pathId(c);
  try {
    const [row] = await db
      .update(transferReasons)
      .set({ title: input.title })
      .where(and(eq(transferReasons.companyId, input.company), eq(transferReasons.id, id)))
      .returning();
    if (!row) throw notFound('Không tìm thấy lý do chuyển kho');
    return ok(c, { id: row.id, company: row.companyId, title: row.title, is_active: row.isActive }, { message: 'Đã lưu lý do' });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new HttpError(409, 'CONFLICT', 'Lý do này đã có', { title: 'Lý do này đã có' });
    throw error;
  }
}

async function retireReason(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'delete', 'warehouse');
  const id = pathId(c);
  // Receipts keep naming it: a reason in use is only switched off.
  const [row] = await db
    .update(transferReasons)
    .set({ isActive: false })
    .where(and(eq(transferReasons.companyId, query.company), eq(transferReasons.id, id)))
    .returning({ id: transferReasons.id });
  if (!row) throw notFound('Không tìm thấy lý do chuyển kho');
  return ok(c, null, { message: 'Đã ngừng dùng lý do chuyển kho' });
}

async function importReturnOrder(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const input = await memberBody(deps, c, ReturnOrderSchema, 'create', 'warehouse');
  const id = await db.transaction((tx) =>
    returnOrder(tx, {
      companyId: input.company,
      orderId: input.order,
      accountId: c.get('auth').accountId,
      warehouseId: input.warehouse,
      documentDate: input.document_date,
      note: input.note,
      lines: input.lines,
    }),
  );
  const credit = (await returnCredits(db, input.company, input.order)).find((receipt) => receipt.id === id)?.amount ?? 0;
  const message = 'Đã nhập kho hàng trả về (đang biệt trữ)';
  return created(c, { id, credit }, credit > 0 ? `${message}, công nợ của khách giảm ${formatMoney(credit)}` : message);
}

async function ledgerCheck(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = await memberQuery(deps, c, CompanyQuery, 'approve', 'warehouse');
  const mismatches = await ledgerMismatches(db, query.company);
  const holds = mismatches.levels.length === 0 && mismatches.lots.length === 0;
  return ok(c, { holds, ...mismatches }, { message: holds ? 'Số dư khớp với sổ kho' : 'Số dư lệch với sổ kho' });
}
