/**
 * Delivery-order calls under /order/api (product-spec.md §7 "orderdlo CRUD and related"), all
 * refused while the company's DLO switch is off: orderdlo/ (list, counts, the draft for an order,
 * one, book, edit, delete a failed one), transportpartner/ (quotes side by side), receivermethod/,
 * getlisttimedelivery/ (pick shifts), cancelorderdlo/, a status refresh, self-delivery moves and
 * COD reconciliation. Reading needs orders/view, the rest orders/edit (shipping is handling an
 * order); a delivery of an order outside the caller's data scope is "not found".
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  BookDeliverySchema,
  CancelDeliverySchema,
  CARRIER_LABELS,
  CodReconcileSchema,
  DELIVERY_MESSAGES,
  DELIVERY_SWITCH,
  DeliveryListQuery,
  QuoteRequestSchema,
  RECEIVER_METHOD_LABELS,
  RECEIVER_METHODS,
  type Carrier,
} from '@contract/delivery';
import { failureReasonText, selfMoveRefusal, SelfMoveSchema } from '@contract/delivery-self';
import { parcelWarnings } from '@contract/delivery-parcel';
import { coldBookingNotice } from '@contract/pharma-cold';
import { CANCELLABLE_DELIVERY_STATUSES, DELIVERY_STATUS_LABELS, type DeliveryStatus } from '@contract/delivery-status';
import { formatMoney } from '@contract/money';
import { can, type PermissionAction } from '@contract/roles';
import { companyBodyField, companyQueryField, idField, optionalText, uuidField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { authenticate } from '@server/kernel/authenticate';
import { deliveryOrders, orders } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { requireSwitch } from '@server/kernel/switches';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { orderScope, requirePermission } from '@server/modules/roles';
import { refuseRetainedDelete } from '@server/modules/warehouse';
import { accountMembers } from './account-members';
import { accountRecord, carrierAccount, carrierAccounts, type CarrierSettings } from './accounts';
import { bookDelivery, quoteAll } from './booking';
import { carrierClient } from './carriers/clients';
import { askCarrier } from './carrier-errors';
import { codPaidOut, codReconciled } from './cod';
import { deliveryCounts, listDeliveries } from './delivery-list';
import { addEvent, deliveryRecord, deliveryRecords, lockDelivery } from './delivery-record';
import { pollDelivery } from './jobs';
import { orderGoods } from './order-parcel';
import { applyStatus } from './status-apply';
import { addDeliveryTemperatureRoutes } from './temperature.routes';

const UUID = ':id{[0-9a-fA-F-]{36}}';
const CompanyQuery = v.object({ company: companyQueryField });
const DraftQuery = v.object({ company: companyQueryField, order: uuidField('Đơn hàng') });
const ShiftQuery = v.object({ company: companyQueryField, connection: idField('Hãng vận chuyển') });
const EditSchema = v.object(
  { company: companyBodyField, note: optionalText('ghi chú', 500) },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

type WithCompany = v.GenericSchema<unknown, { company: number }>;
/** A call on one delivery: its id is in the path. */
type DeliveryContext = Context<AppEnv, '/orderdlo/:id'>;

/** The delivery calls: each path and the handler below that answers it. */
export function deliveryRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/orderdlo', (c) => listDeliveryOrders(deps, c));
  app.get('/orderdlo/counts', (c) => countDeliveryOrders(deps, c));
  app.get('/orderdlo/draft', (c) => deliveryDraft(deps, c));
  app.get(`/orderdlo/${UUID}`, (c) => deliveryDetail(deps, c));
  app.post('/orderdlo', (c) => book(deps, c));
  app.put(`/orderdlo/${UUID}`, (c) => editDelivery(deps, c));
  app.delete(`/orderdlo/${UUID}`, (c) => deleteFailed(deps, c));
  app.get('/transportpartner', (c) => carrierConnections(deps, c));
  app.post('/transportpartner', (c) => quotes(deps, c));
  app.get('/receivermethod', (c) => receiverMethods(deps, c));
  app.get('/getlisttimedelivery', (c) => pickShifts(deps, c));
  app.post(`/cancelorderdlo/${UUID}`, (c) => cancelDelivery(deps, c));
  app.post(`/orderdlo/${UUID}/refresh`, (c) => refreshStatus(deps, c));
  app.post(`/orderdlo/${UUID}/self`, (c) => moveSelfDelivery(deps, c));
  app.post(`/orderdlo/${UUID}/reconcile`, (c) => reconcileCod(deps, c));
  addDeliveryTemperatureRoutes(app, deps);
  return app;
}

