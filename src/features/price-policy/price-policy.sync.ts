/** The client's half of the price-policy sync domain (contract/price-policy.ts pricePolicySync). */
import { pricePolicySync } from '@contract/price-policy';
import { clientSyncDomain } from '@/sync/domain';
import { asSentMirror, byNumber } from '@/sync/mirrors';

export const pricePolicyClientSync = clientSyncDomain(pricePolicySync, {
  mirrors: { price_policy: asSentMirror((db) => db.pricePolicies, byNumber) },
  writers: {},
});
