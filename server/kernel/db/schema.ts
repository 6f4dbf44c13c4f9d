/**
 * The database schema (drizzle). Every company-scoped table carries `company_id` and includes it in
 * its unique keys, so the schema can later be distributed by company (architecture: "Data and scale").
 * Migrations are generated from this file with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** System-scoped account types (spec §3: "Account types are system-scoped (system code, company)"). */
export const accountTypes = pgTable('account_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
});

export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email'),
  address: text('address'),
  birthday: date('birthday', { mode: 'string' }),
  gender: text('gender'),
  accountTypeId: integer('account_type_id')
    .notNull()
    .references(() => accountTypes.id),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

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
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** accept | pending (asked to join) | invited (added by the company, not yet accepted) | reject */
    status: text('status').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    /** Issue #7: the member's role, staff kind and place in the company. */
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

/** A sign-in: the family of rotating refresh tokens. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    remember: boolean('remember').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    /** Absolute end of the session, whatever the refreshes (ASVS 10.4.8). */
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    verifiedAt: tstz('verified_at'),
    resetTokenHash: text('reset_token_hash'),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_account_idx').on(t.accountId, t.createdAt)],
);

/** Failed sign-ins in a sliding window, keyed by `acct:<phone>` and `ip:<address>`. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/*
 * Sync (issue #3). One change-log row per (company, entity, id): every change moves the row to a new
 * sequence number, so a client pulling from cursor 0 gets each live record once and each deleted
 * one as a tombstone; pulling from a later cursor gets what changed since. Writers of one company
 * take a transaction-scoped advisory lock before taking a number, so numbers commit in order and a
 * puller never skips a row (research/offline.md 1.10).
 */
export const changeLogSeq = pgSequence('change_log_seq');

