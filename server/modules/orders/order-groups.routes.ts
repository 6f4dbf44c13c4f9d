/**
 * Group orders (order-group/, GROUP-ORDER service): orders of several customers on one delivery
 * run. Starting the run moves its confirmed orders to "Đang giao"; finishing it completes the ones
 * delivering. Only orders waiting or confirmed, and in no other group, can join.
 *
 * Data scope: a group is the company's delivery run, listed to every member who may view groups,
 * but what it shows of its orders (the orders, their count and total) is only what the member may
 * read by the order list's own rule (orderScope, server/modules/roles/data-scope.ts); an order
 * outside it is "not found" when added or removed, as on its own detail.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { companyQueryField } from '@contract/validation';
import {
  ORDER_GROUP_STATUS_LABELS,
  ORDER_GROUP_TRANSITIONS,
  OrderGroupInputSchema,
  OrderGroupListQuery,
  OrderGroupUpdateSchema,
  type OrderGroupRecord,
  type OrderGroupStatus,
} from '@contract/orders-groups';
import type { OrderStatus } from '@contract/orders-status';
import type { PermissionAction } from '@contract/roles';
import type { AppDeps, AppEnv, AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { orderGroups, orders } from '@server/kernel/db/schema';
import { formatCode, nextCounter } from '@server/kernel/counters';
import { HttpError, notFound } from '@server/kernel/errors';
import { pagedRows } from '@server/kernel/lists';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { orderScope, requirePermission } from '@server/modules/roles';
import { requireSwitch } from '@server/kernel/switches';
import { recordChanges } from '@server/kernel/sync/change-log';
import { moveOrder } from './order-moves';
import { orderRecordsById } from './order-record';

const JOINABLE: readonly OrderStatus[] = ['pending', 'confirmed'];
const CompanyQuery = v.object({
  company: companyQueryField,
});

/** The groups with the count and total of their orders in the caller's scope (null: the whole company). */
async function groupRecords(db: Db, companyId: number, ids: number[], scope: SQL | null): Promise<OrderGroupRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ group: orderGroups, orderCount: count(orders.id), total: sql<string>`coalesce(sum(${orders.total}), 0)` })
    .from(orderGroups)
    .leftJoin(orders, and(eq(orders.groupId, orderGroups.id), scope ?? undefined))
    .where(and(eq(orderGroups.companyId, companyId), inArray(orderGroups.id, ids)))
    .groupBy(orderGroups.id, orderGroups.companyId)
    .orderBy(desc(orderGroups.id));
  return rows.map(({ group, orderCount, total }) => ({
    id: group.id,
    company: group.companyId,
    code: group.code,
    title: group.title,
    delivery_date: group.deliveryDate,
    status: group.status as OrderGroupStatus,
    note: group.note,
    order_count: Number(orderCount),
    total: Number(total),
    created_at: group.createdAt.toISOString(),
  }));
}

/** Puts orders into a group; each must be the company's and in the caller's scope, waiting or confirmed, and ungrouped. */
async function joinGroup(tx: Db, target: { companyId: number; groupId: number; scope: SQL | null }, ids: string[]): Promise<void> {
  const { companyId, groupId, scope } = target;
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: orders.id, status: orders.status, groupId: orders.groupId, code: orders.code, accountId: orders.accountId })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.id, ids), scope ?? undefined))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound('Có đơn hàng không thuộc công ty này');
  const refused = rows.find((row) => !JOINABLE.includes(row.status as OrderStatus) || (row.groupId !== null && row.groupId !== groupId));
  if (refused)
    throw new HttpError(
      409,
      'CONFLICT',
      `Đơn ${refused.code ?? ''} không thể đưa vào nhóm (đã ở nhóm khác hoặc không còn chờ giao)`.replace('  ', ' '),
    );
  await tx.update(orders).set({ groupId, updatedAt: new Date() }).where(inArray(orders.id, ids));
  await recordChanges(
    tx,
    rows.map((row) => ({ companyId, entity: 'order' as const, entityId: row.id, op: 'upsert' as const, ownerAccountId: row.accountId })),
  );
}

/** The group order calls: each path and the handler below that answers it. */
export function orderGroupRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.get('/order-group', (c) => listGroups(deps, c));
  app.post('/order-group', (c) => createGroup(deps, c));
  app.get('/order-group/:id', (c) => groupDetail(deps, c));
  app.put('/order-group/:id', (c) => updateGroup(deps, c));
  app.delete('/order-group/:id', (c) => deleteGroup(deps, c));
  return app;
}

