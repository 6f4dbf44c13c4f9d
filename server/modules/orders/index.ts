/** The orders module's public face: what other modules, the composition root, seed data and tests use. */
export { orderRoutes } from './orders.routes';
export { ordersServerSync } from './orders.sync';
export { orderTypeRoutes } from './order-types.routes';
export { companyOrderTypes } from './order-types';
