/**
 * The database schema (drizzle). Every company-scoped table carries `company_id` and includes it in
 * its unique keys, so the schema can later be distributed by company (docs/architecture.md "Data and scale").
 * Migrations are generated from these files with `npm run db:generate`; one file per domain.
 */
export * from './auth';
export * from './company';
export * from './sync';
export * from './customers';
export * from './visits';
export * from './products';
export * from './price-policy';
export * from './orders';
export * from './warehouse';
export * from './roles';
export * from './regions';
export * from './kpi';
export * from './promotions';
export * from './integrations';
export * from './plans';
export * from './system';
export * from './notifications';
export * from './receivables';
export * from './delivery';
export * from './invoices';
export * from './messaging';
export * from './reports';
export * from './pharma';
export * from './attendance';
export * from './files';
