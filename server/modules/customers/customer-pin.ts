/**
 * A customer's pin (map position): read by a check-in to measure how far the rep stands
 * (server/modules/visits), and set from the first check-in at a customer without one. A pin once set
 * is changed from the customer's form only, by whoever may edit customers.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Pin } from '@contract/visits-place';
import type { Db } from '@server/kernel/db/client';
import { customers } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';

export async function customerPin(db: Db, companyId: number, customerId: string): Promise<Pin | null> {
  const [row] = await db
    .select({ lat: customers.lat, lng: customers.lng })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
}

/** Sets the pin of a customer that has none; false when another check-in or the office set one first. */
export async function pinCustomer(tx: Db, companyId: number, customerId: string, pin: Pin, now: Date): Promise<boolean> {
  const updated = await tx
    .update(customers)
    .set({ lat: pin.lat, lng: pin.lng, updatedAt: now })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId), isNull(customers.lat)))
    .returning({ id: customers.id });
  if (updated.length === 0) return false;
  await recordChange(tx, { companyId, entity: 'customer', entityId: customerId, op: 'upsert' });
  return true;
}
