/** Changing customers from the office screens, with the change log written in the same transaction. */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { CustomerCreatePayload } from '@contract/customers';
import { ERASED_EDIT_MESSAGE } from '@contract/customers-privacy';
import type { PermissionAction } from '@contract/roles';
import type { AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { customers } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { recordChanges } from '@server/kernel/sync/change-log';
import { OpRejection } from '@server/kernel/sync/op-context';
import { customerScope, requirePermission } from '@server/modules/roles';
import { assertCustomerReferences } from './customer-references';
import { customerColumns } from './customer-record';

/** The op handlers refuse with OpRejection; the HTTP routes answer the same refusal as a 400. */
export async function checkReferences(tx: Db, companyId: number, input: Parameters<typeof assertCustomerReferences>[2]): Promise<void> {
  try {
    await assertCustomerReferences(tx, companyId, input);
  } catch (error) {
    if (error instanceof OpRejection) throw badRequest('VALIDATION_FAILED', error.message, error.fields);
    throw error;
  }
}

export async function assertCodeFree(tx: Db, companyId: number, code: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.code, code)));
  if (taken && taken.id !== exceptId) throw conflict(`Mã khách hàng ${code} đã được dùng`, { code: 'Mã khách hàng đã tồn tại' });
}

/**
 * Customers of the company among `ids`; any id outside it, or outside the caller's data scope
 * (server/modules/roles/data-scope.ts), is refused as not found.
 */
export async function customersOfCompany(tx: Db, companyId: number, ids: string[], scope: SQL | null = null): Promise<string[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, unique), scope ?? undefined));
  if (rows.length !== unique.length)
    throw notFound(unique.length === 1 ? 'Không tìm thấy khách hàng' : 'Có khách hàng không thuộc công ty này hoặc ngoài phạm vi của bạn');
  return unique;
}

const ANY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The path's customer, once the caller may act on it and it is in their data scope; 403/404 before anything is read. */
export async function reachableCustomer(db: Db, c: Context<AppEnv>, company: number, action: PermissionAction): Promise<string> {
  const access = await requirePermission(db, c.get('auth'), company, 'customers', action);
  const id = c.req.param('id') ?? '';
  // A malformed id names no customer (and must not reach a uuid column).
  if (!ANY_UUID.test(id)) throw notFound('Không tìm thấy khách hàng');
  await customersOfCompany(db, company, [id], await customerScope(db, access));
  return id;
}

export async function updateCustomerRow(tx: Db, companyId: number, id: string, input: Omit<CustomerCreatePayload, 'id'>): Promise<void> {
  const [existing] = await tx
    .select({ code: customers.code, erasedAt: customers.erasedAt })
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.companyId, companyId)));
  if (!existing) throw notFound('Không tìm thấy khách hàng');
  // Erased on the owner's request: filling it again would bring the data back without a new consent.
  if (existing.erasedAt) throw conflict(ERASED_EDIT_MESSAGE);
  const code = input.code?.trim() || existing.code;
  if (code !== existing.code) await assertCodeFree(tx, companyId, code, id);
  await checkReferences(tx, companyId, input);
  await tx
    .update(customers)
    .set({ ...customerColumns(code, input), updatedAt: new Date() })
    .where(eq(customers.id, id));
  await recordChanges(tx, [{ companyId, entity: 'customer', entityId: id, op: 'upsert' }]);
}

/** The same columns set on many customers, each change logged. */
export async function updateCustomersColumns(
  tx: Db,
  companyId: number,
  ids: string[],
  changes: Partial<Pick<typeof customers.$inferInsert, 'staffId' | 'levelId' | 'customerTypeId' | 'status'>>,
): Promise<number> {
  if (ids.length === 0) return 0;
  await tx
    .update(customers)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids)));
  await recordChanges(
    tx,
    ids.map((id) => ({ companyId, entity: 'customer' as const, entityId: id, op: 'upsert' as const })),
  );
  return ids.length;
}