/** The caller may do this with orders, the company has deliveries on, and the caller's order scope. */
async function allowed(db: Db, c: Context<AppEnv>, companyId: number, action: PermissionAction) {
  const access = await requirePermission(db, c.get('auth'), companyId, 'orders', action);
  await requireSwitch(db, companyId, DELIVERY_SWITCH);
  return { access, scope: await orderScope(db, access) };
}

/** A query string's input, once the caller is allowed (reading by default). */
async function query<S extends WithCompany>(db: Db, c: Context<AppEnv>, schema: S, action: PermissionAction = 'view') {
  const input = parseQuery(c, schema);
  return { input, ...(await allowed(db, c, input.company, action)) };
}

/** A body's input, once the caller is allowed (editing by default). */
async function body<S extends WithCompany>(db: Db, c: Context<AppEnv>, schema: S, action: PermissionAction = 'edit') {
  const input = await parseBody(c, schema);
  return { input, ...(await allowed(db, c, input.company, action)) };
}

/** The delivery, when its order is in the caller's scope. */
async function visible(db: Db, companyId: number, id: string, scope: Awaited<ReturnType<typeof orderScope>>) {
  const [found] = await deliveryRecords(
    db,
    companyId,
    and(
      eq(deliveryOrders.id, id),
      scope ? inArray(deliveryOrders.orderId, db.select({ id: orders.id }).from(orders).where(scope)) : undefined,
    ),
    true,
  );
  if (!found) throw notFound(DELIVERY_MESSAGES.notFound);
  return found;
}

async function listDeliveryOrders({ db }: AppDeps, c: Context<AppEnv>) {
  const { input, scope } = await query(db, c, DeliveryListQuery);
  const { rows, count } = await listDeliveries(db, input, scope);
  return ok(c, rows, { count });
}

async function countDeliveryOrders({ db }: AppDeps, c: Context<AppEnv>) {
  const { input, scope } = await query(db, c, DeliveryListQuery);
  return ok(c, await deliveryCounts(db, input, scope));
}

// What the booking dialog starts from: the order's receiver, parcel and COD, and its deliveries so far.
async function deliveryDraft(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const { input, scope } = await query(db, c, DraftQuery);
  const goods = await orderGoods(db, input.company, input.order, scope);
  const accounts = (await carrierAccounts(deps, input.company)).filter((account) => account.status !== 'disconnected');
  const shipperIds = new Set(
    accounts.flatMap((account) => (account.provider === 'self' ? ((account.settings as CarrierSettings).shipperIds ?? []) : [])),
  );
  return ok(c, {
    order: {
      id: goods.order.id,
      code: goods.order.code ?? goods.order.localNo,
      status: goods.order.status,
      total: goods.order.total,
      payment_status: goods.order.paymentStatus,
    },
    receiver: goods.receiver,
    parcel: goods.proposal.parcel,
    parcel_estimated: goods.proposal.estimated,
    // Too heavy or too long for a pharmacy order: most likely the catalogue's weights or sizes are wrong.
    parcel_warnings: parcelWarnings(goods.proposal.parcel),
    // Said before any quote: only self delivery can take these (contract/pharma-cold.ts).
    cold_items: goods.cold,
    cold_notice: goods.cold.length > 0 ? coldBookingNotice(goods.cold) : null,
    cod_amount: goods.cod,
    insurance_value: goods.order.total,
    accounts: accounts.map((account) => accountRecord(deps, account)),
    shippers: (await accountMembers(db, input.company)).filter((member) => shipperIds.has(member.id)),
  });
}

