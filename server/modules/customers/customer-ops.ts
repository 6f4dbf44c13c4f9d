/**
 * customer.create: a customer made on a phone, possibly offline, with its client-generated id.
 * A code already used in the company is refused with a message the rep can act on.
 */
import { and, eq } from 'drizzle-orm';
import type { CustomerCreatePayload } from '@contract/customers';
import { customers } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { OpRejection, type OpHandler } from '@server/kernel/sync/op-context';
import { assertCustomerReferences } from './customer-references';
import { loadCustomerRecords, insertCustomer } from './customer-record';

export const createCustomer: OpHandler<CustomerCreatePayload> = async (context, payload) => {
  const { tx, companyId, accountId } = context;
  const [existing] = await tx.select({ companyId: customers.companyId }).from(customers).where(eq(customers.id, payload.id));
  if (existing) throw new OpRejection('CUSTOMER_ID_TAKEN', 'Mã khách hàng đã tồn tại');
  if (payload.code) {
    const [sameCode] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.code, payload.code)));
    if (sameCode)
      throw new OpRejection('CUSTOMER_CODE_TAKEN', `Mã khách hàng ${payload.code} đã được dùng`, { code: 'Mã khách hàng đã tồn tại' });
  }
  await assertCustomerReferences(tx, companyId, payload);
  const row = await insertCustomer(tx, companyId, accountId, { ...payload, staff_id: payload.staff_id ?? accountId });
  await recordChange(tx, { companyId, entity: 'customer', entityId: row.id, op: 'upsert' });
  const record = (await loadCustomerRecords(tx, companyId, [row.id])).get(row.id);
  return { outcome: 'applied', entity: { type: 'customer', id: row.id, data: record } };
};
