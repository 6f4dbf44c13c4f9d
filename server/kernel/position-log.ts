/**
 * The log of who was shown reps' positions (docs/personal-data.md "Who sees positions, and the
 * log"): one row per answer that carried another person's points. Written by the visits module (a
 * rep's day) and the customers module (a customer's access export), so it lives below both.
 */
import type { PositionViewSource } from '@contract/visits-positions';
import type { Db } from './db/client';
import { positionViews } from './db/schema';

/** One row of the log: `viewerId` was shown `positions` points of `accountId`'s (of `day`, or of an export). */
export async function recordPositionView(
  db: Db,
  view: { companyId: number; viewerId: number; accountId: number; source: PositionViewSource; day: string | null; positions: number },
): Promise<void> {
  await db.insert(positionViews).values({ id: crypto.randomUUID(), ...view });
}
