/** The customers module's public face: what other modules, the composition root, seed data and tests use. */
export { addressOf, customerSearchText } from './customer-record';
export { listCustomers } from './customer-list';
export { customerRoutes } from './customers.routes';
export { isLicenceScanUpload } from './customer-licence-scan.routes';
export { customersServerSync } from './customers.sync';
export { customerPin, pinCustomer } from './customer-pin';
