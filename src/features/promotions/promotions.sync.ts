/** The client's half of the promotions sync domain (contract/promotions.ts promotionsSync). */
import { promotionsSync } from '@contract/promotions';
import { clientSyncDomain } from '@/sync/domain';
import { asSentMirror, byNumber } from '@/sync/mirrors';

export const promotionsClientSync = clientSyncDomain(promotionsSync, {
  mirrors: { promotion: asSentMirror((db) => db.promotions, byNumber) },
  writers: {},
});
