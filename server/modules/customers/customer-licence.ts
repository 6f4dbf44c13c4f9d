/**
 * The phone's `customer.licence` op: a customer's licence papers and business type edited on a
 * phone, offline or not, through the outbox like any customer edit.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { CustomerKind, CustomerLicencePayload } from '@contract/customers';
import { drugBusinessAfterKind } from '@contract/pharma';
import type { Db } from '@server/kernel/db/client';
import { customers } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { OpRejection, type OpHandler } from '@server/kernel/sync/op-context';
import { reachCustomer } from '@server/modules/roles';
import { licenceColumns, loadCustomerRecords } from './customer-record';

export const LICENCE_OUT_OF_SCOPE_MESSAGE = 'Khách hàng này không thuộc phạm vi bạn phụ trách, bạn không được sửa giấy phép của khách hàng';

/**
 * The business type the op names, and the drug-business flag that follows it (drugBusinessAfterKind);
 * an op without one (an older phone's) leaves both as stored. The buyer class and whether the papers
 * are asked for are read from the kind wherever they are used, so they follow with no column of their own.
 */
async function kindColumns(tx: Db, where: SQL | undefined, kind: CustomerKind | undefined) {
  if (kind === undefined) return {};
  const [row] = await tx.select({ kind: customers.kind, drugBusiness: customers.drugBusiness }).from(customers).where(where);
  if (!row) return { kind };
  return { kind, drugBusiness: drugBusinessAfterKind({ kind: row.kind, drug_business: row.drugBusiness }, kind) };
}

/**
 * customer.licence: the rep copied the papers, and the business type they name, at the pharmacy,
 * offline or not. The customer must be the company's and within the sender's data scope: off-route
 * work (contract/roles.ts OFF_ROUTE) lets a rep sell outside the route, not change another rep's
 * customer. Papers and kind go in one write and one change-log entry. The last edit to arrive
 * wins, as an office edit does; a later office edit arrives on the phone by the change log.
 */
export const editCustomerLicence: OpHandler<CustomerLicencePayload> = async (context, payload) => {
  const { tx, companyId } = context;
  const reach = await reachCustomer(tx, context.access, payload.customerId);
  if (reach === 'not_found') throw new OpRejection('CUSTOMER_NOT_FOUND', 'Không tìm thấy khách hàng để cập nhật giấy phép');
  if (reach !== 'in_scope') throw new OpRejection('CUSTOMER_OUT_OF_SCOPE', LICENCE_OUT_OF_SCOPE_MESSAGE);
  const where = and(eq(customers.companyId, companyId), eq(customers.id, payload.customerId));
  await tx
    .update(customers)
    .set({ ...licenceColumns(payload), ...(await kindColumns(tx, where, payload.kind)), updatedAt: context.now })
    .where(where);
  await recordChange(tx, { companyId, entity: 'customer', entityId: payload.customerId, op: 'upsert' });
  const record = (await loadCustomerRecords(tx, companyId, [payload.customerId])).get(payload.customerId);
  return { outcome: 'applied', entity: { type: 'customer', id: payload.customerId, data: record } };
};
