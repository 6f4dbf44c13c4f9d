/**
 * Recall campaigns (server/modules/pharma recalls-notices.ts): each customer who received a recalled
 * lot is a task for their rep, waiting until the customer's goods are back or the campaign closes.
 * Kept apart from events.ts, which others edit for their own events.
 */
import type { Db } from '@server/kernel/db/client';
import { notify, resolveWaiting } from './notify';

const recallKey = (campaignId: number, customerId: string) => `recall:${campaignId}:${customerId}`;

/**
 * The rep is asked to get the customer's goods back before the deadline; the ids written (empty:
 * already waiting). The task opens the customer: the campaign's page is the warehouse's, which a rep
 * may not read, and lists every rep's customers.
 */
export async function notifyRecallCustomer(
  tx: Db,
  event: { companyId: number; campaignId: number; code: string; repId: number; customerId: string; title: string; body: string },
): Promise<number[]> {
  return notify(tx, [event.repId], {
    companyId: event.companyId,
    kind: 'recall_notice',
    subjectKey: recallKey(event.campaignId, event.customerId),
    title: event.title,
    body: event.body,
    link: `/customers/${event.customerId}`,
  });
}

/** The customer returned everything, or the campaign closed: their task no longer waits. */
export async function resolveRecallNotices(tx: Db, companyId: number, campaignId: number, customerIds: readonly string[]): Promise<void> {
  await resolveWaiting(
    tx,
    companyId,
    customerIds.map((customerId) => recallKey(campaignId, customerId)),
  );
}
