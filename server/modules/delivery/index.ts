/** The delivery module's public face: what the composition root, seed data and tests use (docs/delivery.md). */
export { deliveryAccountRoutes } from './accounts.routes';
export { connectCarrier, connectSelfDelivery } from './accounts';
export { bookDelivery, quoteAll as quoteDelivery } from './booking';
export { codCollected, type CodCollection } from './cod';
export { deliveryRoutes } from './delivery.routes';
export { DELIVERY_JOB_HANDLERS } from './jobs';
export { labelRoutes } from './labels.routes';
export { orderGoods } from './order-parcel';
export { deliveryWebhookRoutes } from './webhooks.routes';
