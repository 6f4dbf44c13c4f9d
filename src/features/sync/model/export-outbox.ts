/**
 * The last-resort backup (Excalidraw lesson, docs/offline-sync.md "What the rep sees"): everything this device has
 * queued, with the records it describes, as a JSON file the person can send to the office.
 */
import type { AppDb } from '@/db/app-db';

export async function exportOutbox(db: AppDb, deviceId: string): Promise<Blob> {
  const outbox = await db.outbox.orderBy('seq').toArray();
  const pendingIds = new Set(
    outbox
      .filter((op) => op.state !== 'done')
      .map((op) => op.entity?.id)
      .filter(Boolean),
  );
  const visits = (await db.visits.toArray()).filter((visit) => pendingIds.has(visit.id));
  const customers = (await db.customers.toArray()).filter((customer) => pendingIds.has(customer.id));
  const content = { exportedAt: new Date().toISOString(), deviceId, outbox, records: { visits, customers } };
  return new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' });
}
