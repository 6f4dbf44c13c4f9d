/** The client's half of the orders sync domain (contract/orders.ts ordersSync). */
import { ordersSync } from '@contract/orders';
import type { LocalOrder } from '@/db/app-db';
import { orderSeen } from '@/db/customer-seen';
import { toLocalOrder } from '@/db/local-records';
import { clientSyncDomain } from '@/sync/domain';
import { asSentMirror, byNumber, byText, deviceRowsMirror, noticingTable } from '@/sync/mirrors';
import { submitCart } from './model/submit-order';

export const ordersClientSync = clientSyncDomain(ordersSync, {
  mirrors: {
    order: {
      ...deviceRowsMirror((db) => db.orders, byText, toLocalOrder, '[company+created_at]'),
      table: (db) => noticingTable(db, db.orders, orderSeen),
      // What changed when the server accepted the order (stock short) came with the push answer only.
      keepLocal: (existing: LocalOrder) => ({ changes: existing.changes }),
    },
    order_type: asSentMirror((db) => db.orderTypes, byNumber),
  },
  writers: { 'order.submit': submitCart },
  onApplied: {
    // Applied with changes (stock short): keep what changed next to the order for the rep to see.
    order: async (db, id, result) => {
      if (result.changes?.length) await db.orders.update(id, { changes: result.changes });
    },
  },
  onRejected: {
    order: async (db, id, result) => {
      await db.orders.update(id, { syncState: 'rejected', error: result.error?.message ?? 'Bị từ chối', changes: result.changes ?? [] });
    },
  },
});