async function requireGroupOrders(db: Db, companyId: number) {
  await requireSwitch(db, companyId, 'GROUP-ORDER');
}

async function recordOf(db: Db, companyId: number, id: number, scope: SQL | null) {
  const [record] = await groupRecords(db, companyId, [id], scope);
  if (!record) throw notFound('Không tìm thấy nhóm đơn hàng');
  return record;
}

/**
 * Moving or deleting a group acts on every order in it: refused to a member whose scope leaves some
 * of them out (a region manager's group holding another region's orders), whatever the group shows.
 */
async function requireWholeGroup(tx: Db, groupId: number, scope: SQL | null): Promise<void> {
  if (!scope) return;
  const [outside] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.groupId, groupId), sql`not coalesce((${scope}), false)`))
    .limit(1);
  if (outside) {
    throw new HttpError(
      403,
      'FORBIDDEN',
      'Nhóm có đơn hàng ngoài phạm vi của bạn: chỉ người xem được mọi đơn của nhóm mới chuyển trạng thái hoặc xóa nhóm',
    );
  }
}

function groupMembers(tx: Db, groupId: number) {
  return tx.select({ id: orders.id, accountId: orders.accountId }).from(orders).where(eq(orders.groupId, groupId));
}

/** Takes orders out of their group (and tells the phones holding them); their status stays as it is. */
async function ungroup(tx: Db, companyId: number, members: readonly { id: string; accountId: number }[]): Promise<void> {
  if (members.length === 0) return;
  await tx
    .update(orders)
    .set({ groupId: null, updatedAt: new Date() })
    .where(
      inArray(
        orders.id,
        members.map((row) => row.id),
      ),
    );
  await recordChanges(
    tx,
    members.map((row) => ({
      companyId,
      entity: 'order' as const,
      entityId: row.id,
      op: 'upsert' as const,
      ownerAccountId: row.accountId,
    })),
  );
}

/**
 * A group's new status: only along its transitions. Starting the run ships its confirmed orders;
 * finishing it completes those delivering; cancelling it lets its orders go. Returns what it says
 * of the orders moved, if any.
 */
async function moveGroup(
  tx: Db,
  group: { companyId: number; id: number; from: OrderGroupStatus; to: OrderGroupStatus },
  accountId: number,
): Promise<string | null> {
  const { companyId, id, from, to } = group;
  if (!ORDER_GROUP_TRANSITIONS[from].includes(to)) {
    throw new HttpError(
      409,
      'ORDER_TRANSITION_INVALID',
      `Không thể chuyển nhóm từ "${ORDER_GROUP_STATUS_LABELS[from]}" sang "${ORDER_GROUP_STATUS_LABELS[to]}"`,
    );
  }
  let report: string | null = null;
  const move: [OrderStatus, OrderStatus] | null =
    to === 'delivering' ? ['confirmed', 'delivering'] : to === 'done' ? ['delivering', 'completed'] : null;
  if (move) {
    const members = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.groupId, id), eq(orders.status, move[0])));
    for (const member of members) await moveOrder(tx, { companyId, orderId: member.id, to: move[1], reason: null, accountId });
    report = `${members.length} đơn chuyển sang trạng thái mới`;
  }
  if (to === 'cancelled') {
    // Through ungroup, so that the phones holding these orders hear they left the group.
    await ungroup(tx, companyId, await groupMembers(tx, id));
  }
  return report;
}

/**
 * A group shows its orders (customer, phone, address, total): its calls need the orders' own view
 * besides the group's right, and read the orders by the order list's scope rule.
 */
async function groupScope(db: Db, auth: AuthInfo, company: number, action: PermissionAction): Promise<SQL | null> {
  const access = await requirePermission(db, auth, company, 'order_groups', action);
  await requirePermission(db, auth, company, 'orders', 'view');
  return orderScope(db, access);
}

async function listGroups({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, OrderGroupListQuery);
  const scope = await groupScope(db, c.get('auth'), query.company, 'view');
  await requireGroupOrders(db, query.company);
  const where = and(eq(orderGroups.companyId, query.company), query.status ? eq(orderGroups.status, query.status) : undefined);
  const page = await pagedRows(
    db,
    db.select({ id: orderGroups.id }).from(orderGroups).where(where).$dynamic(),
    [desc(orderGroups.id)],
    query,
  );
  return ok(
    c,
    await groupRecords(
      db,
      query.company,
      page.rows.map((row) => row.id),
      scope,
    ),
    { count: page.count },
  );
}

