/** Customers with their groups (types) and levels (server/modules/customers). */
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { bytea, createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';

export const customerTypes = pgTable(
  'customer_types',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    description: text('description'),
    /** Customers of this group buy at wholesale prices (with the WHOLESALE service on). */
    isWholesale: boolean('is_wholesale').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'customer_types_pkey', columns: [t.id, t.companyId] }), index('customer_types_company_idx').on(t.companyId)],
);

export const customerLevels = pgTable(
  'customer_levels',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    rank: integer('rank').notNull().default(0),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'customer_levels_pkey', columns: [t.id, t.companyId] }), index('customer_levels_company_idx').on(t.companyId)],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    phone: text('phone'),
    taxCode: text('tax_code'),
    ownerName: text('owner_name'),
    addressScheme: text('address_scheme').notNull().default('VN2025'),
    provinceCode: text('province_code'),
    provinceName: text('province_name'),
    districtCode: text('district_code'),
    districtName: text('district_name'),
    wardCode: text('ward_code'),
    wardName: text('ward_name'),
    street: text('street'),
    staffId: integer('staff_id').references(() => accounts.id),
    customerTypeId: integer('customer_type_id'),
    levelId: integer('level_id'),
    /** Holds a drug-business licence (nhà thuốc, quầy thuốc, công ty dược): may be promoted medicines. */
    drugBusiness: boolean('drug_business').notNull().default(false),
    /** The licence papers a medicine sale is checked against (contract/pharma.ts, docs/pharma.md). */
    licenceNumber: text('licence_number'),
    licenceIssuer: text('licence_issuer'),
    licenceDate: date('licence_date', { mode: 'string' }),
    /** The licence covers drugs under special control and the restricted-retail list. */
    controlledScope: boolean('controlled_scope').notNull().default(false),
    gppNumber: text('gpp_number'),
    gppExpiry: date('gpp_expiry', { mode: 'string' }),
    /** A scan of the licence (an uploaded file's id, server/modules/customers). */
    licenceScan: text('licence_scan'),
    /** The national pharmacy database's outlet code (mã cơ sở), for delivery files pharmacies import. */
    outletCode: text('outlet_code'),
    status: text('status').notNull().default('active'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    note: text('note'),
    /** A household business or person: its owner's data is personal data (contract/customers-privacy.ts). */
    person: boolean('person').notNull().default(false),
    /** The owner's consent on file (null: none, or withdrawn); the log is customer_privacy_events. */
    consentAt: tstz('consent_at'),
    consentMethod: text('consent_method'),
    /** Personal data erased on the owner's request: the row keeps only what accounting law needs. */
    erasedAt: tstz('erased_at'),
    /** Folded name, code, phone and owner for diacritic-insensitive search. */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'customers_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('customers_customer_type_id_customer_types_id_fk', t.customerTypeId, t.companyId, customerTypes),
    sameCompanyRef('customers_level_id_customer_levels_id_fk', t.levelId, t.companyId, customerLevels),
    uniqueIndex('customers_company_code_key').on(t.companyId, t.code),
    index('customers_company_name_idx').on(t.companyId, t.name),
  ],
);

/**
 * The scan of a customer's licence: one per customer, its bytes in the row (tenant
 * data, served only to members who may view the customer); customers.licence_scan names the current
 * one, so a new upload gets a new id and no cache serves the old picture.
 */
export const customerLicenceScans = pgTable(
  'customer_licence_scans',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: uuid('customer_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'customer_licence_scans_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('customer_licence_scans_customer_id_customers_id_fk', t.customerId, t.companyId, customers).onDelete('cascade'),
    uniqueIndex('customer_licence_scans_customer_key').on(t.companyId, t.customerId),
  ],
);

/**
 * How many customers a company has, per list tab, kept by statement triggers on customers (migration
 * 0027): the list's pager showed an exact count of the whole company on every page, and counting
 * 100,000 rows was 80% of the page's database time (server/modules/customers/customer-list.ts).
 */
export const customerCounts = pgTable('customer_counts', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  active: integer('active').notNull().default(0),
  inactive: integer('inactive').notNull().default(0),
  ungrouped: integer('ungrouped').notNull().default(0),
});

/**
 * Each consent, withdrawal and answered access or erase request for a customer's personal data
 * (contract/customers-privacy.ts): what the company shows an inspector or the owner.
 */
export const customerPrivacyEvents = pgTable(
  'customer_privacy_events',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: uuid('customer_id').notNull(),
    kind: text('kind').notNull(),
    method: text('method'),
    noticeVersion: text('notice_version'),
    note: text('note'),
    receivedOn: date('received_on', { mode: 'string' }),
    accountId: integer('account_id').references(() => accounts.id),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'customer_privacy_events_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('customer_privacy_events_customer_fk', t.customerId, t.companyId, customers),
    index('customer_privacy_events_customer_idx').on(t.companyId, t.customerId, t.at),
  ],
);
