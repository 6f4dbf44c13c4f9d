/** The orders module's public face: what other modules, the composition root, seed data and tests use. */
export { orderRoutes } from './orders.routes';
export { ordersServerSync } from './orders.sync';
export { orderTypeRoutes } from './order-types.routes';
export { companyOrderTypes } from './order-types';
export { moveOrder, type Move } from './order-moves';
export { submitOrder } from './order-submit';
// Invoices (server/modules/invoices) bill completed orders as the order stored them.
export { orderRecordsById } from './order-record';
// The pharmacy's import file of a shipped order, and the signed link its printed QR carries.
export { pharmacyFileRoutes, pharmacySignedRoutes } from './pharmacy-file.routes';
// The same facts per order line for the e-invoice's lines (server/modules/invoices/invoice-draft.ts).
export { orderLineDrugFacts, type OrderLineDrugFacts } from './pharmacy-file';
