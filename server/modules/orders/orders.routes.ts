/**
 * Company order calls (product-spec.md §7 "Order", prefix /order/api): list with filters and counts, detail,
 * create (the same re-pricing as the rep's op), status moves single and bulk, cancel, payment,
 * export, return orders (order-returns.ts), and the order table's column choice per person. The
 * dashboard's getdashboard/ shares the prefix (server/modules/dashboard).
 */

import { and, asc, eq, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { companyQueryField, companyBodyField } from '@contract/validation';
import {
  BulkStatusUpdateSchema,
  CancelOrderSchema,
  DEFAULT_ORDER_COLUMNS,
  OrderListQuery,
  OrderSubmitSchema,
  OrderTableViewSchema,
  PaymentUpdateSchema,
  StatusUpdateSchema,
  type BulkStatusResult,
  type OrderRecord,
} from '@contract/orders';
import {
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  OWNER_CANCELLABLE,
  moveAction,
  type OrderStatus,
} from '@contract/orders-status';

import { uuidv7 } from '@contract/uuid';
import type { AppDeps, AppEnv, AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { can } from '@contract/roles';
import { orders, orderStatusHistory, accounts } from '@server/kernel/db/schema';
import { readTableView, saveTableView } from '@server/kernel/table-views';
import { forbidden, HttpError, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireMembership } from '@server/kernel/membership';
import { orderScope, requirePermission, type Access } from '@server/modules/roles';
import { getProvinceIndex } from '@server/modules/address';
import { provincesByRegion } from '@server/modules/regions';
import { recordChange } from '@server/kernel/sync/change-log';
import { isSwitchOn } from '@server/kernel/switches';
import { OpRejection } from '@server/kernel/sync/op-context';
import { orderGroupRoutes } from './order-groups.routes';
import { orderTypeAddRoutes } from './order-types.routes';
import { orderSheetResponse } from './order-export';
import { orderExportStatusRoutes } from './order-export-status';
import { orderReturnRoutes } from './order-returns';
import { listOrderIds, statusCounts, type OrderQuery } from './order-list';
import { moveOrder } from './order-moves';
import { orderRecordsById } from './order-record';
import { submitOrder } from './order-submit';

const CompanyQuery = v.object({ company: companyQueryField });
const OrderId = v.pipe(v.string(), v.uuid());
/** A company id in a body; past int4 the database would fail on it instead of a 400. */
const CreateOrderSchema = v.object({
  company: companyBodyField,
  ...OrderSubmitSchema.entries,
});
const EditOrderSchema = v.object(
  {
    company: companyBodyField,
    note: OrderSubmitSchema.entries.note,
    deliveryDate: OrderSubmitSchema.entries.deliveryDate,
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);
const EDITABLE: readonly OrderStatus[] = ['pending', 'confirmed'];

function orderIdOf(c: Context): string {
  const parsed = v.safeParse(OrderId, c.req.param('id'));
  if (!parsed.success) throw notFound('Không tìm thấy đơn hàng');
  return parsed.output;
}

/** A refusal of the shared order logic, as an HTTP answer with its message and changes. */
function rejectionToHttp(error: OpRejection): HttpError {
  const fields = { ...error.fields, ...Object.fromEntries((error.changes ?? []).map((change) => [change.field, change.message])) };
  if (error.code === 'CREDIT_LIMIT_EXCEEDED') return new HttpError(409, 'CREDIT_LIMIT_EXCEEDED', error.message, fields);
  return new HttpError(
    ['ORDER_ALREADY_ACCEPTED', 'ORDER_ID_TAKEN', 'LOCAL_NO_TAKEN'].includes(error.code)
      ? 409
      : error.code === 'CUSTOMER_OUT_OF_SCOPE'
        ? 403
        : 400,
    error.code === 'CUSTOMER_OUT_OF_SCOPE' ? 'FORBIDDEN' : 'VALIDATION_FAILED',
    error.message,
    fields,
  );
}

/** The company's order calls: each path and the handler below that answers it. */
export function orderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/ordercompany', (c) => listOrders(deps, c));
  app.post('/ordercompany', (c) => createOrder(deps, c));
  app.get('/ordercompany/:id', (c) => orderDetail(deps, c));
  app.put('/ordercompany/:id', (c) => editOrder(deps, c));
  app.put('/updatestatusordercompany/:id', (c) => moveOne(deps, c));
  app.put('/updateliststatusorder', (c) => moveMany(deps, c));
  app.put('/cancelorder/:id', (c) => cancelOrder(deps, c));
  app.put('/orderpayment/:id', (c) => setPayment(deps, c));
  app.get('/countorder', (c) => countOrders(deps, c));
  app.get('/statusorder', (c) => ok(c, orderStatuses()));
  app.get('/exportdata', (c) => exportOrders(deps, c));
  app.get('/order-table', (c) => readOrderTable(deps, c));
  app.put('/order-table', (c) => saveOrderTable(deps, c));
  app.route('/', orderGroupRoutes(deps));
  app.route('/', orderTypeAddRoutes(deps));
  app.route('/', orderExportStatusRoutes(deps));
  app.route('/', orderReturnRoutes(deps));
  return app;
}

async function recordOf(db: Db, companyId: number, id: string) {
  const record = (await orderRecordsById(db, companyId, [id])).get(id);
  if (!record) throw notFound('Không tìm thấy đơn hàng');
  return record;
}

/** A list query with the caller's scope, and the region filter as the province codes it covers. */
async function scopedQuery(db: Db, query: OrderQuery, access: Access): Promise<OrderQuery> {
  const scope = await orderScope(db, access);
  if (query.region === undefined) return { ...query, scope };
  const provinces = (await provincesByRegion(db, query.company, [query.region])).get(query.region) ?? [];
  return { ...query, scope, regionCodes: (await getProvinceIndex()).addressCodes(provinces) };
}

/** An order outside the caller's data scope is "not found", like another company's. */
async function requireInScope(db: Db, companyId: number, id: string, scope: SQL | null): Promise<void> {
  if (!scope) return;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, companyId), scope));
  if (!row) throw notFound('Không tìm thấy đơn hàng');
}

