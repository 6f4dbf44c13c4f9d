/**
 * A customer's personal data (contract/customers-privacy.ts, docs/personal-data.md): consent
 * recorded and withdrawn, an access request answered with a workbook of what is held, an erase
 * request answered by clearing the personal fields while keeping what accounting law needs. Each
 * step is written to customer_privacy_events in the same transaction as the change it logs.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import {
  answerDueDay,
  ERASED_NAME,
  PERSONAL_DATA_RULES,
  type ConsentMethod,
  type PrivacyEventKind,
  type PrivacyEventRecord,
} from '@contract/customers-privacy';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { accounts, customerPrivacyEvents, customers, orders, zaloFollowers } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { recordChange, recordChanges } from '@server/kernel/sync/change-log';
import { customerSearchText, logPrivacyEvent, type PrivacyWhere } from './customer-record';

type Where = PrivacyWhere;
type Request = { received_on?: string | undefined; note: string | null };

async function touchCustomer(tx: Db, where: Where, set: Partial<typeof customers.$inferInsert>): Promise<void> {
  await tx
    .update(customers)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(customers.companyId, where.companyId), eq(customers.id, where.customerId)));
  await recordChange(tx, { companyId: where.companyId, entity: 'customer', entityId: where.customerId, op: 'upsert' });
}

async function unlinkZalo(tx: Db, where: Where): Promise<void> {
  await tx
    .update(zaloFollowers)
    .set({ customerId: null, linkedBy: null, linkedAt: null })
    .where(and(eq(zaloFollowers.companyId, where.companyId), eq(zaloFollowers.customerId, where.customerId)));
}

/** What the privacy steps decide on; the caller has already found the customer (reachableCustomer). */
async function currentRow(tx: Db, where: Where) {
  const [row] = await tx
    .select({ name: customers.name, taxCode: customers.taxCode, consentAt: customers.consentAt, erasedAt: customers.erasedAt })
    .from(customers)
    .where(and(eq(customers.companyId, where.companyId), eq(customers.id, where.customerId)));
  if (!row) throw notFound('Không tìm thấy khách hàng');
  return row;
}

/** The owner agreed (again, or for the first time on a customer made before the rule). */
export async function recordConsent(tx: Db, where: Where, method: ConsentMethod, note: string | null): Promise<void> {
  if ((await currentRow(tx, where)).erasedAt)
    throw conflict('Dữ liệu cá nhân của khách hàng này đã được xóa theo yêu cầu; hãy tạo lại thông tin mới');
  await touchCustomer(tx, where, { consentAt: new Date(), consentMethod: method });
  await logPrivacyEvent(tx, where, 'consent', { method, note });
}

/** withdrawWithin: consent ends now, and with it the Zalo link that used it. */
export async function withdrawConsent(tx: Db, where: Where, request: Request): Promise<void> {
  if (!(await currentRow(tx, where)).consentAt)
    throw badRequest('VALIDATION_FAILED', 'Khách hàng này không có sự đồng ý nào đang hiệu lực để rút lại');
  await touchCustomer(tx, where, { consentAt: null, consentMethod: null });
  await unlinkZalo(tx, where);
  await logPrivacyEvent(tx, where, 'withdraw', { receivedOn: request.received_on ?? vietnamDay(), note: request.note });
}

/**
 * keepAccountingRecords: the owner's name, phone, street, map position and notes are cleared, the
 * Zalo link removed and the phone copied onto orders blanked; the shop's name stays when an order
 * names it (an accounting document keeps its buyer), otherwise it becomes ERASED_NAME.
 */
export async function eraseCustomer(tx: Db, where: Where, code: string, request: Request): Promise<void> {
  const current = await currentRow(tx, where);
  if (current.erasedAt) throw conflict('Dữ liệu cá nhân của khách hàng này đã được xóa');
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, where.companyId), eq(orders.customerId, where.customerId)))
    .limit(1);
  const name = order ? current.name : ERASED_NAME;
  await touchCustomer(tx, where, {
    name,
    ownerName: null,
    phone: null,
    street: null,
    lat: null,
    lng: null,
    note: null,
    consentAt: null,
    consentMethod: null,
    erasedAt: new Date(),
    status: 'inactive',
    searchText: customerSearchText({ code, name, phone: null, owner_name: null, tax_code: current.taxCode }),
  });
  const blanked = await tx
    .update(orders)
    .set({ customerPhone: null, updatedAt: new Date() })
    .where(and(eq(orders.companyId, where.companyId), eq(orders.customerId, where.customerId), isNotNull(orders.customerPhone)))
    .returning({ id: orders.id, accountId: orders.accountId });
  // The reps' phones hold these orders too: they pull them without the phone.
  await recordChanges(
    tx,
    blanked.map((row) => ({
      companyId: where.companyId,
      entity: 'order' as const,
      entityId: row.id,
      op: 'upsert' as const,
      ownerAccountId: row.accountId,
    })),
  );
  await unlinkZalo(tx, where);
  const kept = order ? ` Giữ tên trên đơn hàng và chứng từ: ${PERSONAL_DATA_RULES.keepAccountingRecords.source}.` : '';
  await logPrivacyEvent(tx, where, 'erase', {
    receivedOn: request.received_on ?? vietnamDay(),
    note: `${request.note ?? ''}${kept}`.trim(),
  });
}

/** An access request answered: the workbook was handed over (customer-privacy-sheet.ts builds it). */
export async function logAccess(tx: Db, where: Where, receivedOn: string | undefined): Promise<void> {
  await logPrivacyEvent(tx, where, 'access', { receivedOn: receivedOn ?? vietnamDay() });
}

/** The customer's personal-data log, newest first. */
export async function privacyEvents(db: Db, companyId: number, customerId: string): Promise<PrivacyEventRecord[]> {
  const rows = await db
    .select({ event: customerPrivacyEvents, byName: accounts.fullName })
    .from(customerPrivacyEvents)
    .leftJoin(accounts, eq(accounts.id, customerPrivacyEvents.accountId))
    .where(and(eq(customerPrivacyEvents.companyId, companyId), eq(customerPrivacyEvents.customerId, customerId)))
    .orderBy(desc(customerPrivacyEvents.at), desc(customerPrivacyEvents.id));
  return rows.map(({ event, byName }) => ({
    id: event.id,
    kind: event.kind as PrivacyEventKind,
    method: (event.method as ConsentMethod | null) ?? null,
    notice_version: event.noticeVersion,
    note: event.note,
    by_name: byName,
    at: event.at.toISOString(),
    received_on: event.receivedOn,
    due_on: event.receivedOn ? answerDueDay(event.receivedOn) : null,
  }));
}
