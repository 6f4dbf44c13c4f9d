/** The address module's public face: what other modules, the composition root, seed data and tests use. */
export { locationRoutes } from './address.routes';
export { getProvinceIndex, type ProvinceIndex } from './province-index';
export { currentWard, getLocationData, type LocationData } from './address-data';
