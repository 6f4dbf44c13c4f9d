/** Companies, their members, switches, running numbers and per-person table views (server/modules/company). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, tstz } from './columns';

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    taxCode: text('tax_code'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    /**
     * What the company trades in (onboarding): a business type of the system's list
     * (shop/api/bussinesstype/, table business_types). Checked by registercompany; not a foreign key,
     * because business_types' schema file (./system.ts) already refers to this one.
     */
    businessTypeId: integer('business_type_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_tax_code_key')
      .on(t.taxCode)
      .where(sql`${t.taxCode} is not null`),
  ],
);

export const accountCompanies = pgTable(
  'account_companies',
  {
    id: integer('id').generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** accept | pending (asked to join) | invited (added by the company, not yet accepted) | reject */
    status: text('status').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    /** The member's role, staff kind and place in the company. */
    roleId: integer('role_id'),
    /** sales (trình dược viên / nhân viên bán hàng) | office */
    staffKind: text('staff_kind').notNull().default('office'),
    code: text('code'),
    regionId: integer('region_id'),
    managerId: integer('manager_id').references(() => accounts.id),
    startDate: date('start_date', { mode: 'string' }),
    /** A deactivated member cannot enter the company; their history stays. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'account_companies_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('account_companies_company_account_key').on(t.companyId, t.accountId),
    index('account_companies_account_idx').on(t.accountId),
    uniqueIndex('account_companies_company_code_key')
      .on(t.companyId, t.code)
      .where(sql`${t.code} is not null`),
  ],
);

/** Feature switches and report configs per company; a missing row means "off". */
export const companyFeatures = pgTable(
  'company_features',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    isEnabled: boolean('is_enabled').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);

/** Per-company running numbers for human codes (KH000123, DH000045); taken inside the writing transaction. */
export const companyCounters = pgTable(
  'company_counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);

/*
 * Catalogue. Products carry the regulated facts; variants are what is sold, each in
 * several units (variant_units: conversion factor to the base unit, price, wholesale price,
 * barcode). Lists of brands, categories, groups and unit names are per company.
 */

/** Per-person view settings of list screens (order-table, customer-table): the columns shown. */
export const tableViews = pgTable(
  'table_views',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    view: text('view').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.accountId, t.view] })],
);

/*
 * People and territory: roles with a permission matrix, regions grouping provinces,
 * monthly KPI targets, imported sales figures, and role changes waiting for approval.
 */
