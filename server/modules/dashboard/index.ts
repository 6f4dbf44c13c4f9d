/** The dashboard module's public face: what other modules, the composition root, seed data and tests use. */
export { dashboardRoutes } from './dashboard.routes';