/** Moving orders: the permission depends on where they go (contract/orders-status.ts moveAction). */
async function moverScope(db: Db, auth: AuthInfo, company: number, to: OrderStatus): Promise<SQL | null> {
  return orderScope(db, await requirePermission(db, auth, company, 'orders', moveAction(to)));
}

async function listOrders(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = parseQuery(c, OrderListQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'orders', 'view');
  // The list may lag a moment behind (a replica; never behind the caller's own writes).
  const reader = await deps.reads.readDb(c);
  const page = await listOrderIds(reader, await scopedQuery(db, query, access));
  const records = await orderRecordsById(reader, query.company, page.ids);
  return ok(
    c,
    page.ids.map((id) => records.get(id)!),
    { count: page.count, bonus: { total_amount: page.total } },
  );
}

async function createOrder({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, CreateOrderSchema);
  const auth = c.get('auth');
  // The same rule as the rep's op, data scope included (order-submit.ts).
  const access = await requirePermission(db, auth, input.company, 'orders', 'create');
  const { company, ...payload } = input;
  try {
    const result = await db.transaction((tx) =>
      submitOrder(
        {
          tx,
          companyId: company,
          accountId: auth.accountId,
          access,
          deviceId: uuidv7(),
          opId: uuidv7(),
          now: new Date(),
          clientCreatedAt: new Date(payload.createdAt),
        },
        payload,
      ),
    );
    const record = result.entity?.data as OrderRecord | undefined;
    const message = result.changes?.map((change) => change.message).join('; ') || 'Tạo đơn hàng thành công';
    const approval = record?.discount_approval;
    // Never silently: whoever took it reads that it waits for a manager, and why.
    return created(c, record, approval?.state === 'needed' ? `${message}. Đơn hàng chờ duyệt chiết khấu: ${approval.reason}` : message);
  } catch (error) {
    if (error instanceof OpRejection) throw rejectionToHttp(error);
    throw error;
  }
}

async function orderDetail({ db }: AppDeps, c: Context<AppEnv>) {
  const { company } = parseQuery(c, CompanyQuery);
  const access = await requirePermission(db, c.get('auth'), company, 'orders', 'view');
  const id = orderIdOf(c);
  await requireInScope(db, company, id, await orderScope(db, access));
  const record = await recordOf(db, company, id);
  const history = await db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      reason: orderStatusHistory.reason,
      at: orderStatusHistory.at,
      by: accounts.fullName,
    })
    .from(orderStatusHistory)
    .leftJoin(accounts, eq(accounts.id, orderStatusHistory.accountId))
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.id));
  return ok(c, record, { bonus: { history: history.map((row) => ({ ...row, at: row.at.toISOString() })) } });
}

async function editOrder({ db }: AppDeps, c: Context<AppEnv>) {
  const id = orderIdOf(c);
  const input = await parseBody(c, EditOrderSchema);
  const access = await requirePermission(db, c.get('auth'), input.company, 'orders', 'edit');
  await requireInScope(db, input.company, id, await orderScope(db, access));
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, accountId: orders.accountId })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.companyId, input.company)))
      .for('update');
    if (!order) throw notFound('Không tìm thấy đơn hàng');
    if (!EDITABLE.includes(order.status as OrderStatus))
      throw new HttpError(409, 'ORDER_TRANSITION_INVALID', 'Chỉ sửa được đơn hàng chờ xác nhận hoặc đã xác nhận');
    await tx.update(orders).set({ note: input.note, deliveryDate: input.deliveryDate, updatedAt: new Date() }).where(eq(orders.id, id));
    await recordChange(tx, { companyId: input.company, entity: 'order', entityId: id, op: 'upsert', ownerAccountId: order.accountId });
  });
  return ok(c, await recordOf(db, input.company, id), { message: 'Đã cập nhật đơn hàng' });
}

