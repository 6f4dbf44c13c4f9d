/**
 * Creating a customer: always on the device first, with its `customer.create` op in the same
 * transaction (one write path, online or not); the server assigns the official code on sync. An
 * order for this customer depends on this op, so it reaches the server after the customer.
 */
import * as v from 'valibot';
import { EMPTY_ADDRESS } from '@contract/address';
import { CustomerCreateSchema, isDrugBusiness, type CustomerCreatePayload, type CustomerRecord } from '@contract/customers';
import { isPersonKind } from '@contract/customers-privacy';
import { uuidv7 } from '@contract/uuid';
import type { AppDb } from '@/db/app-db';
import { toLocalCustomer } from '@/db/local-records';
import { writeWithOp } from '@/sync/local-write';
import { enqueueOp } from '@/sync/outbox';

export type NewCustomerInput = Omit<v.InferInput<typeof CustomerCreateSchema>, 'id'>;

export async function createCustomerOnDevice(
  db: AppDb,
  who: { companyId: number; accountId: number; accountName: string },
  input: NewCustomerInput,
  now = new Date(),
): Promise<CustomerRecord> {
  const id = uuidv7(now.getTime());
  const payload: CustomerCreatePayload = v.parse(CustomerCreateSchema, { ...input, id, staff_id: input.staff_id ?? who.accountId });
  const record: CustomerRecord = {
    id,
    company: who.companyId,
    // Shown until the server assigns the official KH code.
    code: payload.code ?? 'Chờ cấp mã',
    name: payload.name,
    kind: payload.kind,
    phone: payload.phone,
    tax_code: payload.tax_code,
    owner_name: payload.owner_name,
    address: payload.address ?? EMPTY_ADDRESS,
    staff_id: payload.staff_id,
    staff_name: payload.staff_id === who.accountId ? who.accountName : null,
    customer_type_id: payload.customer_type_id,
    level_id: payload.level_id,
    status: payload.status,
    lat: payload.lat,
    lng: payload.lng,
    note: payload.note,
    drug_business: isDrugBusiness(payload),
    privacy: {
      person: payload.person ?? isPersonKind(payload.kind),
      consent_at: payload.consent?.given_at ?? null,
      consent_method: payload.consent?.method ?? null,
      erased_at: null,
    },
    licence_number: payload.licence_number,
    licence_issuer: payload.licence_issuer,
    licence_date: payload.licence_date,
    controlled_scope: payload.controlled_scope,
    gpp_number: payload.gpp_number,
    gpp_expiry: payload.gpp_expiry,
    // A scan is uploaded to a customer the server already has, never queued with its creation.
    licence_scan: null,
    outlet_code: payload.outlet_code,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await writeWithOp(db, [db.customers], async () => {
    await db.customers.add(toLocalCustomer(record, 'pending'));
    await enqueueOp(
      db,
      { type: 'customer.create', companyId: who.companyId, accountId: who.accountId, entity: { type: 'customer', id }, payload },
      now,
    );
  });
  return record;
}
