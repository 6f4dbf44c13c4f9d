/**
 * Report facts (server/modules/reports, docs/reports.md "Why fact tables"): narrow copies of orders
 * and their sold lines with what every report filters and groups by already worked out (the order's
 * Vietnam day, its type, the customer's current group and level, the base-unit quantity). They are
 * written by triggers on orders, order_lines and customers (migration reports_triggers), so every
 * path that writes an order (a phone's op, the office, an import, the data generator) keeps them in
 * the same transaction, and a report never scans the wide order rows nor converts a time zone per row.
 */
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sameCompanyRef } from './columns';
import { companies } from './company';
import { orderLines, orders } from './orders';
import { visits } from './visits';

export const reportOrderFacts = pgTable(
  'report_order_facts',
  {
    orderId: uuid('order_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The Vietnam day the rep took the order (orders.created_at at UTC+7). */
    day: date('day', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    customerTypeId: integer('customer_type_id'),
    levelId: integer('level_id'),
    provinceCode: text('province_code'),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    /** visit | off_route | direct (contract/reports.ts ORDER_TYPES). */
    orderType: text('order_type').notNull(),
    /** The check-in it was taken at: a visit "with an order" (strike rate). */
    visitId: uuid('visit_id'),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Distinct products sold on the order (SKU per order). */
    skuCount: integer('sku_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'report_order_facts_pkey', columns: [t.orderId, t.companyId] }),
    sameCompanyRef('report_order_facts_order_id_orders_id_fk', t.orderId, t.companyId, orders).onDelete('cascade'),
    index('report_order_facts_day_idx').on(t.companyId, t.day),
    index('report_order_facts_account_idx').on(t.companyId, t.accountId, t.day),
    // With the status: a customer's last or first taken order is read from the index alone.
    index('report_order_facts_customer_idx').on(t.companyId, t.customerId, t.day, t.status),
    index('report_order_facts_visit_idx').on(t.visitId),
  ],
);

/** One row per sold (non-gift) line; gifts are counted by the promotions report from promotion_usages. */
export const reportLineFacts = pgTable(
  'report_line_facts',
  {
    lineId: uuid('line_id').notNull(),
    orderId: uuid('order_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    customerTypeId: integer('customer_type_id'),
    provinceCode: text('province_code'),
    status: text('status').notNull(),
    variantId: integer('variant_id').notNull(),
    /** The product's category, brand and group (kept by a trigger on products), so a grouping reads the facts alone. */
    categoryId: integer('category_id'),
    brandId: integer('brand_id'),
    groupId: integer('group_id'),
    /** Quantity in the product's base unit (quantity × the unit's factor). */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'report_line_facts_pkey', columns: [t.lineId, t.companyId] }),
    sameCompanyRef('report_line_facts_line_id_order_lines_id_fk', t.lineId, t.companyId, orderLines).onDelete('cascade'),
    index('report_line_facts_day_idx').on(t.companyId, t.day),
    index('report_line_facts_account_idx').on(t.companyId, t.accountId, t.day),
    // Covers the per-product sums (best sellers, slow movers): read in product order from the index alone.
    index('report_line_facts_variant_idx').on(t.companyId, t.variantId, t.day, t.status, t.quantity, t.revenue),
    index('report_line_facts_order_idx').on(t.orderId),
    index('report_line_facts_customer_idx').on(t.customerId),
    // Distinct orders per category, brand or group: read in (key, order) order from the index alone,
    // counted without sorting a year of lines (server/modules/reports/report-products.ts ordersOf).
    index('report_line_facts_category_idx').on(t.companyId, t.categoryId, t.orderId, t.day, t.status),
    index('report_line_facts_brand_idx').on(t.companyId, t.brandId, t.orderId, t.day, t.status),
    index('report_line_facts_group_idx').on(t.companyId, t.groupId, t.orderId, t.day, t.status),
  ],
);

/**
 * One row per check-in: its Vietnam day, the time spent, and whether an order was taken at it (an
 * order fact of a taken status names it), so visit counts and strike rates read one narrow table
 * instead of joining a year of visits to the orders taken at them. Region and customer group filters
 * still read the customer (its current province and group, as the visit screens show them).
 */
export const reportVisitFacts = pgTable(
  'report_visit_facts',
  {
    visitId: uuid('visit_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    day: date('day', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** Check-in to check-out; null while the visit is open. */
    minutes: doublePrecision('minutes'),
    withOrder: boolean('with_order').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'report_visit_facts_pkey', columns: [t.visitId, t.companyId] }),
    sameCompanyRef('report_visit_facts_visit_id_visits_id_fk', t.visitId, t.companyId, visits).onDelete('cascade'),
    index('report_visit_facts_day_idx').on(t.companyId, t.day),
    index('report_visit_facts_account_idx').on(t.companyId, t.accountId, t.day),
  ],
);
