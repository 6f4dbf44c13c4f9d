/** The visits module's public face: what other modules, the composition root, seed data and tests use. */
export { visitRoutes } from './visits.routes';
export { routePlanRoutes } from './plans.routes';
export { suggestionRoutes } from './suggestions.routes';
export { approvedPlansOf } from './plans';
export { placeFlagged } from './visit-record';
export { visitsServerSync } from './visits.sync';
export { positionRetentionHandler, removeRepPositions, schedulePositionRetention } from './position-retention';
export { repScope } from './plans';
export { saveSuggestionSettings, VISIT_SETTINGS_READERS } from './settings';
export { visitPhotoReadable } from './visit-photos';
