/**
 * Service packages (gói dịch vụ), vouchers, the orders companies place for a package (the spec's
 * system orders) and each company's current subscription (server/modules/plans, docs/plans.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, tstz } from './columns';
import { companies } from './company';

export const servicePackages = pgTable('service_packages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  /** Đồng per month, VAT included. */
  pricePerMonth: bigint('price_per_month', { mode: 'number' }).notNull(),
  /** Active members the company may have. */
  seats: integer('seats').notNull(),
  /** The company switches (contract/company-switches.ts) the package turns on. */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** Days a new company runs on this package before buying one; null: not the trial. At most one package has it. */
  trialDays: integer('trial_days'),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const vouchers = pgTable('vouchers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  description: text('description'),
  /** percent | amount */
  kind: text('kind').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  /** The most a percent voucher takes off, in đồng; null: no cap. */
  maxDiscount: bigint('max_discount', { mode: 'number' }),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  /** How many companies may use it in all; null: no limit. */
  maxUses: integer('max_uses'),
  /** The packages it applies to; empty: every package. */
  packageIds: jsonb('package_ids').$type<number[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** A package bought or renewed by a company: pending until the system administrator confirms the payment. */
export const systemOrders = pgTable(
  'system_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => servicePackages.id),
    months: integer('months').notNull(),
    /** pending | confirmed | cancelled */
    status: text('status').notNull(),
    listAmount: bigint('list_amount', { mode: 'number' }).notNull(),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    createdBy: integer('created_by').references(() => accounts.id),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('system_orders_company_idx').on(t.companyId, t.createdAt),
    index('system_orders_status_idx').on(t.status, t.createdAt),
    // One open order per company at a time.
    uniqueIndex('system_orders_company_pending_key')
      .on(t.companyId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A voucher is used once per company: by its order, released if the order is cancelled. */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    systemOrderId: integer('system_order_id')
      .notNull()
      .references(() => systemOrders.id),
    usedAt: createdAt(),
  },
  (t) => [uniqueIndex('voucher_uses_voucher_company_key').on(t.voucherId, t.companyId)],
);

/** A company's current package: its switches follow it and its seats limit active members. */
export const companySubscriptions = pgTable('company_subscriptions', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  packageId: integer('package_id')
    .notNull()
    .references(() => servicePackages.id),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  /** Inclusive, Vietnam days. */
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  lastOrderId: integer('last_order_id').references(() => systemOrders.id),
  /** The trial a new company starts on (no order): bought packages replace it, never continue it. */
  isTrial: boolean('is_trial').notNull().default(false),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
