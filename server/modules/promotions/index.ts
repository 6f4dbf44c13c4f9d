/** The promotions module's public face: what other modules, the composition root, seed data and tests use. */
export {
  giftGoodsOf,
  giftVariantIds,
  promotedCart,
  promotionsForOrder,
  recordUsage,
  releaseUsage,
  type OrderPromotions,
} from './promotion-apply';
export { promotionLosses, type LossFacts, type PromotionQuote } from './promotion-losses';
export { createPromotion, actOnPromotion } from './promotion-write';
export { promotionRoutes } from './promotions.routes';
export { promotionsServerSync } from './promotions.sync';
