/** The server's half of the products sync domain (contract/products.ts productsSync): variants as phones mirror them. */
import { productsSync } from '@contract/products';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { loadVariantRecords } from './variant-record';

export const productsServerSync = serverSyncDomain(productsSync, { handlers: {}, loaders: { variant: loadVariantRecords } });
