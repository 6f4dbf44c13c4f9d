/** In-app notifications and the browsers that receive them by Web Push (server/modules/notifications). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { companies } from './company';
import { createdAt, tstz } from './columns';

/**
 * One row per person and event. What waits on someone (an approval) carries a `subject_key`
 * (`join:<membership>`, `order-approval:<order>`…) and is resolved when it no longer waits,
 * for everyone it was sent to; what changed for someone (an order's status) has none.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    companyId: integer('company_id').references(() => companies.id),
    kind: text('kind').notNull(),
    subjectKey: text('subject_key'),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Where in the app it leads (a path with its search). */
    link: text('link'),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
    resolvedAt: tstz('resolved_at'),
  },
  (t) => [
    index('notifications_account_idx').on(t.accountId, t.companyId, t.id),
    index('notifications_subject_idx').on(t.companyId, t.subjectKey),
    // What waits is sent once to each person while it waits (a resubmitted programme, a request asked again).
    uniqueIndex('notifications_waiting_key')
      .on(t.accountId, t.subjectKey)
      .where(sql`${t.subjectKey} is not null and ${t.resolvedAt} is null`),
  ],
);

/** A browser's Web Push subscription (RFC 8030/8291): where to post, and the keys to encrypt for it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_account_idx').on(t.accountId)],
);
