/** Sales regions and their provinces (server/modules/regions). */
import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { companies } from './company';

export const regions = pgTable(
  'regions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('regions_company_code_key').on(t.companyId, t.code)],
);

/** A province (new two-level code) belongs to at most one region of a company. */
export const regionProvinces = pgTable(
  'region_provinces',
  {
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    provinceCode: text('province_code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.regionId, t.provinceCode] }),
    uniqueIndex('region_provinces_company_province_key').on(t.companyId, t.provinceCode),
  ],
);
