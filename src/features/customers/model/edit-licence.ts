/**
 * Editing a customer's licence papers and business type: on the device first, with its
 * `customer.licence` op in the same transaction (one write path, online or not:
 * docs/offline-sync.md "One write path"). A customer made on this device
 * and not yet accepted is edited too: the op waits for its `customer.create`.
 */
import * as v from 'valibot';
import { CustomerLicenceSchema, type CustomerLicencePayload, type CustomerRecord } from '@contract/customers';
import { drugBusinessAfterKind } from '@contract/pharma';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { toLocalCustomer } from '@/db/local-records';
import { writeWithOp } from '@/sync/local-write';
import { enqueueOp, unappliedOpFor } from '@/sync/outbox';

export type LicenceInput = Omit<v.InferInput<typeof CustomerLicenceSchema>, 'customerId' | 'editedAt'>;

export class CustomerMissingError extends Error {
  constructor() {
    super('Không tìm thấy khách hàng trên máy này');
  }
}

function recordOf(row: LocalCustomer): CustomerRecord {
  const { search: _search, nameFold: _fold, syncState: _state, ...record } = row;
  return record;
}

export async function editLicenceOnDevice(
  db: AppDb,
  who: { companyId: number; accountId: number },
  customerId: string,
  input: LicenceInput,
  now = new Date(),
): Promise<CustomerRecord> {
  // Checked before anything is written: a payload the server would refuse for its shape is never queued.
  const payload: CustomerLicencePayload = v.parse(CustomerLicenceSchema, { ...input, customerId, editedAt: now.toISOString() });
  return writeWithOp(db, [db.customers], async () => {
    const row = await db.customers.get(customerId);
    if (!row || row.company !== who.companyId) throw new CustomerMissingError();
    const { customerId: _id, editedAt: _at, kind, ...licence } = payload;
    const created = await unappliedOpFor(db, customerId, 'customer.create');
    const stored = recordOf(row);
    // The kind and the drug-business flag follow as the server will set them (customer-licence.ts),
    // so the cart's pharma rules and promotions read the new type offline. The scan stays as the
    // server has it: it is attached by its own upload, not by this op.
    const record: CustomerRecord = {
      ...stored,
      ...licence,
      ...(kind === undefined ? {} : { kind, drug_business: drugBusinessAfterKind(stored, kind) }),
      licence_scan: row.licence_scan,
      updated_at: now.toISOString(),
    };
    // A customer still waiting for its creation keeps that state (its chip tells of the creation).
    await db.customers.put(toLocalCustomer(record, created ? row.syncState : 'pending'));
    await enqueueOp(
      db,
      {
        type: 'customer.licence',
        companyId: who.companyId,
        accountId: who.accountId,
        entity: { type: 'customer', id: customerId },
        payload,
        dependsOn: created ? [created] : [],
      },
      now,
    );
    return record;
  });
}
