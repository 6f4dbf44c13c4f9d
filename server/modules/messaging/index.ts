/** The messaging module's public face (Zalo OA; docs/messaging.md): its routes, its jobs, and what other modules call. */
import type { AnyJobHandler } from '@server/kernel/jobs';
import { followersSyncJob, templatesSyncJob } from './oa-syncs';
import { refreshTokenJob } from './oa-tokens';
import { sendMessageJob } from './messages-send';

export { messagingRoutes } from './messaging.routes';
export { enqueueSyncs } from './oa-syncs';
export { ZALO_PROVIDER } from './oa-store';

export const MESSAGING_JOB_HANDLERS: AnyJobHandler[] = [refreshTokenJob, followersSyncJob, templatesSyncJob, sendMessageJob];
