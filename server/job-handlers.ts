/**
 * Composition root of the durable jobs (server/kernel/jobs.ts): every module's handlers, by queue.
 * A module that calls a provider exports its handlers from its index.ts and is added here
 * (docs/integrations.md).
 */
import type { AnyJobHandler } from './kernel/jobs';
import { MESSAGING_JOB_HANDLERS } from './modules/messaging';

export const JOB_HANDLERS: AnyJobHandler[] = [...MESSAGING_JOB_HANDLERS];
