/** Sales regions and their provinces (server/modules/regions). */
import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';

export const regions = pgTable(
  'regions',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'regions_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('regions_company_code_key').on(t.companyId, t.code),
  ],
);

/** A province (new two-level code) belongs to at most one region of a company. */
export const regionProvinces = pgTable(
  'region_provinces',
  {
    regionId: integer('region_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    provinceCode: text('province_code').notNull(),
  },
  (t) => [
    sameCompanyRef('region_provinces_region_id_regions_id_fk', t.regionId, t.companyId, regions).onDelete('cascade'),
    primaryKey({ name: 'region_provinces_pkey', columns: [t.regionId, t.provinceCode, t.companyId] }),
    uniqueIndex('region_provinces_company_province_key').on(t.companyId, t.provinceCode),
  ],
);
