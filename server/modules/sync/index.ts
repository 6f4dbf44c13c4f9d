/** The sync module's public face: what other modules, the composition root, seed data and tests use. */
export { syncRoutes } from './sync.routes';
