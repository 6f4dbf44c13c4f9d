/** The notifications module's public face (docs/notifications.md): the events other modules raise, the routes, the push jobs. */
export {
  notifyDeliveryOutcome,
  notifyDeliveryStatus,
  notifyDiscountApproval,
  notifyJoinDecision,
  notifyJoinRequest,
  notifyLicenceExpiring,
  notifyOrderChanged,
  notifyOrderMoved,
  notifyPromotionWaiting,
  notifyRoleRequest,
  resolvePromotion,
  resolveRoleRequest,
} from './events';
export { notifyRecallCustomer, resolveRecallNotices } from './recall-events';
export { notificationRoutes } from './notifications.routes';
export { PUSH_JOB, PUSH_SEND_JOB, vapidKeys } from './web-push';
