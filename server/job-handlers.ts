/**
 * Composition root of the durable jobs (server/kernel/jobs.ts): every module's handlers, by queue.
 * A module that calls a provider exports its handlers from its index.ts and is added here
 * (docs/integrations.md).
 */
import type { AnyJobHandler } from './kernel/jobs';
import { planLapseHandler } from './modules/plans';
import { SMS_CODE_JOB } from './modules/auth';
import { PUSH_JOB, PUSH_SEND_JOB } from './modules/notifications';
import { DELIVERY_JOB_HANDLERS } from './modules/delivery';
import { AMIS_JOB_HANDLERS, INVOICE_JOB_HANDLERS } from './modules/invoices';
import { MESSAGING_JOB_HANDLERS } from './modules/messaging';
import { licenceNoticeHandler } from './modules/pharma';
import { positionRetentionHandler } from './modules/visits';
import { fileCleanupHandler } from './modules/files';

export const JOB_HANDLERS: AnyJobHandler[] = [
  planLapseHandler,
  SMS_CODE_JOB,
  PUSH_JOB,
  PUSH_SEND_JOB,
  ...DELIVERY_JOB_HANDLERS,
  ...INVOICE_JOB_HANDLERS,
  ...AMIS_JOB_HANDLERS,
  ...MESSAGING_JOB_HANDLERS,
  licenceNoticeHandler,
  positionRetentionHandler,
  fileCleanupHandler,
];
