/**
 * Order types (contract/orders-types.ts): records for lists and the phones, the company's default
 * types created the first time they are read, and the one check an order's type passes on the
 * server (the rep's choice is a request, docs/orders-types.md).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_ORDER_TYPES, defaultOrderType, orderTypeRefusal, type OrderTypeRecord } from '@contract/orders-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, orderTypes } from '@server/kernel/db/schema';
import { switchStates } from '@server/kernel/switches';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { OpRejection } from '@server/kernel/sync/op-context';

type OrderTypeRow = typeof orderTypes.$inferSelect;

function toRecord(row: OrderTypeRow, accountIds: number[]): OrderTypeRecord {
  return {
    id: row.id,
    company: row.companyId,
    code: row.code,
    name: row.name,
    description: row.description,
    wholesale: row.wholesale,
    is_default: row.isDefault,
    is_active: row.isActive,
    everyone: row.everyone,
    account_ids: row.everyone ? [] : accountIds,
    sort: row.sort,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A type's granted people, read in the type's own statement (an order's submit reads the types).
 * Written out: drizzle leaves columns unqualified in a query on one table.
 */
const grantedAccounts = sql<number[]>`coalesce((select array_agg(g.account_id order by g.account_id) from order_type_accounts g
  where g.company_id = order_types.company_id and g.order_type_id = order_types.id), '{}')`;

const typesWithGrants = (db: Db) => db.select({ row: orderTypes, accountIds: grantedAccounts }).from(orderTypes);

type TypeWithGrants = { row: OrderTypeRow; accountIds: number[] };

const recordsOf = (rows: TypeWithGrants[]) => rows.map(({ row, accountIds }) => toRecord(row, accountIds));

/** The sync loader of `order_type`: the change log names types by id. */
export async function loadOrderTypeRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, OrderTypeRecord>> {
  const numeric = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (numeric.length === 0) return new Map();
  const rows = await typesWithGrants(db).where(and(eq(orderTypes.companyId, companyId), inArray(orderTypes.id, numeric)));
  return new Map(recordsOf(rows).map((record) => [String(record.id), record]));
}

/**
 * Every type of the company, in its order. A company that never had any gets the defaults first
 * (bán lẻ, bán sỉ, đổi trả), told to the phones like any other change.
 */
export async function companyOrderTypes(db: Db, companyId: number): Promise<OrderTypeRecord[]> {
  const read = () => typesWithGrants(db).where(eq(orderTypes.companyId, companyId)).orderBy(asc(orderTypes.sort), asc(orderTypes.id));
  let rows = await read();
  if (rows.length === 0) {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(orderTypes)
        .values(
          DEFAULT_ORDER_TYPES.map((type, sort) => ({
            companyId,
            code: type.code,
            name: type.name,
            description: type.description,
            wholesale: type.wholesale,
            isDefault: type.is_default,
            sort,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: orderTypes.id });
      await recordUpserts(
        tx,
        companyId,
        'order_type',
        inserted.map((row) => row.id),
      );
    });
    rows = await read();
  }
  return recordsOf(rows);
}

/** The accepted members among `accountIds`: a type can only be granted to the company's own people. */
export async function companyMemberIds(db: Db, companyId: number, accountIds: readonly number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .select({ accountId: accountCompanies.accountId })
    .from(accountCompanies)
    .where(
      and(
        eq(accountCompanies.companyId, companyId),
        inArray(accountCompanies.accountId, [...accountIds]),
        eq(accountCompanies.status, 'accept'),
      ),
    );
  return new Set(rows.map((row) => row.accountId));
}

/** The flags the type rules read (contract/orders-types.ts orderTypeRefusal). */
export async function typeFlags(db: Db, companyId: number) {
  const switches = await switchStates(db, companyId);
  return { WHOLESALE: switches.get('WHOLESALE') === true };
}

/**
 * The type an order arriving from `accountId` gets: the one chosen if they may use it (refused
 * otherwise, with a message the rep can act on), or, when none was chosen, the default.
 */
export async function resolveOrderType(db: Db, companyId: number, accountId: number, chosen: number | null): Promise<OrderTypeRecord> {
  const types = await companyOrderTypes(db, companyId);
  const flags = await typeFlags(db, companyId);
  if (chosen === null) {
    const fallback = defaultOrderType(types, accountId, flags);
    if (!fallback) throw new OpRejection('ORDER_TYPE_FORBIDDEN', 'Bạn chưa được phép tạo loại đơn hàng nào, vui lòng liên hệ quản lý');
    return fallback;
  }
  const type = types.find((candidate) => candidate.id === chosen);
  if (!type) throw new OpRejection('ORDER_TYPE_NOT_FOUND', 'Loại đơn hàng không tồn tại', { orderTypeId: 'Loại đơn hàng không tồn tại' });
  const refusal = orderTypeRefusal(type, accountId, flags);
  if (refusal) throw new OpRejection('ORDER_TYPE_FORBIDDEN', refusal, { orderTypeId: refusal });
  return type;
}

/** Takes the company's default away from every type but `keep` (one default at a time). */
export async function clearOtherDefaults(tx: Db, companyId: number, keep: number): Promise<number[]> {
  const cleared = await tx
    .update(orderTypes)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(orderTypes.companyId, companyId), eq(orderTypes.isDefault, true), sql`${orderTypes.id} <> ${keep}`))
    .returning({ id: orderTypes.id });
  return cleared.map((row) => row.id);
}