async function createGroup({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, OrderGroupInputSchema);
  const auth = c.get('auth');
  const scope = await groupScope(db, auth, input.company, 'create');
  await requireGroupOrders(db, input.company);
  const id = await db.transaction(async (tx) => {
    const code = formatCode('GH', await nextCounter(tx, input.company, 'order-group'));
    const [group] = await tx
      .insert(orderGroups)
      .values({
        companyId: input.company,
        code,
        title: input.title,
        deliveryDate: input.delivery_date,
        note: input.note,
        createdBy: auth.accountId,
      })
      .returning({ id: orderGroups.id });
    await joinGroup(tx, { companyId: input.company, groupId: group!.id, scope }, input.orders);
    return group!.id;
  });
  return created(c, await recordOf(db, input.company, id, scope), 'Đã tạo nhóm đơn hàng');
}

async function groupDetail({ db }: AppDeps, c: Context<AppEnv>) {
  const { company } = parseQuery(c, CompanyQuery);
  const scope = await groupScope(db, c.get('auth'), company, 'view');
  await requireGroupOrders(db, company);
  const id = pathId(c);
  const group = await recordOf(db, company, id, scope);
  // The same orders the count and total are of: those the member may read (their order list's rule).
  const members = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, company), eq(orders.groupId, id), scope ?? undefined));
  const records = await orderRecordsById(
    db,
    company,
    members.map((row) => row.id),
  );
  return ok(c, { ...group, orders: [...records.values()] });
}

async function updateGroup({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  const input = await parseBody(c, OrderGroupUpdateSchema);
  const auth = c.get('auth');
  const scope = await groupScope(db, auth, input.company, 'edit');
  await requireGroupOrders(db, input.company);
  const report: string[] = [];
  await db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(orderGroups)
      .where(and(eq(orderGroups.id, id), eq(orderGroups.companyId, input.company)))
      .for('update');
    if (!group) throw notFound('Không tìm thấy nhóm đơn hàng');
    const from = group.status as OrderGroupStatus;
    if ((input.add.length || input.remove.length) && from !== 'open')
      throw new HttpError(409, 'CONFLICT', 'Chỉ thay đổi đơn của nhóm đang gom đơn');
    await joinGroup(tx, { companyId: input.company, groupId: id, scope }, input.add);
    if (input.remove.length) {
      const leaving = await tx
        .select({ id: orders.id, accountId: orders.accountId })
        .from(orders)
        .where(and(eq(orders.groupId, id), inArray(orders.id, input.remove), scope ?? undefined));
      await ungroup(tx, input.company, leaving);
    }
    if (input.status && input.status !== from) {
      await requireWholeGroup(tx, id, scope);
      const moved = await moveGroup(tx, { companyId: input.company, id, from, to: input.status }, auth.accountId);
      if (moved) report.push(moved);
    }
    await tx
      .update(orderGroups)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        deliveryDate: input.delivery_date ?? group.deliveryDate,
        note: input.note ?? group.note,
        status: input.status ?? from,
        updatedAt: new Date(),
      })
      .where(eq(orderGroups.id, id));
  });
  return ok(c, await recordOf(db, input.company, id, scope), { message: ['Đã cập nhật nhóm đơn hàng', ...report].join('; ') });
}

async function deleteGroup({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  const { company } = parseQuery(c, CompanyQuery);
  const scope = await groupScope(db, c.get('auth'), company, 'delete');
  await requireGroupOrders(db, company);
  await db.transaction(async (tx) => {
    const [group] = await tx
      .select({ status: orderGroups.status })
      .from(orderGroups)
      .where(and(eq(orderGroups.id, id), eq(orderGroups.companyId, company)));
    if (!group) throw notFound('Không tìm thấy nhóm đơn hàng');
    if (group.status !== 'open' && group.status !== 'cancelled') throw new HttpError(409, 'CONFLICT', 'Không thể xóa nhóm đã giao');
    await requireWholeGroup(tx, id, scope);
    await ungroup(tx, company, await groupMembers(tx, id));
    await tx.delete(orderGroups).where(eq(orderGroups.id, id));
  });
  return ok(c, null, { message: 'Đã xóa nhóm đơn hàng' });
}
