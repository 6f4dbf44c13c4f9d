/** The employees module's public face: what other modules, the composition root, seed data and tests use. */
export { employeeRoutes } from './employees.routes';
export { listEmployees } from './employee-record';
