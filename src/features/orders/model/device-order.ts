/**
 * The device's copy of one of my orders and where its latest op stands, as the order screens show
 * it next to the server's copy: waiting to be sent, being sent, refused (with the changes asked for).
 */
import type { AppDb, LocalOrder, OutboxState } from '@/db/app-db';

export type DeviceOrder = { order: LocalOrder; opState: OutboxState | null };

/** The state of the newest queued op of each order still waiting for the server. */
export async function latestOpStates(db: AppDb, orderIds: readonly string[]): Promise<Map<string, OutboxState>> {
  const ops = orderIds.length
    ? await db.outbox
        .where('entity.id')
        .anyOf([...orderIds])
        .toArray()
    : [];
  const latest = new Map<string, { seq: number; state: OutboxState }>();
  for (const op of ops) {
    const id = op.entity!.id;
    const seq = op.seq ?? 0;
    if ((latest.get(id)?.seq ?? -1) < seq) latest.set(id, { seq, state: op.state });
  }
  return new Map([...latest].map(([id, entry]) => [id, entry.state]));
}

/** An order of this company on the device, or null (not made or mirrored here). */
export async function readDeviceOrder(db: AppDb, companyId: number, id: string): Promise<DeviceOrder | null> {
  const order = await db.orders.get(id);
  if (!order || order.company !== companyId) return null;
  const opState = order.syncState === 'pending' ? ((await latestOpStates(db, [id])).get(id) ?? null) : null;
  return { order, opState };
}

/**
 * What the server may have said about the order since it was last read: sent and accepted (code,
 * status), refused, or changed by a pull. Not the op's own progress (sending), which the server
 * cannot show yet.
 */
export function deviceOrderStamp(order: LocalOrder): string {
  return [order.syncState, order.code ?? '', order.status, order.updated_at, order.error ?? '', order.changes.length].join('|');
}
