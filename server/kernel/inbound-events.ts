/**
 * Webhooks and callbacks (docs/integrations.md): verified by the route, kept once per
 * (provider, event key) here, answered at once, and processed afterwards by a job, so a provider
 * that delivers twice, or out of order, changes nothing the second time.
 */
import type { Db } from './db/client';
import { inboundEvents } from './db/schema';
import { enqueueJob } from './jobs';

export type InboundEvent = { provider: string; eventKey: string; companyId: number | null; payload: unknown };

/**
 * Records the event and enqueues its processing in one transaction; false when the same event was
 * received before (nothing is enqueued again).
 */
export async function receiveEvent(db: Db, event: InboundEvent, processQueue: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboundEvents)
      .values({ provider: event.provider, eventKey: event.eventKey, companyId: event.companyId, payload: event.payload as object })
      .onConflictDoNothing()
      .returning({ id: inboundEvents.id });
    if (!row) return false;
    await enqueueJob(tx, {
      queue: processQueue,
      companyId: event.companyId,
      dedupeKey: `event:${row.id}`,
      payload: { eventId: row.id, provider: event.provider, companyId: event.companyId, payload: event.payload },
    });
    return true;
  });
}
