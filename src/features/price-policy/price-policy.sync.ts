/** The client's half of the price-policy sync domain (contract/price-policy.ts pricePolicySync). */
import { pricePolicySync } from '@contract/price-policy';
import { clientSyncDomain } from '@/sync/domain';
import { byNumber, sameRecord } from '@/sync/mirrors';

export const pricePolicyClientSync = clientSyncDomain(pricePolicySync, {
  mirrors: {
    price_policy: {
      table: (db) => db.pricePolicies,
      key: byNumber,
      toLocal: sameRecord,
      ofCompany: (db, companyId) => db.pricePolicies.where('company').equals(companyId),
    },
  },
  writers: {},
});
