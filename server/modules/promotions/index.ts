/** The promotions module's public face: what other modules, the composition root, seed data and tests use. */
export {
  giftGoodsOf,
  giftVariantIds,
  promotedCart,
  promotionLosses,
  promotionsForOrder,
  recordUsage,
  releaseUsage,
} from './promotion-apply';
export { createPromotion, actOnPromotion } from './promotion-write';
export { promotionRoutes } from './promotions.routes';
export { promotionsServerSync } from './promotions.sync';
