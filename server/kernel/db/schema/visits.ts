/** Check-ins and check-outs at customers (server/modules/visits). */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
  ],
);
