/** The roles module's public face: what other modules, the composition root, seed data and tests use. */
export { customerScope, orderScope, visitScope } from './data-scope';
// The one rule for work at a customer (orders, visits, and payments, deliveries, promotions to come).
export {
  inScopeColumn,
  OUT_OF_SCOPE_MESSAGE,
  reachCustomer,
  reachOf,
  requireCustomerReach,
  requireReach,
  type CustomerReach,
} from './data-scope';
export { memberAccess, requireAnyPermission, requirePermission, scopeFilter, type Access, type PermissionPair } from './member-access';
export { ensureAllCompanyRoles, ensureCompanyRoles, roleIdByName } from './roles-seed';
export { roleRoutes } from './roles.routes';
export { pullScope } from './data-scope';
export { memberBody, memberQuery } from './member-request';
