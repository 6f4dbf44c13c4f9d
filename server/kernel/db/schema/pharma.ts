/** The company's pharma rule settings, temperature readings of cold goods and recall campaigns (server/modules/pharma). */
import { bigint, date, integer, numeric, pgTable, primaryKey, text, index, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';
import { stockLots, stockReceipts } from './warehouse';

/** One row per company that changed the defaults (contract/pharma.ts DEFAULT_PHARMA_SETTINGS). */
export const pharmaSettings = pgTable('pharma_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  licenceRule: text('licence_rule').notNull().default('warn'),
  drugClassRule: text('drug_class_rule').notNull().default('block'),
  registrationRule: text('registration_rule').notNull().default('warn'),
  expiryNoticeDays: integer('expiry_notice_days').notNull().default(30),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * A temperature read when cold goods leave (a delivery) or arrive (a warehouse receipt), and who read
 * it (GSP/GDP, docs/pharma.md "Cold items"). `subject` names the document kind, `subject_id` its id.
 */
export const temperatureReadings = pgTable(
  'temperature_readings',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    subject: text('subject').notNull(),
    subjectId: text('subject_id').notNull(),
    celsius: numeric('celsius', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    takenBy: integer('taken_by')
      .notNull()
      .references(() => accounts.id),
    note: text('note'),
    takenAt: tstz('taken_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'temperature_readings_pkey', columns: [t.id, t.companyId] }),
    index('temperature_readings_subject_idx').on(t.companyId, t.subject, t.subjectId),
  ],
);

/**
 * A recall campaign (đợt thu hồi; contract/pharma-recalls.ts): one lot, or every lot
 * of a registration number, at a legal level whose deadline is kept as it was computed when opened
 * (the rule may change; the campaign's deadline may not).
 */
export const recallCampaigns = pgTable(
  'recall_campaigns',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    level: integer('level').notNull(),
    decisionNumber: text('decision_number').notNull(),
    decisionDate: date('decision_date', { mode: 'string' }).notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    /** lot | registration (contract/pharma-recalls.ts RECALL_SCOPES) */
    scope: text('scope').notNull(),
    /** The lot opened from (scope lot), or the registration number whose lots it covers. */
    lotId: integer('lot_id'),
    registrationNumber: text('registration_number'),
    /** open | closed */
    status: text('status').notNull().default('open'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
    closedBy: integer('closed_by').references(() => accounts.id),
    closedAt: tstz('closed_at'),
    closeNote: text('close_note'),
  },
  (t) => [
    primaryKey({ name: 'recall_campaigns_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('recall_campaigns_lot_id_stock_lots_id_fk', t.lotId, t.companyId, stockLots),
    uniqueIndex('recall_campaigns_company_code_key').on(t.companyId, t.code),
    index('recall_campaigns_company_status_idx').on(t.companyId, t.status),
  ],
);

/** The lots a campaign covers, fixed when it opens: a lot of the same registration received later is not in it. */
export const recallLots = pgTable(
  'recall_lots',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    campaignId: integer('campaign_id').notNull(),
    lotId: integer('lot_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'recall_lots_pkey', columns: [t.campaignId, t.lotId, t.companyId] }),
    sameCompanyRef('recall_lots_campaign_id_recall_campaigns_id_fk', t.campaignId, t.companyId, recallCampaigns),
    sameCompanyRef('recall_lots_lot_id_stock_lots_id_fk', t.lotId, t.companyId, stockLots),
    index('recall_lots_company_lot_idx').on(t.companyId, t.lotId),
  ],
);

/**
 * A notice sent (or not) to a customer of a campaign: in-app to the customer's rep, ZNS to the
 * customer. A notice that could not go says why in `detail` instead of pretending it went.
 */
export const recallNotices = pgTable(
  'recall_notices',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    campaignId: integer('campaign_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** app | zns */
    channel: text('channel').notNull(),
    /** sent | queued | not_sent */
    status: text('status').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'recall_notices_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('recall_notices_campaign_id_recall_campaigns_id_fk', t.campaignId, t.companyId, recallCampaigns),
    sameCompanyRef('recall_notices_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    index('recall_notices_campaign_idx').on(t.companyId, t.campaignId),
  ],
);

/** Goods of a lot a customer sent back against a campaign, in base units, with the return receipt that put them in quarantine. */
export const recallReturns = pgTable(
  'recall_returns',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    campaignId: integer('campaign_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    lotId: integer('lot_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    receiptId: uuid('receipt_id').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'recall_returns_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('recall_returns_campaign_id_recall_campaigns_id_fk', t.campaignId, t.companyId, recallCampaigns),
    sameCompanyRef('recall_returns_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    sameCompanyRef('recall_returns_lot_id_stock_lots_id_fk', t.lotId, t.companyId, stockLots),
    sameCompanyRef('recall_returns_receipt_id_stock_receipts_id_fk', t.receiptId, t.companyId, stockReceipts),
    index('recall_returns_campaign_idx').on(t.companyId, t.campaignId),
  ],
);
