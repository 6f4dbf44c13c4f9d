/** Orders, their lines, status history and group orders (server/modules/orders). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderPromotion } from '@contract/orders';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';
import { variants } from './products';
import { warehouses } from './warehouse';

export const orderGroups = pgTable(
  'order_groups',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
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
  (t) => [
    primaryKey({ name: 'order_groups_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('order_groups_company_code_key').on(t.companyId, t.code),
  ],
);

/** Order types (contract/orders-types.ts): bán lẻ, bán sỉ, đổi trả … per company. */
export const orderTypes = pgTable(
  'order_types',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    wholesale: boolean('wholesale').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Every member may use it; otherwise those of order_type_accounts. */
    everyone: boolean('everyone').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'order_types_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('order_types_company_code_key').on(t.companyId, t.code),
    // At most one default type per company.
    uniqueIndex('order_types_company_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Who may take orders of a type that is not for everyone (using_type_for_user/). */
export const orderTypeAccounts = pgTable(
  'order_type_accounts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderTypeId: integer('order_type_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [
    sameCompanyRef('order_type_accounts_order_type_id_order_types_id_fk', t.orderTypeId, t.companyId, orderTypes).onDelete('cascade'),
    primaryKey({ columns: [t.companyId, t.orderTypeId, t.accountId] }),
    index('order_type_accounts_account_idx').on(t.companyId, t.accountId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code'),
    localNo: text('local_no').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    customerId: uuid('customer_id').notNull(),
    customerCode: text('customer_code').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    customerAddress: text('customer_address').notNull().default(''),
    provinceCode: text('province_code'),
    wardCode: text('ward_code'),
    visitId: uuid('visit_id'),
    groupId: integer('group_id'),
    /** Its type (bán lẻ, bán sỉ …); null on orders taken before types existed. */
    orderTypeId: integer('order_type_id'),
    /** The warehouse the order reserves from and ships from (null: the company's default). */
    warehouseId: integer('warehouse_id'),
    status: text('status').notNull(),
    /** Taken at a customer outside the rep's data scope, which their role allowed (docs/decisions.md). */
    offRoute: boolean('off_route').notNull().default(false),
    statusReason: text('status_reason'),
    /**
     * needed | approved: the rep's discount was over their role's maximum (contract/orders-discount.ts);
     * null when it was not. Confirming the order approves it and records who and when.
     */
    discountApproval: text('discount_approval'),
    discountApprovalReason: text('discount_approval_reason'),
    discountApprovedBy: integer('discount_approved_by').references(() => accounts.id),
    discountApprovedAt: tstz('discount_approved_at'),
    /** Derived from the payments that settled it (server/modules/receivables settle) with RECEIVABLE on. */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    /** Over the customer's or the rep's credit limit and taken with a warning (contract/receivables-ledger.ts creditVerdict). */
    creditWarning: text('credit_warning'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    note: text('note'),
    vatOn: boolean('vat_on').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discountTotal: bigint('discount_total', { mode: 'number' }).notNull(),
    /** What promotions took off (line and order programmes); gifts are lines at 0 đ. */
    promotionTotal: bigint('promotion_total', { mode: 'number' }).notNull().default(0),
    /** The programmes applied, as the engine summed them (contract/promotions-engine.ts AppliedPromotion). */
    promotions: jsonb('promotions').$type<OrderPromotion[]>().notNull().default([]),
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
    primaryKey({ name: 'orders_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('orders_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    sameCompanyRef('orders_group_id_order_groups_id_fk', t.groupId, t.companyId, orderGroups),
    sameCompanyRef('orders_order_type_id_order_types_id_fk', t.orderTypeId, t.companyId, orderTypes),
    sameCompanyRef('orders_warehouse_id_warehouses_id_fk', t.warehouseId, t.companyId, warehouses),
    uniqueIndex('orders_company_code_key')
      .on(t.companyId, t.code)
      .where(sql`${t.code} is not null`),
    uniqueIndex('orders_company_local_no_key').on(t.companyId, t.localNo),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    index('orders_company_status_created_idx').on(t.companyId, t.status, t.createdAt),
    index('orders_company_customer_idx').on(t.companyId, t.customerId),
    index('orders_company_account_created_idx').on(t.companyId, t.accountId, t.createdAt),
    index('orders_company_type_created_idx').on(t.companyId, t.orderTypeId, t.createdAt),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id').notNull(),
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
    promotionAmount: bigint('promotion_amount', { mode: 'number' }).notNull().default(0),
    /** Which programme took how much off this line. */
    promotions: jsonb('promotions').$type<{ promotion_id: number; amount: number }[]>().notNull().default([]),
    /** A gift line (0 đ) and the programme that gave it. */
    isGift: boolean('is_gift').notNull().default(false),
    promotionId: integer('promotion_id'),
    vatRate: integer('vat_rate').notNull(),
    vatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_lines_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('order_lines_order_id_orders_id_fk', t.orderId, t.companyId, orders).onDelete('cascade'),
    sameCompanyRef('order_lines_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_company_variant_idx').on(t.companyId, t.variantId),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: uuid('order_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    accountId: integer('account_id').references(() => accounts.id),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'order_status_history_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('order_status_history_order_id_orders_id_fk', t.orderId, t.companyId, orders).onDelete('cascade'),
    index('order_status_history_order_idx').on(t.orderId),
  ],
);
