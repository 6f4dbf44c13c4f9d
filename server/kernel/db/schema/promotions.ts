/** Promotion programmes and what each order took of them (server/modules/promotions, contract/promotions.ts). */
import { primaryKey, bigint, boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PromotionTier } from '@contract/promotions';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';
import { orders } from './orders';

export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind').notNull(),
    /** pending | approved | stopped | rejected (contract/promotions-status.ts). */
    state: text('state').notNull().default('pending'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    hoursFrom: text('hours_from'),
    hoursTo: text('hours_to'),
    exclusive: boolean('exclusive').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    // Scope lists: a programme names a handful of each; arrays keep the record one row.
    variantIds: integer('variant_ids').array().notNull().default([]),
    categoryIds: integer('category_ids').array().notNull().default([]),
    brandIds: integer('brand_ids').array().notNull().default([]),
    customerTypeIds: integer('customer_type_ids').array().notNull().default([]),
    levelIds: integer('level_ids').array().notNull().default([]),
    regionIds: integer('region_ids').array().notNull().default([]),
    tiers: jsonb('tiers').$type<PromotionTier[]>().notNull().default([]),
    capKind: text('cap_kind').notNull().default('money'),
    capTotal: bigint('cap_total', { mode: 'number' }),
    capPerCustomer: bigint('cap_per_customer', { mode: 'number' }),
    noticeRef: text('notice_ref'),
    noticeDate: date('notice_date', { mode: 'string' }),
    rejectReason: text('reject_reason'),
    createdBy: integer('created_by').references(() => accounts.id),
    approvedBy: integer('approved_by').references(() => accounts.id),
    approvedAt: tstz('approved_at'),
    /** Folded code and name for search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'promotions_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('promotions_company_code_key').on(t.companyId, t.code),
    index('promotions_company_dates_idx').on(t.companyId, t.endsOn),
  ],
);

/**
 * What one order took of one programme. Budgets are the sum of the rows not released (no counter
 * to drift); an order cancelled or refused releases its rows, reopening it takes them again.
 */
export const promotionUsages = pgTable(
  'promotion_usages',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    promotionId: integer('promotion_id').notNull(),
    orderId: uuid('order_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    discount: bigint('discount', { mode: 'number' }).notNull(),
    giftValue: bigint('gift_value', { mode: 'number' }).notNull(),
    /** Base units given or discounted. */
    quantity: integer('quantity').notNull(),
    /** In the programme's cap kind: money (discount + gifts) or quantity. */
    spent: bigint('spent', { mode: 'number' }).notNull(),
    /** Set while the order is cancelled or refused: its budget is free again (cleared if reopened). */
    releasedAt: tstz('released_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'promotion_usages_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('promotion_usages_promotion_id_promotions_id_fk', t.promotionId, t.companyId, promotions).onDelete('cascade'),
    sameCompanyRef('promotion_usages_order_id_orders_id_fk', t.orderId, t.companyId, orders).onDelete('cascade'),
    sameCompanyRef('promotion_usages_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    uniqueIndex('promotion_usages_promotion_order_key').on(t.promotionId, t.orderId, t.companyId),
    index('promotion_usages_promotion_customer_idx').on(t.promotionId, t.customerId),
    index('promotion_usages_order_idx').on(t.orderId),
  ],
);