async function deliveryDetail({ db }: AppDeps, c: DeliveryContext) {
  const { input, scope } = await query(db, c, CompanyQuery);
  return ok(c, await visible(db, input.company, c.req.param('id'), scope));
}

async function book(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const { input, access, scope } = await body(db, c, BookDeliverySchema);
  await orderGoods(db, input.company, input.order, scope);
  const id = await bookDelivery(deps, input.company, access.accountId, input);
  deps.jobs.kick();
  return created(c, await deliveryRecord(db, input.company, id), DELIVERY_MESSAGES.booked);
}

async function editDelivery({ db }: AppDeps, c: DeliveryContext) {
  const { input, scope } = await body(db, c, EditSchema);
  const found = await visible(db, input.company, c.req.param('id'), scope);
  await db.update(deliveryOrders).set({ note: input.note, updatedAt: new Date() }).where(eq(deliveryOrders.id, found.id));
  return ok(c, await deliveryRecord(db, input.company, found.id), { message: 'Đã cập nhật đơn vận chuyển' });
}

// Only a delivery that never reached a carrier may go; the rest are kept and cancelled instead. Its
// order's lots may have left by another way since: then it is a document of those lots and is kept.
async function deleteFailed({ db }: AppDeps, c: DeliveryContext) {
  const { input, scope } = await query(db, c, CompanyQuery, 'delete');
  const found = await visible(db, input.company, c.req.param('id'), scope);
  if (found.status !== 'create_failed') throw conflict('Chỉ xóa được đơn vận chuyển gửi lỗi; đơn đã gửi sang hãng thì hủy');
  await db.transaction(async (tx) => {
    await refuseRetainedDelete(tx, input.company, 'delivery', { orderId: found.order_id });
    await tx.delete(deliveryOrders).where(eq(deliveryOrders.id, found.id));
  });
  return ok(c, null, { message: 'Đã xóa đơn vận chuyển' });
}

async function carrierConnections(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const { input } = await query(db, c, CompanyQuery);
  const accounts = await carrierAccounts(deps, input.company);
  return ok(
    c,
    accounts.map((account) => accountRecord(deps, account)),
  );
}

async function quotes(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const { input, scope } = await body(db, c, QuoteRequestSchema);
  await orderGoods(db, input.company, input.order, scope);
  return ok(c, await quoteAll(deps, input.company, input));
}

async function receiverMethods({ db }: AppDeps, c: Context<AppEnv>) {
  await query(db, c, CompanyQuery);
  return ok(
    c,
    RECEIVER_METHODS.map((value) => ({ value, label: RECEIVER_METHOD_LABELS[value] })),
  );
}

async function pickShifts(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const { input } = await query(db, c, ShiftQuery);
  const account = await carrierAccount(deps, input.company, input.connection);
  if (account.provider === 'self') return ok(c, []);
  return ok(c, await askCarrier(() => carrierClient(deps, account).pickShifts()));
}

async function cancelDelivery(deps: AppDeps, c: DeliveryContext) {
  const { db } = deps;
  const { input, access, scope } = await body(db, c, CancelDeliverySchema);
  const found = await visible(db, input.company, c.req.param('id'), scope);
  if (found.status === 'creating') throw conflict('Đơn đang được gửi sang hãng, vui lòng chờ có mã vận đơn rồi hủy');
  if (!CANCELLABLE_DELIVERY_STATUSES.includes(found.status)) throw conflict(DELIVERY_MESSAGES.notCancellable);
  if (found.carrier !== 'self' && found.tracking_code && found.status !== 'create_failed') {
    const account = await carrierAccount(deps, input.company, found.connection_id ?? 0);
    await askCarrier(() => carrierClient(deps, account).cancel(found.tracking_code!));
  }
  await db.transaction(async (tx) => {
    const row = await lockDelivery(tx, input.company, found.id);
    await tx
      .update(deliveryOrders)
      .set({ status: 'cancelled', cancelReason: input.reason, updatedAt: new Date() })
      .where(eq(deliveryOrders.id, row.id));
    await addEvent(tx, row, { source: 'office', status: 'cancelled', note: input.reason, accountId: access.accountId });
  });
  return ok(c, await deliveryRecord(db, input.company, found.id), { message: DELIVERY_MESSAGES.cancelled });
}

