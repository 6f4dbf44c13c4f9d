/** Check-ins and check-outs at customers (server/modules/visits). */
import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { RouteStop } from '@contract/visits-plans';
import { accounts } from './auth';
import { sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customers } from './customers';

export const visits = pgTable(
  'visits',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    customerId: uuid('customer_id').notNull(),
    checkInAt: tstz('check_in_at').notNull(),
    checkInLat: doublePrecision('check_in_lat'),
    checkInLng: doublePrecision('check_in_lng'),
    checkInAccuracy: doublePrecision('check_in_accuracy'),
    checkInNote: text('check_in_note'),
    /** Metres from the customer's pin at check-in (contract/visits-place.ts checkPlace). */
    checkInDistance: integer('check_in_distance'),
    /** planned | unplanned against the rep's route plan that day (contract/visits-plans.ts planStateOf); null without a plan. */
    planState: text('plan_state'),
    /** Why an unplanned visit happened (contract/visits-plans.ts UNPLANNED_REASONS), as the rep chose. */
    unplannedReason: text('unplanned_reason'),
    /** The device that sent the check-in: one device used by two reps in a day is flagged (SHARED_DEVICE). */
    deviceId: uuid('device_id'),
    checkOutAt: tstz('check_out_at'),
    checkOutLat: doublePrecision('check_out_lat'),
    checkOutLng: doublePrecision('check_out_lng'),
    checkOutAccuracy: doublePrecision('check_out_accuracy'),
    checkOutNote: text('check_out_note'),
    flags: jsonb('flags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'visits_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('visits_customer_id_customers_id_fk', t.customerId, t.companyId, customers),
    index('visits_company_check_in_idx').on(t.companyId, t.checkInAt),
    index('visits_company_account_idx').on(t.companyId, t.accountId, t.checkInAt),
    index('visits_company_device_idx').on(t.companyId, t.deviceId, t.checkInAt),
  ],
);

/**
 * Photos taken at a visit (contract/visits.ts VisitPhotoAddSchema): the bytes in the file store under
 * `fileId` (schema/files.ts). `lat`/`lng` are where the photo says it was taken (its EXIF), personal
 * data as the visit's positions: removed with them (position-retention.ts).
 */
export const visitPhotos = pgTable(
  'visit_photos',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    visitId: uuid('visit_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    fileId: uuid('file_id').notNull(),
    kind: text('kind').notNull(),
    note: text('note'),
    takenAt: tstz('taken_at'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'visit_photos_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('visit_photos_visit_id_visits_id_fk', t.visitId, t.companyId, visits).onDelete('cascade'),
    index('visit_photos_company_visit_idx').on(t.companyId, t.visitId),
    index('visit_photos_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Who was shown whose positions (docs/personal-data.md "Reps' positions"): one row per answer that
 * gave a rep's check-in/check-out coordinates to someone other than that rep. `source` is `day`
 * (GET /visit/api/visits/positions/) or `privacy_export` (a customer's privacy sheet); `day` is the
 * Vietnam day the positions were taken (null for an export spanning days). Kept as long as the company.
 */
export const positionViews = pgTable(
  'position_views',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => accounts.id),
    /** Whose positions were shown. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    source: text('source').notNull().default('day'),
    day: date('day', { mode: 'string' }),
    positions: integer('positions').notNull(),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'position_views_pkey', columns: [t.id, t.companyId] }),
    index('position_views_company_viewed_idx').on(t.companyId, t.viewedAt),
    index('position_views_company_account_idx').on(t.companyId, t.accountId, t.viewedAt),
  ],
);

/** One row per company that changed the check-in rules (contract/visits-place.ts DEFAULT_VISIT_SETTINGS). */
export const visitSettings = pgTable('visit_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  placeRule: text('place_rule').notNull().default('warn'),
  radiusM: integer('radius_m').notNull().default(200),
  accuracyLimitM: integer('accuracy_limit_m').notNull().default(100),
  positionDays: integer('position_days').notNull().default(365),
  // What to order at a stop (contract/visits-suggest.ts SuggestionSettings).
  mustCarry: integer('must_carry').array().notNull().default([]),
  idleDays: integer('idle_days').notNull().default(30),
  pushExpiryDays: integer('push_expiry_days').notNull().default(90),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Who accepted which version of the location notice, and when (contract/visits-place.ts LOCATION_NOTICE). */
export const locationNoticeAcceptances = pgTable(
  'location_notice_acceptances',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    version: text('version').notNull(),
    /** On the phone, as the rep tapped; receivedAt is the server's. */
    acceptedAt: tstz('accepted_at').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    deviceId: uuid('device_id'),
  },
  (t) => [primaryKey({ name: 'location_notice_acceptances_pkey', columns: [t.companyId, t.accountId, t.version] })],
);

/**
 * Route plans (contract/visits-plans.ts): a rep's customers by frequency and weekday. `stops` is what
 * the office edits; `approvedStops` and `approvedFrom` are what the region manager approved, the
 * plan in effect that phones follow until the next approval.
 */
export const routePlans = pgTable(
  'route_plans',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** waiting | approved */
    status: text('status').notNull().default('waiting'),
    stops: jsonb('stops').$type<RouteStop[]>().notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    approvedStops: jsonb('approved_stops').$type<RouteStop[]>(),
    approvedFrom: date('approved_from', { mode: 'string' }),
    approvedBy: integer('approved_by').references(() => accounts.id),
    approvedAt: tstz('approved_at'),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'route_plans_pkey', columns: [t.id, t.companyId] }),
    index('route_plans_company_account_idx').on(t.companyId, t.accountId),
  ],
);
