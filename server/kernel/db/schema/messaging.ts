/**
 * Zalo Official Accounts (server/modules/messaging, contract/messaging.ts, docs/messaging.md): the
 * OAs a company connected (their tokens sealed in the provider connection), their followers,
 * ZNS templates, the inbox, every message sent or received, and the send-to-many campaigns with a
 * row per recipient (its tracking id is the ZNS `tracking_id`, so a retried send is one message).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrderEventSettings, TemplateBindings, TemplateParam } from '@contract/messaging';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';
import { providerConnections } from './integrations';

/**
 * One connected OA. `token_version` grows with every token saved; `refreshing_until` is the lease
 * of the one caller refreshing its tokens (a refresh token is single use: server/modules/messaging/oa-tokens.ts).
 */
export const zaloOas = pgTable(
  'zalo_oas',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    connectionId: integer('connection_id').notNull(),
    oaId: text('oa_id').notNull(),
    appId: text('app_id').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar'),
    tokenVersion: integer('token_version').notNull().default(0),
    accessExpiresAt: tstz('access_expires_at'),
    refreshExpiresAt: tstz('refresh_expires_at'),
    refreshingUntil: tstz('refreshing_until'),
    /** Follower sync: idle | running | done | failed, with its counts (followers-sync.ts). */
    syncState: text('sync_state').notNull().default('idle'),
    syncDone: integer('sync_done').notNull().default(0),
    syncTotal: integer('sync_total').notNull().default(0),
    syncError: text('sync_error'),
    syncedAt: tstz('synced_at'),
    templatesSyncedAt: tstz('templates_synced_at'),
    orderEvents: jsonb('order_events').$type<OrderEventSettings>().notNull().default({}),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'zalo_oas_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('zalo_oas_connection_id_provider_connections_id_fk', t.connectionId, t.companyId, providerConnections),
    uniqueIndex('zalo_oas_company_oa_key').on(t.companyId, t.oaId),
    index('zalo_oas_oa_idx').on(t.oaId),
  ],
);

/** A started OAuth v4 authorisation (PKCE): the verifier and the app's secrets sealed, used once within 10 minutes. */
export const zaloOauthStates = pgTable(
  'zalo_oauth_states',
  {
    state: text('state').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    sealed: text('sealed').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'zalo_oauth_states_pkey', columns: [t.state, t.companyId] })],
);

/** A request to register a new OA (submit-new-oa), kept for the company's records and support. */
export const zaloOaRequests = pgTable(
  'zalo_oa_requests',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sector: text('sector').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    address: text('address'),
    note: text('note'),
    status: text('status').notNull().default('submitted'),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'zalo_oa_requests_pkey', columns: [t.id, t.companyId] })],
);

export const zaloFollowers = pgTable(
  'zalo_followers',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oaRowId: integer('oa_row_id').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    avatar: text('avatar'),
    /** What the user shared with the OA (shared_info.phone), normalised to 0xxxxxxxxx. */
    phone: text('phone'),
    tags: text('tags').array().notNull().default([]),
    isFollower: boolean('is_follower').notNull().default(true),
    lastInteractionAt: tstz('last_interaction_at'),
    // A customer deleted leaves the follower, message or recipient, unlinked.
    customerId: uuid('customer_id'),
    linkedBy: integer('linked_by').references(() => accounts.id),
    linkedAt: tstz('linked_at'),
    searchText: text('search_text').notNull().default(''),
    syncedAt: tstz('synced_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'zalo_followers_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('zalo_followers_oa_row_id_zalo_oas_id_fk', t.oaRowId, t.companyId, zaloOas),
    // SET NULL of this column alone (PostgreSQL 15's column list, written in migration 0029): company_id stays.
    sameCompanyRef('zalo_followers_customer_id_customers_id_fk', t.customerId, t.companyId, customers).onDelete('set null'),
    uniqueIndex('zalo_followers_oa_user_key').on(t.companyId, t.oaRowId, t.userId),
    index('zalo_followers_phone_idx').on(t.companyId, t.phone),
    index('zalo_followers_customer_idx').on(t.companyId, t.customerId),
  ],
);

