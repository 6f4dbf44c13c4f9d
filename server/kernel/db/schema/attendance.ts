/** Attendance self-claims and each company's attendance rule (server/modules/attendance, docs/attendance.md). */
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { tstz } from './columns';
import { companies } from './company';

export const attendanceClaims = pgTable(
  'attendance_claims',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The Vietnam day claimed. */
    day: date('day', { mode: 'string' }).notNull(),
    /** full | half (contract/attendance.ts CLAIM_KINDS) */
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    /** waiting | approved | rejected */
    status: text('status').notNull().default('waiting'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decidedAt: tstz('decided_at'),
    rejectReason: text('reject_reason'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'attendance_claims_pkey', columns: [t.id, t.companyId] }),
    // One live claim per rep and day: two phones pushing at once cannot both file one.
    uniqueIndex('attendance_claims_live_day_idx')
      .on(t.companyId, t.accountId, t.day)
      .where(sql`${t.status} in ('waiting', 'approved')`),
    index('attendance_claims_company_day_idx').on(t.companyId, t.day),
  ],
);

/** One row per company that changed the rule (contract/attendance.ts DEFAULT_ATTENDANCE_SETTINGS). */
export const attendanceSettings = pgTable('attendance_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  noon: text('noon').notNull().default('12:00'),
  workdays: jsonb('workdays')
    .$type<number[]>()
    .notNull()
    .default(sql`'[1,2,3,4,5,6]'::jsonb`),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
