/** The server's half of the price-policy sync domain (contract/price-policy.ts pricePolicySync). */
import { pricePolicySync } from '@contract/price-policy';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { loadPricePolicyRecords } from './price-policy-record';

export const pricePolicyServerSync = serverSyncDomain(pricePolicySync, { handlers: {}, loaders: { price_policy: loadPricePolicyRecords } });
