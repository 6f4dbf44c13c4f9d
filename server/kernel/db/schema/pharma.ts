/** The company's pharma rule settings and temperature readings of cold goods (server/modules/pharma). */
import { integer, numeric, pgTable, primaryKey, text, index } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, tstz } from './columns';
import { companies } from './company';

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
