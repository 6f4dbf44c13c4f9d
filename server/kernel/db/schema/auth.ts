/** Accounts, sign-in sessions and what guards them (server/modules/auth). */
import { boolean, customType, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Address } from '@contract/address';
import { createdAt, tstz } from './columns';

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** System-scoped account types (product-spec.md §3: "Account types are system-scoped (system code, company)"). */
export const accountTypes = pgTable('account_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
});

export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email'),
  /** When the account proved it reads `email` (verifyemail); cleared when the address changes. */
  emailVerifiedAt: tstz('email_verified_at'),
  address: text('address'),
  /** The address by administrative units (address/{id}/); `address` is its one-line form. */
  addressData: jsonb('address_data').$type<Address>(),
  birthday: date('birthday', { mode: 'string' }),
  gender: text('gender'),
  accountTypeId: integer('account_type_id')
    .notNull()
    .references(() => accountTypes.id),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A person's picture (/my-account/edit), checked like product images. */
export const accountAvatars = pgTable('account_avatars', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  /** Part of the avatar's address, so a new picture is never served from a cache. */
  version: integer('version').notNull().default(1),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** A sign-in: the family of rotating refresh tokens. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    remember: boolean('remember').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    /** Absolute end of the session, whatever the refreshes (ASVS 10.4.8). */
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The code sent to the phone is a verification code (purpose password_reset); this row is the token it earned. */
    verifiedAt: tstz('verified_at'),
    resetTokenHash: text('reset_token_hash'),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * One-time codes sent to a phone or an e-mail address (server/modules/auth/verification-codes.ts):
 * forgot password, registration, e-mail verification. Only the hash is kept, bound to the row id;
 * a code is spent once, expires, and allows a few tries.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    /** password_reset | registration | email */
    purpose: text('purpose').notNull(),
    /** What the code proves: a phone, a registration id, an account's e-mail (`<account id>:<address>`). */
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_subject_idx').on(t.purpose, t.subject, t.createdAt)],
);

/**
 * A registration waiting for its phone to be proven (register-v2, registeraccount): what the form
 * said, the password already hashed. The account is made from it when the code is verified.
 * `token_hash` is the hash of the registration's access token the client holds between the steps.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    phone: text('phone').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    completedAt: tstz('completed_at'),
    accountId: integer('account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('registrations_phone_idx').on(t.phone, t.createdAt)],
);

/** Failed sign-ins in a sliding window, keyed by `acct:<phone>` and `ip:<address>`. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/*
 * Sync (docs/offline-sync.md). One change-log row per (company, entity, id): every change moves the row to a new
 * sequence number, so a client pulling from cursor 0 gets each live record once and each deleted
 * one as a tombstone; pulling from a later cursor gets what changed since. Writers of one company
 * take a transaction-scoped advisory lock before taking a number, so numbers commit in order and a
 * puller never skips a row (docs/offline-sync.md "Pull and the change log").
 */
