/** The sync kernel: the change log pulls read, and the ops applied once (server/kernel/sync). */
import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, tstz } from './columns';
import { companies } from './company';

export const changeLogSeq = pgSequence('change_log_seq');

export const changeLog = pgTable(
  'change_log',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('change_log_seq')`),
    op: text('op').notNull(),
    /** Set for records only their owner mirrors (a rep's own visits and orders). */
    ownerAccountId: integer('owner_account_id'),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.entity, t.entityId] }), uniqueIndex('change_log_company_seq_key').on(t.companyId, t.seq)],
);

/** Per company, the oldest cursor still served without a reset (raised when tombstones are purged). */
export const syncHorizons = pgTable('sync_horizons', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  minCursor: bigint('min_cursor', { mode: 'number' }).notNull(),
});

/** Each op applied once: written in the same transaction as the op's effects, with its answer. */
export const processedOps = pgTable(
  'processed_ops',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    opId: uuid('op_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    deviceId: uuid('device_id').notNull(),
    type: text('type').notNull(),
    payloadHash: text('payload_hash').notNull(),
    outcome: text('outcome').notNull(),
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.opId] })],
);
