/**
 * The phone's `customer.licence` op: a customer's licence papers edited on a
 * phone, offline or not, through the outbox like any customer edit.
 */
import { and, eq } from 'drizzle-orm';
import type { CustomerLicencePayload } from '@contract/customers';
import { customers } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { OpRejection, type OpHandler } from '@server/kernel/sync/op-context';
import { reachCustomer } from '@server/modules/roles';
import { licenceColumns, loadCustomerRecords } from './customer-record';

export const LICENCE_OUT_OF_SCOPE_MESSAGE = 'Khách hàng này không thuộc phạm vi bạn phụ trách, bạn không được sửa giấy phép của khách hàng';

/**
 * customer.licence: the rep copied the papers at the pharmacy, offline or not. The customer must be
 * the company's and within the sender's data scope: off-route work (contract/roles.ts OFF_ROUTE)
 * lets a rep sell outside the route, not change another rep's customer. The last edit to arrive
 * wins, as an office edit does; a later office edit arrives on the phone by the change log.
 */
export const editCustomerLicence: OpHandler<CustomerLicencePayload> = async (context, payload) => {
  const { tx, companyId } = context;
  const reach = await reachCustomer(tx, context.access, payload.customerId);
  if (reach === 'not_found') throw new OpRejection('CUSTOMER_NOT_FOUND', 'Không tìm thấy khách hàng để cập nhật giấy phép');
  if (reach !== 'in_scope') throw new OpRejection('CUSTOMER_OUT_OF_SCOPE', LICENCE_OUT_OF_SCOPE_MESSAGE);
  await tx
    .update(customers)
    .set({ ...licenceColumns(payload), updatedAt: context.now })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, payload.customerId)));
  await recordChange(tx, { companyId, entity: 'customer', entityId: payload.customerId, op: 'upsert' });
  const record = (await loadCustomerRecords(tx, companyId, [payload.customerId])).get(payload.customerId);
  return { outcome: 'applied', entity: { type: 'customer', id: payload.customerId, data: record } };
};
