/**
 * The scan of a customer's licence, stored in the database like product images
 * (tenant data, served only to members): one per customer, replaced by a new upload under a new id
 * that customers.licence_scan names. The type is read from the first bytes, never from the file
 * name or the declared type.
 */
import { and, eq } from 'drizzle-orm';
import { MAX_LICENCE_SCAN_BYTES, type LicenceScanType } from '@contract/customers';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { detectImageOrPdf } from '@server/lib/file-type';
import { customerLicenceScans, customers } from '@server/kernel/db/schema';
import { badRequest, HttpError, notFound } from '@server/kernel/errors';
import { recordChange } from '@server/kernel/sync/change-log';

/** Room for one scan plus the multipart framing. */
export const SCAN_UPLOAD_MAX_BYTES = MAX_LICENCE_SCAN_BYTES + 64 * 1024;

/** A licence scan is a photo or a PDF, read from its first bytes (server/lib/file-type.ts). */
export function detectScanType(bytes: Uint8Array): LicenceScanType | null {
  return detectImageOrPdf(bytes);
}

/** Refuses a missing, too large or unknown file, in Vietnamese, before anything is written. */
export function checkScan(file: { name: string; bytes: Uint8Array } | null): LicenceScanType {
  const missing = 'Vui lòng chọn ảnh chụp hoặc tệp PDF của giấy phép';
  if (!file || file.bytes.byteLength === 0) throw badRequest('VALIDATION_FAILED', missing, { file: missing });
  if (file.bytes.byteLength > MAX_LICENCE_SCAN_BYTES) {
    const message = `Tệp "${file.name}" vượt quá ${MAX_LICENCE_SCAN_BYTES / (1024 * 1024)} MB`;
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', message, { file: message });
  }
  const type = detectScanType(file.bytes);
  if (!type) {
    const message = `Tệp "${file.name}" không phải ảnh JPEG, PNG, WebP hoặc tệp PDF`;
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { file: message });
  }
  return type;
}

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
