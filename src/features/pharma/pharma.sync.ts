/** The client's half of the pharma sync domain (contract/pharma.ts pharmaSync): the company's rule settings as sent. */
import { pharmaSync } from '@contract/pharma';
import { clientSyncDomain } from '@/sync/domain';
import { asSentMirror, byNumber } from '@/sync/mirrors';

export const pharmaClientSync = clientSyncDomain(pharmaSync, {
  mirrors: { pharma_settings: asSentMirror((db) => db.pharmaSettings, byNumber) },
  writers: {},
});
