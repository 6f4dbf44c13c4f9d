/**
 * E-invoices and accounting (server/modules/invoices, docs/invoices.md). An invoice bills one or
 * several completed orders of one buyer; `einvoice_orders` ties them, and at most one active link
 * per order (the partial unique index) is what makes an order invoiced at most once, whatever the
 * retries, double clicks and restarts. The PDF and XML the provider returns are kept here.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceBuyer, InvoiceRecord } from '@contract/invoices';
import type { InvoiceAgreement } from '@contract/invoices-corrections';
import type { InvoiceLine, RateSummary } from '@contract/invoices-totals';
import { accounts } from './auth';
import { bytea, createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';
import { orders } from './orders';

type ListedInvoice = InvoiceRecord['listed'][number];

export const einvoices = pgTable(
  'einvoices',
  {
    id: uuid('id').notNull(),
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
    /** An adjusting invoice (NĐ 70/2025): the published invoice it adjusts, and increase | decrease | info. */
    adjustsId: uuid('adjusts_id'),
    adjustKind: text('adjust_kind'),
    /** An adjustment of several invoices of the buyer in one month: the others (Mẫu 01/BK-ĐCTT), as they were. */
    listed: jsonb('listed').$type<ListedInvoice[]>().notNull().default([]),
    /** Why it replaces or adjusts another one. */
    replaceReason: text('replace_reason'),
    /** The agreement with the buyer on the error (its scan is an einvoice_files row of kind 'agreement'). */
    agreement: jsonb('agreement').$type<Omit<InvoiceAgreement, 'has_scan'>>(),
    templateNo: text('template_no').notNull(),
    series: text('series').notNull(),
    number: text('number'),
    issuedOn: text('issued_on'),
    transactionId: text('transaction_id'),
    taxAuthorityCode: text('tax_authority_code'),
    customerId: uuid('customer_id').notNull(),
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
    primaryKey({ name: 'einvoices_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('einvoices_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    uniqueIndex('einvoices_company_ref_key').on(t.companyId, t.refId),
    index('einvoices_company_created_idx').on(t.companyId, t.createdAt),
    index('einvoices_company_status_idx').on(t.companyId, t.status),
    index('einvoices_company_adjusts_idx')
      .on(t.companyId, t.adjustsId)
      .where(sql`${t.adjustsId} IS NOT NULL`),
  ],
);

export const einvoiceOrders = pgTable(
  'einvoice_orders',
  {
    invoiceId: uuid('invoice_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: uuid('order_id').notNull(),
    /** False once the invoice is cancelled or replaced: the order may be invoiced again. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    sameCompanyRef('einvoice_orders_invoice_id_einvoices_id_fk', t.invoiceId, t.companyId, einvoices),
    sameCompanyRef('einvoice_orders_order_id_orders_id_fk', t.orderId, t.companyId, orders),
    primaryKey({ name: 'einvoice_orders_pkey', columns: [t.invoiceId, t.orderId, t.companyId] }),
    uniqueIndex('einvoice_orders_one_active')
      .on(t.companyId, t.orderId)
      .where(sql`${t.active}`),
    index('einvoice_orders_company_order_idx').on(t.companyId, t.orderId),
  ],
);

export const einvoiceFiles = pgTable(
  'einvoice_files',
  {
    invoiceId: uuid('invoice_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** pdf | xml from the provider; agreement: the scan of the agreement with the buyer (PDF or photo). */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameCompanyRef('einvoice_files_invoice_id_einvoices_id_fk', t.invoiceId, t.companyId, einvoices),
    primaryKey({ name: 'einvoice_files_pkey', columns: [t.invoiceId, t.kind, t.companyId] }),
  ],
);

/**
 * A record pushed to MISA AMIS as a voucher (docs/invoices.md "Accounting"): one row per record
 * (source + id) ever, so a record becomes one voucher; `org_refid` is AMIS's key for it, the same
 * on every send. waiting → synced or failed, from AMIS's callback (or failed when the push itself
 * was refused); `send_no` counts the sends a person asked for (a retry after a failure).
 */
export const accountingSyncs = pgTable(
  'accounting_syncs',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** order | receipt (contract/invoices-accounting.ts ACCOUNTING_SOURCES). */
    source: text('source').notNull(),
    sourceId: text('source_id').notNull(),
    sourceCode: text('source_code').notNull(),
    partnerName: text('partner_name').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    sourceDate: tstz('source_date').notNull(),
    orgRefid: uuid('org_refid').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    sendNo: integer('send_no').notNull().default(1),
    batchId: uuid('batch_id'),
    /** Folded code and partner, for the list's search. */
    searchText: text('search_text').notNull().default(''),
    sentAt: tstz('sent_at'),
    syncedAt: tstz('synced_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'accounting_syncs_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('accounting_syncs_record_key').on(t.companyId, t.source, t.sourceId),
    uniqueIndex('accounting_syncs_refid_key').on(t.companyId, t.orgRefid),
    index('accounting_syncs_company_status_idx').on(t.companyId, t.status, t.updatedAt),
    index('accounting_syncs_batch_idx').on(t.companyId, t.batchId),
  ],
);

/** One "Đồng bộ" of many records: the progress bar counts its rows by status. */
export const accountingBatches = pgTable(
  'accounting_batches',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    source: text('source').notNull(),
    total: integer('total').notNull(),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'accounting_batches_pkey', columns: [t.id, t.companyId] }),
    index('accounting_batches_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** Our customer, variant, warehouse or account (role) and its code in AMIS's dictionary. */
export const accountingMappings = pgTable(
  'accounting_mappings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** customer | variant | warehouse | account */
    kind: text('kind').notNull(),
    /** The customer's or variant's id, the warehouse's id, the account's role. */
    localKey: text('local_key').notNull(),
    misaCode: text('misa_code').notNull(),
    misaName: text('misa_name'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.localKey] })],
);
