/** Monthly targets and imported sales figures (server/modules/kpi). */
import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { sameCompanyRef, tstz } from './columns';
import { companies } from './company';

import { regions } from './regions';

/** Monthly targets: for a region (account null), for a rep (region null), or the company (both null). */
export const kpiTargets = pgTable(
  'kpi_targets',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    month: text('month').notNull(),
    regionId: integer('region_id'),
    accountId: integer('account_id').references(() => accounts.id),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'kpi_targets_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('kpi_targets_region_id_regions_id_fk', t.regionId, t.companyId, regions).onDelete('cascade'),
    uniqueIndex('kpi_targets_key').on(t.companyId, t.month, sql`coalesce(${t.regionId}, 0)`, sql`coalesce(${t.accountId}, 0)`),
  ],
);

/** Sales figures imported from Excel (months before the app, or sales outside it). */
export const staffSales = pgTable(
  'staff_sales',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    month: text('month').notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.accountId, t.month] })],
);
