/** The employees module's public face: what other modules, the composition root, seed data and tests use. */
export { employeeRoutes } from './employees.routes';
export { listEmployees } from './employee-record';
// The sheet reading of the people imports, shared with the system administrator's historical sales import.
export { CellError, date, headerAliases, month, readSheet, text, wholeNumber, type SheetRow } from './employee-sheet';
