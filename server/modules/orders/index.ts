/** The orders module's public face: what other modules, the composition root, seed data and tests use. */
export { orderRoutes } from './orders.routes';
export { ordersServerSync } from './orders.sync';
// Invoices (server/modules/invoices) bill completed orders as the order stored them.
export { orderRecordsById } from './order-record';
