/** The pharma module's public face (docs/pharma.md): the sale check orders run, the routes, the sync half, the notice job. */
export { checkPharmaSale, PHARMA_FIX, type PharmaRefusal, type SaleLine } from './sale-check';
export { pharmaRoutes } from './pharma.routes';
export { recallRoutes } from './recalls.routes';
export { openRecall } from './recalls-open';
export { bookRecallReturn } from './recalls-returns';
export { pharmaServerSync } from './pharma.sync';
export { licenceNoticeHandler, scheduleLicenceNotices, sendLicenceNotices } from './licence-expiry';