async function moveOne({ db }: AppDeps, c: Context<AppEnv>) {
  const id = orderIdOf(c);
  const input = await parseBody(c, StatusUpdateSchema);
  const auth = c.get('auth');
  const scope = await moverScope(db, auth, input.company, input.status);
  await db.transaction((tx) =>
    moveOrder(tx, { companyId: input.company, orderId: id, to: input.status, reason: input.reason, accountId: auth.accountId, scope }),
  );
  return ok(c, await recordOf(db, input.company, id), { message: `Đã chuyển đơn hàng sang "${ORDER_STATUS_LABELS[input.status]}"` });
}

/** Each order moves in its own transaction and is reported on its own: none is half-applied. */
async function moveMany({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, BulkStatusUpdateSchema);
  const auth = c.get('auth');
  const scope = await moverScope(db, auth, input.company, input.status);
  const results: BulkStatusResult[] = [];
  for (const id of [...new Set(input.orders)]) {
    try {
      await db.transaction((tx) =>
        moveOrder(tx, {
          companyId: input.company,
          orderId: id,
          to: input.status,
          reason: input.reason,
          accountId: auth.accountId,
          scope,
        }),
      );
      results.push({ id, ok: true, status: input.status, message: null });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const [current] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.companyId, input.company)));
      results.push({ id, ok: false, status: (current?.status as OrderStatus | undefined) ?? null, message: error.message });
    }
  }
  const moved = results.filter((result) => result.ok).length;
  return ok(c, results, { message: `Đã cập nhật ${moved}/${results.length} đơn hàng`, count: results.length });
}

async function cancelOrder({ db }: AppDeps, c: Context<AppEnv>) {
  const id = orderIdOf(c);
  const input = await parseBody(c, CancelOrderSchema);
  const auth = c.get('auth');
  const access = await requirePermission(db, auth, input.company, 'orders', 'view');
  let scope = await orderScope(db, access);
  if (!can(access, 'orders', 'edit')) {
    // Without the edit permission, only one's own order, before the office confirmed it.
    const [own] = await db
      .select({ accountId: orders.accountId, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.companyId, input.company)));
    if (own?.accountId !== auth.accountId || !OWNER_CANCELLABLE.includes(own.status as OrderStatus))
      throw forbidden('FORBIDDEN', 'Bạn chỉ hủy được đơn hàng của mình khi đơn chưa được xác nhận');
    scope = eq(orders.accountId, auth.accountId);
  }
  await db.transaction((tx) =>
    moveOrder(tx, { companyId: input.company, orderId: id, to: 'cancelled', reason: input.reason, accountId: auth.accountId, scope }),
  );
  return ok(c, await recordOf(db, input.company, id), { message: 'Đã hủy đơn hàng' });
}

async function setPayment({ db }: AppDeps, c: Context<AppEnv>) {
  const id = orderIdOf(c);
  const input = await parseBody(c, PaymentUpdateSchema);
  const access = await requirePermission(db, c.get('auth'), input.company, 'orders', 'edit');
  // With RECEIVABLE on the state follows the payments (server/modules/receivables), never a hand-set status.
  if (await isSwitchOn(db, input.company, 'RECEIVABLE'))
    throw new HttpError(
      409,
      'CONFLICT',
      'Trạng thái thanh toán được tính từ các phiếu thu của đơn; hãy ghi nhận thanh toán thay vì đổi trạng thái',
    );
  await requireInScope(db, input.company, id, await orderScope(db, access));
  await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: input.payment_status, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.companyId, input.company)))
      .returning({ accountId: orders.accountId });
    if (!order) throw notFound('Không tìm thấy đơn hàng');
    await recordChange(tx, { companyId: input.company, entity: 'order', entityId: id, op: 'upsert', ownerAccountId: order.accountId });
  });
  return ok(c, await recordOf(db, input.company, id), { message: 'Đã cập nhật thanh toán' });
}

async function countOrders({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, OrderListQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'orders', 'view');
  return ok(c, await statusCounts(db, await scopedQuery(db, query, access)));
}

/** The statuses with their labels, colours and the moves each allows, for the office's screens. */
function orderStatuses() {
  return ORDER_STATUSES.map((status) => ({
    value: status,
    label: ORDER_STATUS_LABELS[status],
    color: ORDER_STATUS_COLORS[status],
    next: ORDER_TRANSITIONS[status],
  }));
}

async function exportOrders(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = parseQuery(c, OrderListQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'orders', 'export');
  return orderSheetResponse(db, await scopedQuery(db, query, access), (error) => deps.logger.error({ err: error }, 'order export failed'));
}

async function readOrderTable({ db }: AppDeps, c: Context<AppEnv>) {
  const { company } = parseQuery(c, CompanyQuery);
  const auth = c.get('auth');
  await requireMembership(db, auth, company);
  return ok(c, { columns: (await readTableView(db, company, auth.accountId, 'order-table')) ?? DEFAULT_ORDER_COLUMNS });
}

async function saveOrderTable({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, OrderTableViewSchema);
  const auth = c.get('auth');
  await requireMembership(db, auth, input.company);
  const columns = await saveTableView(db, input.company, auth.accountId, 'order-table', input.columns);
  return ok(c, { columns }, { message: 'Đã lưu cách hiển thị bảng' });
}