export const zaloTemplates = pgTable(
  'zalo_templates',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oaRowId: integer('oa_row_id').notNull(),
    templateId: text('template_id').notNull(),
    name: text('name').notNull(),
    /** enabled | pending | rejected | disabled (contract/messaging.ts TEMPLATE_STATUSES). */
    status: text('status').notNull(),
    quality: text('quality'),
    tag: text('tag'),
    price: integer('price'),
    previewUrl: text('preview_url'),
    params: jsonb('params').$type<TemplateParam[]>().notNull().default([]),
    sampleData: jsonb('sample_data').$type<Record<string, string>>().notNull().default({}),
    bindings: jsonb('bindings').$type<TemplateBindings>().notNull().default({}),
    syncedAt: tstz('synced_at'),
  },
  (t) => [
    primaryKey({ name: 'zalo_templates_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('zalo_templates_oa_row_id_zalo_oas_id_fk', t.oaRowId, t.companyId, zaloOas),
    uniqueIndex('zalo_templates_oa_template_key').on(t.companyId, t.oaRowId, t.templateId),
  ],
);

/** One conversation per (OA, Zalo user): the inbox row, kept by webhooks and replies. */
export const zaloConversations = pgTable(
  'zalo_conversations',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oaRowId: integer('oa_row_id').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    lastMessageAt: tstz('last_message_at').notNull().defaultNow(),
    lastMessageText: text('last_message_text').notNull().default(''),
    /** When the user last wrote or acted: the 7-day window for customer-service messages runs from it. */
    lastUserAt: tstz('last_user_at'),
    unread: integer('unread').notNull().default(0),
    /** Folded display name (contract/fold.ts) for the inbox search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'zalo_conversations_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('zalo_conversations_oa_row_id_zalo_oas_id_fk', t.oaRowId, t.companyId, zaloOas),
    uniqueIndex('zalo_conversations_oa_user_key').on(t.companyId, t.oaRowId, t.userId),
    index('zalo_conversations_recent_idx').on(t.companyId, t.lastMessageAt),
  ],
);

/**
 * Every message: received (webhook), customer-service replies and ZNS sent. An outgoing one is
 * `waiting` until its job sends it (`sent`, with Zalo's msg id) or gives up (`failed`, with the
 * reason in Vietnamese). `id` is the ZNS tracking id of a ZNS message.
 */
export const zaloMessages = pgTable(
  'zalo_messages',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oaRowId: integer('oa_row_id').notNull(),
    conversationId: integer('conversation_id'),
    direction: text('direction').notNull(),
    /** text | image | file | sticker | location | other (received); cs | zns (sent). */
    kind: text('kind').notNull(),
    text: text('text').notNull().default(''),
    userId: text('user_id'),
    phone: text('phone'),
    templateRowId: integer('template_row_id'),
    templateData: jsonb('template_data').$type<Record<string, string>>(),
    /** What caused it: manual | order:<event> | otp | campaign. */
    origin: text('origin').notNull().default('manual'),
    orderId: uuid('order_id'),
    // A customer deleted leaves the follower, message or recipient, unlinked.
    customerId: uuid('customer_id'),
    status: text('status').notNull(),
    error: text('error'),
    errorCode: text('error_code'),
    zaloMsgId: text('zalo_msg_id'),
    sentBy: integer('sent_by').references(() => accounts.id),
    at: tstz('at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    primaryKey({ name: 'zalo_messages_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('zalo_messages_oa_row_id_zalo_oas_id_fk', t.oaRowId, t.companyId, zaloOas),
    sameCompanyRef('zalo_messages_conversation_id_zalo_conversations_id_fk', t.conversationId, t.companyId, zaloConversations),
    sameCompanyRef('zalo_messages_template_row_id_zalo_templates_id_fk', t.templateRowId, t.companyId, zaloTemplates),
    // SET NULL of this column alone (PostgreSQL 15's column list, written in migration 0029): company_id stays.
    sameCompanyRef('zalo_messages_customer_id_customers_id_fk', t.customerId, t.companyId, customers).onDelete('set null'),
    uniqueIndex('zalo_messages_zalo_id_key')
      .on(t.companyId, t.oaRowId, t.zaloMsgId)
      .where(sql`${t.zaloMsgId} is not null`),
    index('zalo_messages_conversation_idx').on(t.conversationId, t.at),
    index('zalo_messages_company_kind_idx').on(t.companyId, t.kind, t.at),
  ],
);

/** A send-to-many (send-multiple): one template to many recipients, now or at `scheduled_at`. */
export const zaloCampaigns = pgTable(
  'zalo_campaigns',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oaRowId: integer('oa_row_id').notNull(),
    name: text('name').notNull(),
    templateRowId: integer('template_row_id').notNull(),
    /** customers | followers. */
    source: text('source').notNull(),
    filter: jsonb('filter').notNull().default({}),
    scheduledAt: tstz('scheduled_at').notNull(),
    /** scheduled | sending | done | cancelled (contract/messaging-campaigns.ts campaignStatus derives the rest). */
    cancelledAt: tstz('cancelled_at'),
    retryRound: integer('retry_round').notNull().default(0),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'zalo_campaigns_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('zalo_campaigns_oa_row_id_zalo_oas_id_fk', t.oaRowId, t.companyId, zaloOas),
    sameCompanyRef('zalo_campaigns_template_row_id_zalo_templates_id_fk', t.templateRowId, t.companyId, zaloTemplates),
    index('zalo_campaigns_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const zaloCampaignRecipients = pgTable(
  'zalo_campaign_recipients',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    campaignId: integer('campaign_id').notNull(),
    /** The ZNS tracking_id: one per recipient for the whole campaign, retries included. */
    trackingId: uuid('tracking_id').notNull(),
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    // A customer deleted leaves the follower, message or recipient, unlinked.
    customerId: uuid('customer_id'),
    followerId: integer('follower_id'),
    templateData: jsonb('template_data').$type<Record<string, string>>().notNull(),
    /** waiting | sent | failed. */
    status: text('status').notNull().default('waiting'),
    error: text('error'),
    errorCode: text('error_code'),
    zaloMsgId: text('zalo_msg_id'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    primaryKey({ name: 'zalo_campaign_recipients_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('zalo_campaign_recipients_campaign_id_zalo_campaigns_id_fk', t.campaignId, t.companyId, zaloCampaigns),
    // SET NULL of this column alone (PostgreSQL 15's column list, written in migration 0029): company_id stays.
    sameCompanyRef('zalo_campaign_recipients_customer_id_customers_id_fk', t.customerId, t.companyId, customers).onDelete('set null'),
    sameCompanyRef('zalo_campaign_recipients_follower_id_zalo_followers_id_fk', t.followerId, t.companyId, zaloFollowers),
    uniqueIndex('zalo_campaign_recipients_phone_key').on(t.companyId, t.campaignId, t.phone),
    uniqueIndex('zalo_campaign_recipients_tracking_key').on(t.trackingId, t.companyId),
    index('zalo_campaign_recipients_status_idx').on(t.campaignId, t.status),
  ],
);
