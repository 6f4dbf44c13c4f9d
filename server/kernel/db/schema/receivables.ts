/**
 * Payments, the receivables ledger, credit limits and the company's bank accounts
 * (server/modules/receivables; docs/receivables.md). `receivable_entries` is the ledger: + for a
 * completed order, − for a confirmed payment or a credited return, written in the transaction of
 * the fact; `payment_allocations` says which orders each confirmed payment settled, recomputed
 * whole for the customer whenever a fact changes (contract/receivables-ledger.ts settle).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';
import { orders } from './orders';

export const payments = pgTable(
  'payments',
  {
    /** The phone's id for a collection (payment.collect), the server's for the office and COD. */
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** No foreign key: a refused order sent again is replaced under the same id (server/modules/orders/order-submit.ts). */
    orderId: uuid('order_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** cash | transfer | cod */
    method: text('method').notNull(),
    reference: text('reference'),
    note: text('note'),
    /** pending (collected, waiting for the cashier) | confirmed | cancelled */
    state: text('state').notNull(),
    /** rep | office | cod */
    source: text('source').notNull(),
    collectedBy: integer('collected_by').references(() => accounts.id),
    collectedAt: tstz('collected_at').notNull(),
    confirmedBy: integer('confirmed_by').references(() => accounts.id),
    confirmedAt: tstz('confirmed_at'),
    cancelledBy: integer('cancelled_by').references(() => accounts.id),
    cancelledAt: tstz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /** Folded code, customer code and name, reference, for search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('payments_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    uniqueIndex('payments_company_code_key').on(t.companyId, t.code),
    index('payments_company_customer_idx').on(t.companyId, t.customerId),
    index('payments_company_order_idx').on(t.companyId, t.orderId),
    index('payments_company_collector_idx').on(t.companyId, t.collectedBy, t.collectedAt),
    index('payments_company_collected_idx').on(t.companyId, t.collectedAt),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    paymentId: uuid('payment_id').notNull(),
    orderId: uuid('order_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    sameCompanyRef('payment_allocations_payment_id_payments_id_fk', t.paymentId, t.companyId, payments),
    sameCompanyRef('payment_allocations_order_id_orders_id_fk', t.orderId, t.companyId, orders),
    primaryKey({ name: 'payment_allocations_pkey', columns: [t.paymentId, t.orderId, t.companyId] }),
    index('payment_allocations_company_order_idx').on(t.companyId, t.orderId),
  ],
);

export const receivableEntries = pgTable(
  'receivable_entries',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    customerId: uuid('customer_id').notNull(),
    /** order | payment | return | reversal (contract/receivables-ledger.ts LedgerKind) */
    kind: text('kind').notNull(),
    /** + raises the debt, − lowers it. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** An order's debt falls due on this day (completion day + credit days). */
    dueDate: date('due_date', { mode: 'string' }),
    orderId: uuid('order_id'),
    paymentId: uuid('payment_id'),
    /** The caller's reference of a credited return (a delivery's return, a return receipt): credited once. */
    returnRef: text('return_ref'),
    document: text('document'),
    /** The rep whose sale or collection it is. */
    accountId: integer('account_id').references(() => accounts.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'receivable_entries_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('receivable_entries_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    sameCompanyRef('receivable_entries_order_id_orders_id_fk', t.orderId, t.companyId, orders),
    sameCompanyRef('receivable_entries_payment_id_payments_id_fk', t.paymentId, t.companyId, payments),
    index('receivable_entries_company_customer_day_idx').on(t.companyId, t.customerId, t.day),
    uniqueIndex('receivable_entries_order_key')
      .on(t.companyId, t.orderId)
      .where(sql`${t.kind} = 'order'`),
    uniqueIndex('receivable_entries_return_key')
      .on(t.companyId, t.returnRef)
      .where(sql`${t.kind} = 'return'`),
  ],
);

/** A customer's credit limit in money and in days (null: none). */
export const customerCredit = pgTable(
  'customer_credit',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** A customer deleted (one with no orders, payments or visits) takes its limit with it. */
    customerId: uuid('customer_id').notNull(),
    creditLimit: bigint('credit_limit', { mode: 'number' }),
    creditDays: integer('credit_days'),
    updatedBy: integer('updated_by').references(() => accounts.id),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameCompanyRef('customer_credit_customer_id_customers_id_fk', t.customerId, t.companyId, customers).onDelete('cascade'),
    primaryKey({ columns: [t.companyId, t.customerId] }),
  ],
);

/** A rep's limit over the unpaid orders they took. */
export const repCredit = pgTable(
  'rep_credit',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    creditLimit: bigint('credit_limit', { mode: 'number' }),
    creditDays: integer('credit_days'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.accountId] })],
);

export const receivableSettings = pgTable('receivable_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** block | warn | allow */
  policy: text('policy').notNull().default('warn'),
  defaultCreditDays: integer('default_credit_days').notNull().default(30),
  agingBounds: jsonb('aging_bounds').$type<number[]>().notNull().default([30, 60, 90]),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** The company's bank accounts (the spec's bank/api card), printed as VietQR on orders and receipts. */
export const companyBankAccounts = pgTable(
  'company_bank_accounts',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The bank's NAPAS BIN (970436 Vietcombank …), from vietnam-qr-pay's list. */
    bankBin: text('bank_bin').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    branch: text('branch'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'company_bank_accounts_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('company_bank_accounts_number_key').on(t.companyId, t.bankBin, t.accountNumber),
    uniqueIndex('company_bank_accounts_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);
