/**
 * Warehouses, lots, the stock ledger and its balances, receipts, counts and periods
 * (server/modules/warehouse; docs/warehouse.md). Stock is a ledger: `stock_moves` is the truth,
 * `stock_levels` (per warehouse and variant, with value and what orders hold) and
 * `stock_lot_balances` (per warehouse and lot) are kept in the same transaction as each move, and a
 * check proves they equal the ledger's sums. A lot balance can never go below zero (a constraint,
 * behind the row locks that normally stop it first).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { variants } from './products';

export const warehouses = pgTable(
  'warehouses',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    keeperId: integer('keeper_id').references(() => accounts.id),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'warehouses_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('warehouses_company_code_key').on(t.companyId, t.code),
    uniqueIndex('warehouses_company_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Per company: the accounting regime and the form numbers the receipts print (docs/warehouse.md "Forms"). */
export const warehouseSettings = pgTable('warehouse_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  regime: text('regime').notNull().default('TT99'),
  unitName: text('unit_name'),
  department: text('department'),
  importForm: text('import_form').notNull().default('01-VT'),
  exportForm: text('export_form').notNull().default('02-VT'),
  checkForm: text('check_form').notNull().default('05-VT'),
  transferForm: text('transfer_form').notNull().default('03PXK-VCNB'),
  /** Receiving: days left under which a lot is short-dated, and where such goods land (usable | quarantine). */
  shortDatedDays: integer('short_dated_days').notNull().default(90),
  shortDatedRule: text('short_dated_rule').notNull().default('usable'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const transferReasons = pgTable(
  'transfer_reasons',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'transfer_reasons_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('transfer_reasons_company_title_key').on(t.companyId, t.title),
  ],
);

/** A lot of a variant (lot number '' is the variant's stock without a lot). */
export const stockLots = pgTable(
  'stock_lots',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id').notNull(),
    lotNo: text('lot_no').notNull(),
    manufacturedOn: date('manufactured_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** usable | quarantine | recalled (contract/warehouse-status.ts LOT_STATUSES) */
    status: text('status').notNull().default('usable'),
    statusReason: text('status_reason'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_lots_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('stock_lots_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    uniqueIndex('stock_lots_company_variant_lot_key').on(t.companyId, t.variantId, t.lotNo),
    index('stock_lots_company_expiry_idx').on(t.companyId, t.expiresOn),
  ],
);

/** Per warehouse and variant: on hand (base units), held by orders, and the stock's value (moving average). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull(),
    variantId: integer('variant_id').notNull(),
    onHand: bigint('on_hand', { mode: 'number' }).notNull().default(0),
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameCompanyRef('stock_levels_warehouse_id_warehouses_id_fk', t.warehouseId, t.companyId, warehouses),
    sameCompanyRef('stock_levels_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    primaryKey({ columns: [t.companyId, t.warehouseId, t.variantId] }),
    index('stock_levels_company_variant_idx').on(t.companyId, t.variantId),
  ],
);

export const stockLotBalances = pgTable(
  'stock_lot_balances',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull(),
    lotId: integer('lot_id').notNull(),
    variantId: integer('variant_id').notNull(),
    onHand: bigint('on_hand', { mode: 'number' }).notNull().default(0),
    /** Of on hand, what came back with returned deliveries and waits in quarantine until released. */
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameCompanyRef('stock_lot_balances_warehouse_id_warehouses_id_fk', t.warehouseId, t.companyId, warehouses),
    sameCompanyRef('stock_lot_balances_lot_id_stock_lots_id_fk', t.lotId, t.companyId, stockLots),
    sameCompanyRef('stock_lot_balances_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    primaryKey({ columns: [t.companyId, t.warehouseId, t.lotId] }),
    check('stock_lot_balances_held_within', sql`${t.held} >= 0 and ${t.held} <= ${t.onHand}`),
    index('stock_lot_balances_company_variant_idx').on(t.companyId, t.warehouseId, t.variantId),
    index('stock_lot_balances_company_lot_idx').on(t.companyId, t.lotId),
    check('stock_lot_balances_not_negative', sql`${t.onHand} >= 0`),
  ],
);

export const stockReceipts = pgTable(
  'stock_receipts',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** import | export | check | transfer */
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    status: text('status').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    toWarehouseId: integer('to_warehouse_id'),
    reasonId: integer('reason_id'),
    partnerName: text('partner_name'),
    partnerAddress: text('partner_address'),
    sourceDocument: text('source_document'),
    orderId: uuid('order_id'),
    isReturn: boolean('is_return').notNull().default(false),
    /** A return of an order's goods: the quantity given back per order line, in the line's unit (what the customer is credited for). */
    returnLines: jsonb('return_lines').$type<{ line_id: string; quantity: number }[]>(),
    reversesId: uuid('reverses_id'),
    /** A check: how several counters' figures make one (sum | latest, contract/warehouse-counts.ts). */
    countMerge: text('count_merge'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    note: text('note'),
    statusReason: text('status_reason'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id),
    completedBy: integer('completed_by').references(() => accounts.id),
    completedAt: tstz('completed_at'),
    lineCount: integer('line_count').notNull().default(0),
    totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull().default(0),
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
    /** Folded code, partner, source document and note, for the list's search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_receipts_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('stock_receipts_warehouse_id_warehouses_id_fk', t.warehouseId, t.companyId, warehouses),
    sameCompanyRef('stock_receipts_to_warehouse_id_warehouses_id_fk', t.toWarehouseId, t.companyId, warehouses),
    sameCompanyRef('stock_receipts_reason_id_transfer_reasons_id_fk', t.reasonId, t.companyId, transferReasons),
    uniqueIndex('stock_receipts_company_code_key').on(t.companyId, t.code),
    index('stock_receipts_company_kind_date_idx').on(t.companyId, t.kind, t.documentDate),
    index('stock_receipts_company_order_idx').on(t.companyId, t.orderId),
  ],
);

export const stockReceiptLines = pgTable(
  'stock_receipt_lines',
  {
    id: uuid('id').notNull(),
    receiptId: uuid('receipt_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    sort: integer('sort').notNull(),
    variantId: integer('variant_id').notNull(),
    unit: text('unit').notNull(),
    factor: integer('factor').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    documentQuantity: bigint('document_quantity', { mode: 'number' }),
    receivedQuantity: bigint('received_quantity', { mode: 'number' }),
    baseQuantity: bigint('base_quantity', { mode: 'number' }).notNull(),
    lotId: integer('lot_id'),
    lotNo: text('lot_no'),
    manufacturedOn: date('manufactured_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    cost: bigint('cost', { mode: 'number' }),
    bookQuantity: bigint('book_quantity', { mode: 'number' }),
    countedQuantity: bigint('counted_quantity', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'stock_receipt_lines_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('stock_receipt_lines_receipt_id_stock_receipts_id_fk', t.receiptId, t.companyId, stockReceipts).onDelete('cascade'),
    sameCompanyRef('stock_receipt_lines_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    sameCompanyRef('stock_receipt_lines_lot_id_stock_lots_id_fk', t.lotId, t.companyId, stockLots),
    index('stock_receipt_lines_receipt_idx').on(t.receiptId, t.sort),
  ],
);

/** The ledger: every movement of stock, signed base units and value; written only by posting receipts. */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: integer('warehouse_id').notNull(),
    variantId: integer('variant_id').notNull(),
    lotId: integer('lot_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    receiptId: uuid('receipt_id').notNull(),
    receiptLineId: uuid('receipt_line_id'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stock_moves_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('stock_moves_warehouse_id_warehouses_id_fk', t.warehouseId, t.companyId, warehouses),
    sameCompanyRef('stock_moves_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    sameCompanyRef('stock_moves_lot_id_stock_lots_id_fk', t.lotId, t.companyId, stockLots),
    sameCompanyRef('stock_moves_receipt_id_stock_receipts_id_fk', t.receiptId, t.companyId, stockReceipts),
    index('stock_moves_company_variant_date_idx').on(t.companyId, t.variantId, t.documentDate),
    index('stock_moves_company_lot_idx').on(t.companyId, t.lotId),
    index('stock_moves_receipt_idx').on(t.receiptId),
  ],
);

export const stockReceiptHistory = pgTable(
  'stock_receipt_history',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    receiptId: uuid('receipt_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_receipt_history_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('stock_receipt_history_receipt_id_stock_receipts_id_fk', t.receiptId, t.companyId, stockReceipts).onDelete('cascade'),
    index('stock_receipt_history_receipt_idx').on(t.receiptId),
  ],
);

/** One counter's sheet of a check: sent once per sheet (a retry replaces nothing). */
export const stockCountSheets = pgTable(
  'stock_count_sheets',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    receiptId: uuid('receipt_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** [{ variantId, lotId, quantity }] in base units. */
    lines: jsonb('lines').notNull(),
    note: text('note'),
    countedAt: tstz('counted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'stock_count_sheets_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('stock_count_sheets_receipt_id_stock_receipts_id_fk', t.receiptId, t.companyId, stockReceipts).onDelete('cascade'),
    index('stock_count_sheets_receipt_idx').on(t.receiptId),
  ],
);

/** Closed months: nothing dated in them may be written; their closing balances are kept. */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    month: text('month').notNull(),
    status: text('status').notNull(),
    closedAt: tstz('closed_at'),
    closedBy: integer('closed_by').references(() => accounts.id),
    closingValue: bigint('closing_value', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);

/** What each warehouse held of each variant when a month was closed: the next month's opening. */
export const stockPeriodBalances = pgTable(
  'stock_period_balances',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    month: text('month').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    variantId: integer('variant_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [
    sameCompanyRef('stock_period_balances_warehouse_id_warehouses_id_fk', t.warehouseId, t.companyId, warehouses),
    sameCompanyRef('stock_period_balances_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    primaryKey({ columns: [t.companyId, t.month, t.warehouseId, t.variantId] }),
  ],
);
