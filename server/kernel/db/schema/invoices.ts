/**
 * E-invoices and accounting (server/modules/invoices, docs/invoices.md). An invoice bills one or
 * several completed orders of one buyer; `einvoice_orders` ties them, and at most one active link
 * per order (the partial unique index) is what makes an order invoiced at most once, whatever the
 * retries, double clicks and restarts. The PDF and XML the provider returns are kept here.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceBuyer } from '@contract/invoices';
import type { InvoiceLine, RateSummary } from '@contract/invoices-totals';
import { accounts } from './auth';
import { bytea, createdAt, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';
import { orders } from './orders';

export const einvoices = pgTable(
  'einvoices',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Our RefID at the provider: one invoice there per RefID. */
    refId: uuid('ref_id').notNull(),
    /** pending | issued | failed | cancelled | replaced (contract/invoices.ts). */
    status: text('status').notNull(),
    statusMessage: text('status_message'),
    providerCode: text('provider_code'),
    /** Sent this many times by a person (a retry after a refusal is a new job for the same RefID). */
    sendNo: integer('send_no').notNull().default(1),
    replacesId: uuid('replaces_id'),
    replaceReason: text('replace_reason'),
    templateNo: text('template_no').notNull(),
    series: text('series').notNull(),
    number: text('number'),
    issuedOn: text('issued_on'),
    transactionId: text('transaction_id'),
    taxAuthorityCode: text('tax_authority_code'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    note: text('note'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    byRate: jsonb('by_rate').$type<RateSummary[]>().notNull(),
    totalSale: bigint('total_sale', { mode: 'number' }).notNull(),
    totalDiscount: bigint('total_discount', { mode: 'number' }).notNull(),
    totalWithoutVat: bigint('total_without_vat', { mode: 'number' }).notNull(),
    totalVat: bigint('total_vat', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    amountInWords: text('amount_in_words').notNull(),
    /** A cancellation asked of the provider: requested (a job runs it), then the status moves to cancelled. */
    cancelState: text('cancel_state'),
    cancelReason: text('cancel_reason'),
    cancelledAt: tstz('cancelled_at'),
    /** Folded number, buyer name and tax code, order codes (contract/fold.ts). */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('einvoices_company_ref_key').on(t.companyId, t.refId),
    index('einvoices_company_created_idx').on(t.companyId, t.createdAt),
    index('einvoices_company_status_idx').on(t.companyId, t.status),
  ],
);

export const einvoiceOrders = pgTable(
  'einvoice_orders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => einvoices.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** False once the invoice is cancelled or replaced: the order may be invoiced again. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.orderId] }),
    uniqueIndex('einvoice_orders_one_active')
      .on(t.companyId, t.orderId)
      .where(sql`${t.active}`),
    index('einvoice_orders_company_order_idx').on(t.companyId, t.orderId),
  ],
);

export const einvoiceFiles = pgTable(
  'einvoice_files',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => einvoices.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** pdf | xml */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);
