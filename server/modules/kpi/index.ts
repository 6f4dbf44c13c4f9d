/** The kpi module's public face: what other modules, the composition root, seed data and tests use. */
export { kpiRoutes } from './kpi.routes';
export { monthActuals } from './kpi-actuals';