export const changeLog = pgTable(
  'change_log',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('change_log_seq')`),
    op: text('op').notNull(),
    /** Set for records only their owner mirrors (a rep's own visits and orders). */
    ownerAccountId: integer('owner_account_id'),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.entity, t.entityId] }), uniqueIndex('change_log_company_seq_key').on(t.companyId, t.seq)],
);

/** Per company, the oldest cursor still served without a reset (raised when tombstones are purged). */
export const syncHorizons = pgTable('sync_horizons', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  minCursor: bigint('min_cursor', { mode: 'number' }).notNull(),
});

/** Each op applied once: written in the same transaction as the op's effects, with its answer. */
export const processedOps = pgTable(
  'processed_ops',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    opId: uuid('op_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    deviceId: uuid('device_id').notNull(),
    type: text('type').notNull(),
    payloadHash: text('payload_hash').notNull(),
    outcome: text('outcome').notNull(),
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.opId] })],
);

export const customerTypes = pgTable(
  'customer_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
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
  (t) => [index('customer_types_company_idx').on(t.companyId)],
);

export const customerLevels = pgTable(
  'customer_levels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    rank: integer('rank').notNull().default(0),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('customer_levels_company_idx').on(t.companyId)],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
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
    customerTypeId: integer('customer_type_id').references(() => customerTypes.id),
    levelId: integer('level_id').references(() => customerLevels.id),
    status: text('status').notNull().default('active'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    note: text('note'),
    /** Folded name, code, phone and owner for diacritic-insensitive search. */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_company_code_key').on(t.companyId, t.code), index('customers_company_name_idx').on(t.companyId, t.name)],
);

export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    checkInAt: tstz('check_in_at').notNull(),
    checkInLat: doublePrecision('check_in_lat'),
    checkInLng: doublePrecision('check_in_lng'),
    checkInAccuracy: doublePrecision('check_in_accuracy'),
    checkInNote: text('check_in_note'),
    checkOutAt: tstz('check_out_at'),
    checkOutLat: doublePrecision('check_out_lat'),
    checkOutLng: doublePrecision('check_out_lng'),
    checkOutAccuracy: doublePrecision('check_out_accuracy'),
    checkOutNote: text('check_out_note'),
    flags: jsonb('flags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('visits_company_check_in_idx').on(t.companyId, t.checkInAt),
    index('visits_company_account_idx').on(t.companyId, t.accountId, t.checkInAt),
  ],
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
 * Catalogue (issue #4). Products carry the regulated facts; variants are what is sold, each in
 * several units (variant_units: conversion factor to the base unit, price, wholesale price,
 * barcode). Lists of brands, categories, groups and unit names are per company.
 */
const catalogueList = (name: string) =>
  pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id),
      title: text('title').notNull(),
      createdAt: createdAt(),
      updatedAt: tstz('updated_at').notNull().defaultNow(),
    },
    (t) => [uniqueIndex(`${name}_company_title_key`).on(t.companyId, sql`lower(${t.title})`)],
  );

export const productBrands = catalogueList('product_brands');
export const productCategories = catalogueList('product_categories');
export const productGroups = catalogueList('product_groups');
export const productUnits = catalogueList('product_units');

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    activeIngredient: text('active_ingredient'),
    strength: text('strength'),
    registrationNumber: text('registration_number'),
    manufacturer: text('manufacturer'),
    country: text('country'),
    brandId: integer('brand_id').references(() => productBrands.id),
    categoryId: integer('category_id').references(() => productCategories.id),
    groupId: integer('group_id').references(() => productGroups.id),
    vatRate: integer('vat_rate').notNull().default(0),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** Folded name, code, ingredient, registration number for diacritic-insensitive search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_company_code_key').on(t.companyId, t.code), index('products_company_name_idx').on(t.companyId, t.name)],
);

export const variants = pgTable(
  'variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Folded product and variant words, codes and barcodes. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('variants_company_code_key').on(t.companyId, t.code), index('variants_product_idx').on(t.productId)],
);

export const variantUnits = pgTable(
  'variant_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
    factor: integer('factor').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    wholesalePrice: bigint('wholesale_price', { mode: 'number' }),
    barcode: text('barcode'),
  },
  (t) => [
    uniqueIndex('variant_units_variant_unit_key').on(t.variantId, sql`lower(${t.unit})`),
    uniqueIndex('variant_units_company_barcode_key')
      .on(t.companyId, t.barcode)
      .where(sql`${t.barcode} is not null`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

/** Price lists by customer group and level (CSG service); see contract/price-policy.ts for precedence. */
export const pricePolicies = pgTable(
  'price_policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    customerTypeId: integer('customer_type_id').references(() => customerTypes.id),
    levelId: integer('level_id').references(() => customerLevels.id),
    discountPercent: doublePrecision('discount_percent').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('price_policies_company_idx').on(t.companyId)],
);

export const pricePolicyItems = pgTable(
  'price_policy_items',
  {
    policyId: integer('policy_id')
      .notNull()
      .references(() => pricePolicies.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    unit: text('unit').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.variantId, t.unit] })],
);

/*
 * Orders (issue #5). An order keeps a snapshot of its customer (name, address) and of each line's
 * product and price, so later catalogue edits never change a past order. Lines have client ids.
 */
export const orderGroups = pgTable(
  'order_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    title: text('title').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    status: text('status').notNull().default('open'),
    note: text('note'),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_groups_company_code_key').on(t.companyId, t.code)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code'),
    localNo: text('local_no').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    customerCode: text('customer_code').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    customerAddress: text('customer_address').notNull().default(''),
    provinceCode: text('province_code'),
    wardCode: text('ward_code'),
    visitId: uuid('visit_id'),
    groupId: integer('group_id').references(() => orderGroups.id),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    note: text('note'),
    vatOn: boolean('vat_on').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discountTotal: bigint('discount_total', { mode: 'number' }).notNull(),
    vatTotal: bigint('vat_total', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Folded code, local number, customer name and phone for search. */
    searchText: text('search_text').notNull().default(''),
    /** When the rep made it on the phone. */
    createdAt: tstz('created_at').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_company_code_key')
      .on(t.companyId, t.code)
      .where(sql`${t.code} is not null`),
    uniqueIndex('orders_company_local_no_key').on(t.companyId, t.localNo),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    index('orders_company_status_created_idx').on(t.companyId, t.status, t.createdAt),
    index('orders_company_customer_idx').on(t.companyId, t.customerId),
    index('orders_company_account_created_idx').on(t.companyId, t.accountId, t.createdAt),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull(),
    sku: text('sku').notNull(),
    unit: text('unit').notNull(),
    factor: integer('factor').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    listPrice: bigint('list_price', { mode: 'number' }).notNull(),
    policyTitle: text('policy_title'),
    discountKind: text('discount_kind'),
    discountValue: doublePrecision('discount_value'),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull(),
    vatRate: integer('vat_rate').notNull(),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_company_variant_idx').on(t.companyId, t.variantId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    accountId: integer('account_id').references(() => accounts.id),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/** Stock on hand per variant, in base units; a variant without a row is not stock-tracked. */
export const variantStock = pgTable(
  'variant_stock',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    onHand: bigint('on_hand', { mode: 'number' }).notNull(),
    /** Held by accepted orders not yet shipped. */
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.variantId] })],
);

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
 * People and territory (issue #7): roles with a permission matrix, regions grouping provinces,
 * monthly KPI targets, imported sales figures, and role changes waiting for approval.
 */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description'),
    /** company | region | own: whose orders, customers and visits members see. */
    scope: text('scope').notNull().default('company'),
    permissions: jsonb('permissions').$type<Record<string, string[]>>().notNull(),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

export const roleRequests = pgTable(
  'role_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => accountCompanies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => accounts.id),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('role_requests_company_status_idx').on(t.companyId, t.status)],
);

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

/** Monthly targets: for a region (account null), for a rep (region null), or the company (both null). */
export const kpiTargets = pgTable(
  'kpi_targets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    month: text('month').notNull(),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    orders: integer('orders').notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kpi_targets_key').on(t.companyId, t.month, sql`coalesce(${t.regionId}, 0)`, sql`coalesce(${t.accountId}, 0)`)],
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
