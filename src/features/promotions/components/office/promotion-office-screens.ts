/** The promotion office screens, in one file loaded on first use (../promotion-screens.tsx); its chunk's name keeps it out of the precache (scripts/office-chunks.ts). */
export { PromotionDetailPage } from './promotion-detail-page';
export { PromotionFormPage } from './promotion-form-page';
export { PromotionListView } from './promotion-list-view';
