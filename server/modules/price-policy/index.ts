/** The price-policy module's public face: what other modules, the composition root, seed data and tests use. */
export { removeOrphanPolicyItems } from './policy-cleanup';
export { activePolicyRecords, loadPricePolicyRecords, policyRecordsById } from './price-policy-record';
export { createPolicy } from './price-policy-write';
export { pricePolicyRoutes } from './price-policy.routes';
export { pricePolicyServerSync } from './price-policy.sync';
