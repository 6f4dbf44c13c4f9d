/**
 * What every outside service shares (docs/integrations.md): the durable job table that calls them,
 * a company's connections to them (settings, and secrets sealed by server/kernel/vault.ts), and the
 * events they send us (webhooks, callbacks), kept once each.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { accounts } from './auth';
import { companies } from './company';

/**
 * Work that calls a provider, enqueued in the transaction that causes it (server/kernel/jobs.ts).
 * `dedupe_key` makes a second enqueue of the same work a no-op; `state` is ready → running → done,
 * or back to ready with a later `run_at` after a failure, or dead after `max_attempts`.
 * `fair_key` is whose work it is (a company, or a person for their browsers' pushes): the runner
 * serves the key with the fewest jobs running first (and caps a key's share where a queue says so).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    dedupeKey: text('dedupe_key'),
    fairKey: text('fair_key'),
    payload: jsonb('payload').notNull(),
    state: text('state').notNull().default('ready'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: tstz('run_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    result: jsonb('result'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_queue_dedupe_key')
      .on(t.queue, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('jobs_ready')
      .on(t.runAt, t.id)
      .where(sql`${t.state} in ('ready', 'running')`),
    index('jobs_company_queue').on(t.companyId, t.queue, t.state),
    // What each claim reads first: the few jobs running now (server/kernel/jobs.ts claimRules).
    index('jobs_running')
      .on(t.queue, t.fairKey)
      .where(sql`${t.state} = 'running'`),
  ],
);

/**
 * A company's account at a provider (a carrier, a Zalo OA, an e-invoice or accounting service).
 * `account_key` tells two accounts at one provider apart (a GHN shop id, an OA id); `settings` is
 * what may be shown; `secrets` is sealed and never leaves the server. `environment` is 'production',
 * 'sandbox' or 'simulator' (the local simulator of npm start's demo mode and the tests).
 */
export const providerConnections = pgTable(
  'provider_connections',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider').notNull(),
    accountKey: text('account_key').notNull().default(''),
    label: text('label').notNull(),
    environment: text('environment').notNull(),
    settings: jsonb('settings').notNull().default({}),
    secrets: text('secrets'),
    status: text('status').notNull().default('connected'),
    statusMessage: text('status_message'),
    checkedAt: tstz('checked_at'),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'provider_connections_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('provider_connections_key').on(t.companyId, t.provider, t.accountKey),
  ],
);

/**
 * An event a provider sent us (webhook, callback), kept once per (provider, event_key) so a
 * duplicate delivery is answered and ignored; processed after the answer, by a job.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    payload: jsonb('payload').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('inbound_events_key').on(t.provider, t.eventKey)],
);
