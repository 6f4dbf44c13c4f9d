/** The server's half of the promotions sync domain (contract/promotions.ts promotionsSync). */
import { promotionsSync } from '@contract/promotions';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { loadPromotionRecords } from './promotion-record';

export const promotionsServerSync = serverSyncDomain(promotionsSync, { handlers: {}, loaders: { promotion: loadPromotionRecords } });
