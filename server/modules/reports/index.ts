/** The reports module's public face: what other modules, the composition root, seed data and tests use. */
export { reportRevenueRoutes, reportRoutes } from './reports.routes';
