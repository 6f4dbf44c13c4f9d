/** The server's half of the pharma sync domain (contract/pharma.ts pharmaSync): the company's rule settings. */
import { pharmaSync } from '@contract/pharma';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { loadPharmaSettings } from './settings';

export const pharmaServerSync = serverSyncDomain(pharmaSync, {
  handlers: {},
  loaders: { pharma_settings: loadPharmaSettings },
});