async function refreshStatus(deps: AppDeps, c: DeliveryContext) {
  const { db } = deps;
  const { input, scope } = await body(db, c, v.object({ company: companyBodyField }), 'view');
  const found = await visible(db, input.company, c.req.param('id'), scope);
  if (found.carrier === 'vtp' || found.carrier === 'self') {
    throw conflict(
      found.carrier === 'vtp'
        ? 'Viettel Post cập nhật trạng thái qua webhook, không có API tra cứu theo mã'
        : 'Đơn tự giao do nhân viên cập nhật trạng thái',
    );
  }
  const moved = await askCarrier(() => pollDelivery(deps, input.company, found.id));
  const record = await deliveryRecord(db, input.company, found.id);
  return ok(c, record, { message: moved ? `Trạng thái mới: ${DELIVERY_STATUS_LABELS[record.status]}` : 'Trạng thái không thay đổi' });
}

// A step the delivery has passed (or one that does not follow from where it stands) is refused and
// changes nothing; a failed attempt keeps its reason in the history (contract/delivery-self.ts).
async function moveSelfDelivery({ db }: AppDeps, c: DeliveryContext) {
  const { input, access, scope } = await body(db, c, SelfMoveSchema);
  const found = await visible(db, input.company, c.req.param('id'), scope);
  if (found.carrier !== 'self') throw conflict(`Trạng thái đơn của ${CARRIER_LABELS[found.carrier as Carrier]} do hãng cập nhật`);
  const to = input.to;
  const reason = to === 'delivery_failed' && input.failure_reason ? failureReasonText(input.failure_reason, input.failure_detail) : null;
  await db.transaction(async (tx) => {
    const row = await lockDelivery(tx, input.company, found.id);
    const refusal = selfMoveRefusal(row.status as DeliveryStatus, to);
    if (refusal) throw conflict(refusal);
    const moved = await applyStatus(tx, input.company, found.id, {
      source: 'office',
      status: to,
      carrierStatus: null,
      at: new Date(),
      codCollected: to === 'delivered' ? (input.cod_collected ?? found.cod_amount) : null,
      note: reason && input.note ? `${reason} – ${input.note}` : (reason ?? input.note),
      accountId: access.accountId,
    });
    // Only a clock gone backwards gets here: refused, and its history row rolled back with it.
    if (!moved) throw conflict(`Đơn vận chuyển đang "${DELIVERY_STATUS_LABELS[row.status as DeliveryStatus]}", không chuyển được`);
  });
  return ok(c, await deliveryRecord(db, input.company, found.id), { message: `Đã chuyển sang "${DELIVERY_STATUS_LABELS[to]}"` });
}

async function reconcileCod({ db }: AppDeps, c: DeliveryContext) {
  const { input, access, scope } = await body(db, c, CodReconcileSchema);
  const found = await visible(db, input.company, c.req.param('id'), scope);
  if (found.cod.collected === null && found.cod.expected === 0) throw conflict('Đơn vận chuyển này không thu hộ');
  const confirmed = await db.transaction(async (tx) => {
    const row = await lockDelivery(tx, input.company, found.id);
    await codPaidOut(tx, input.company, row.id, input.paid_out, new Date(), input.note);
    // The carrier's statement entered by who may confirm payments (the cashier) confirms the COD payment
    // that waited; entered by anyone else it is kept and the payment still waits. An event never confirms.
    const confirmed = input.paid_out > 0 && can(access, 'receivables', 'approve') && (await codReconciled(tx, row, access.accountId));
    await addEvent(tx, row, {
      source: 'office',
      status: null,
      note: `Đối soát COD: hãng đã trả ${formatMoney(input.paid_out)}${confirmed ? '; phiếu thu COD đã được xác nhận' : ''}`,
      accountId: access.accountId,
    });
    return confirmed;
  });
  return ok(c, await deliveryRecord(db, input.company, found.id), {
    message: confirmed ? 'Đã ghi nhận đối soát và xác nhận phiếu thu COD' : 'Đã ghi nhận đối soát',
  });
}
