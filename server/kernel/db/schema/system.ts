/**
 * The system administrator's side (server/modules/system, docs/system.md): shops (stores, suppliers,
 * distributors) with their business types, and historical sales imported from Excel as the
 * baseline of KPI and reports.
 */
import { bigint, customType, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, tstz } from './columns';
import { companies } from './company';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Ngành hàng of a shop (bussinesstype/). */
export const businessTypes = pgTable('business_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** A store (chth), supplier (ncc) or distributor (npt) created by the system administrator. */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    businessTypeId: integer('business_type_id').references(() => businessTypes.id),
    taxCode: text('tax_code'),
    phone: text('phone').notNull(),
    email: text('email'),
    address: text('address'),
    /** The business licence or shop front photo sent with admincreate/. */
    imageType: text('image_type'),
    image: bytea('image'),
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('shops_kind_idx').on(t.kind, t.createdAt), uniqueIndex('shops_account_kind_key').on(t.accountId, t.kind)],
);

/**
 * Sales before the app (or outside it), one row per month and what it is about: the company, and
 * when the sheet says so, the employee, customer, product and province. KPI and reports read it as
 * the baseline beside the orders (docs/system.md "Historical sales").
 */
export const historicalSales = pgTable(
  'historical_sales',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The upload it came in; a new upload of the same months replaces it. */
    batchId: uuid('batch_id').notNull(),
    month: text('month').notNull(),
    day: date('day', { mode: 'string' }),
    accountId: integer('account_id').references(() => accounts.id),
    customerCode: text('customer_code'),
    customerName: text('customer_name'),
    productCode: text('product_code'),
    productName: text('product_name'),
    provinceCode: text('province_code'),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull().default(0),
    importedBy: integer('imported_by').references(() => accounts.id),
    importedAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'historical_sales_pkey', columns: [t.id, t.companyId] }),
    index('historical_sales_company_month_idx').on(t.companyId, t.month),
    index('historical_sales_batch_idx').on(t.batchId),
  ],
);
