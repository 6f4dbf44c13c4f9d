/** The client's half of the promotions sync domain (contract/promotions.ts promotionsSync). */
import { promotionsSync } from '@contract/promotions';
import { clientSyncDomain } from '@/sync/domain';
import { byNumber, sameRecord } from '@/sync/mirrors';

export const promotionsClientSync = clientSyncDomain(promotionsSync, {
  mirrors: {
    promotion: {
      table: (db) => db.promotions,
      key: byNumber,
      toLocal: sameRecord,
      ofCompany: (db, companyId) => db.promotions.where('company').equals(companyId),
    },
  },
  writers: {},
});
