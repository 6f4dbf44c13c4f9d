/** The messaging module's public face (Zalo OA; docs/messaging.md): its routes, its jobs, and what other modules call. */
import type { AnyJobHandler } from '@server/kernel/jobs';
import { followersSyncJob, templatesSyncJob } from './oa-syncs';
import { refreshTokenJob } from './oa-tokens';
import { sendMessageJob } from './messages-send';
import { campaignSendJob } from './campaign-send';
import { webhookEventJob } from './webhook-events';

export { messagingRoutes } from './messaging.routes';
export { enqueueSyncs } from './oa-syncs';
export { ZALO_PROVIDER } from './oa-store';

export const MESSAGING_JOB_HANDLERS: AnyJobHandler[] = [
  refreshTokenJob,
  followersSyncJob,
  templatesSyncJob,
  sendMessageJob,
  campaignSendJob,
  webhookEventJob,
];

/** Order events: the order's status move calls the first; the delivery module calls the second (docs/messaging.md "Order events"). */
export { onOrderStatusMove } from './order-events';
/** A ZNS OTP by phone for the sign-up and verification flows (null: no OA or OTP template, send an SMS). */
export { sendOtpByZns, zaloFirstSender } from './otp-sender';
/** One ZNS to a customer for another module (a recall notice), saying why when it cannot go. */
export { NO_ZALO_OA, queueCustomerZns, type CustomerNoticeResult } from './customer-notice';
