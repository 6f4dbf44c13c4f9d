/** The regions module's public face: what other modules, the composition root, seed data and tests use. */
export { inProvinces, provincesByRegion, regionAddressCodes, regionRefs } from './regions.repo';
export { regionRoutes } from './regions.routes';
