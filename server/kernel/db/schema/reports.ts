/**
 * Report facts (server/modules/reports, docs/reports.md "Why fact tables"): narrow copies of orders
 * and their sold lines with what every report filters and groups by already worked out (the order's
 * Vietnam day, its type, the customer's current group and level, the base-unit quantity). They are
 * written by triggers on orders, order_lines and customers (migration reports_triggers), so every
 * path that writes an order (a phone's op, the office, an import, the data generator) keeps them in
 * the same transaction, and a report never scans the wide order rows nor converts a time zone per row.
 */
import { bigint, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies } from './company';
import { orderLines, orders } from './orders';

export const reportOrderFacts = pgTable(
  'report_order_facts',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
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
    index('report_order_facts_day_idx').on(t.companyId, t.day),
    index('report_order_facts_account_idx').on(t.companyId, t.accountId, t.day),
    index('report_order_facts_customer_idx').on(t.companyId, t.customerId, t.day),
    index('report_order_facts_visit_idx').on(t.visitId),
  ],
);

/** One row per sold (non-gift) line; gifts are counted by the promotions report from promotion_usages. */
export const reportLineFacts = pgTable(
  'report_line_facts',
  {
    lineId: uuid('line_id')
      .primaryKey()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
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
    /** Quantity in the product's base unit (quantity × the unit's factor). */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('report_line_facts_day_idx').on(t.companyId, t.day),
    index('report_line_facts_account_idx').on(t.companyId, t.accountId, t.day),
    index('report_line_facts_variant_idx').on(t.companyId, t.variantId, t.day),
    index('report_line_facts_order_idx').on(t.orderId),
    index('report_line_facts_customer_idx').on(t.customerId),
  ],
);
