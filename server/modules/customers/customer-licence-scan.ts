/**
 * The scan of a customer's licence, stored in the database like product images
 * (tenant data, served only to members): one per customer, replaced by a new upload under a new id
 * that customers.licence_scan names. The type is read from the first bytes, never from the file
 * name or the declared type.
 */
import { and, eq } from 'drizzle-orm';
import type { LicenceScanType } from '@contract/customers';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { customerLicenceScans, customers } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';

async function setScanId(tx: Db, companyId: number, customerId: string, scanId: string | null): Promise<void> {
  await tx
    .update(customers)
    .set({ licenceScan: scanId, updatedAt: new Date() })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  // The record carries the scan's id: phones hear of the new one.
  await recordChange(tx, { companyId, entity: 'customer', entityId: customerId, op: 'upsert' });
}

/** Replaces the customer's scan; the caller checked the customer is the company's and within scope. */
export async function saveScan(
  tx: Db,
  input: { companyId: number; customerId: string; accountId: number; type: LicenceScanType; bytes: Uint8Array },
): Promise<string> {
  const { companyId, customerId } = input;
  await tx
    .delete(customerLicenceScans)
    .where(and(eq(customerLicenceScans.companyId, companyId), eq(customerLicenceScans.customerId, customerId)));
  const id = uuidv7();
  await tx.insert(customerLicenceScans).values({
    id,
    companyId,
    customerId,
    contentType: input.type,
    bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    uploadedBy: input.accountId,
  });
  await setScanId(tx, companyId, customerId, id);
  return id;
}

export async function removeScan(tx: Db, companyId: number, customerId: string): Promise<void> {
  const removed = await tx
    .delete(customerLicenceScans)
    .where(and(eq(customerLicenceScans.companyId, companyId), eq(customerLicenceScans.customerId, customerId)))
    .returning({ id: customerLicenceScans.id });
  if (removed.length === 0) throw notFound('Khách hàng chưa có bản chụp giấy phép');
  await setScanId(tx, companyId, customerId, null);
}

export async function scanForServing(db: Db, companyId: number, customerId: string) {
  const [row] = await db
    .select({ id: customerLicenceScans.id, contentType: customerLicenceScans.contentType, bytes: customerLicenceScans.bytes })
    .from(customerLicenceScans)
    .where(and(eq(customerLicenceScans.companyId, companyId), eq(customerLicenceScans.customerId, customerId)));
  return row ?? null;
}
