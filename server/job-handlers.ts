/**
 * Composition root of the durable jobs (server/kernel/jobs.ts): every module's handlers, by queue.
 * A module that calls a provider exports its handlers from its index.ts and is added here
 * (docs/integrations.md).
 */
import type { AnyJobHandler } from './kernel/jobs';
import { AMIS_JOB_HANDLERS, INVOICE_JOB_HANDLERS } from './modules/invoices';

export const JOB_HANDLERS: AnyJobHandler[] = [...INVOICE_JOB_HANDLERS, ...AMIS_JOB_HANDLERS];
