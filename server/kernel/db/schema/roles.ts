/** Roles, their permissions and data scope, and requests to change a member's role (server/modules/roles). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, tstz } from './columns';
import { accountCompanies, companies } from './company';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    description: text('description'),
    /** company | region | own: whose orders, customers and visits members see. */
    scope: text('scope').notNull().default('company'),
    permissions: jsonb('permissions').$type<Record<string, string[]>>().notNull(),
    /** "Chiết khấu tối đa (%)", 0–100; null: no limit (contract/orders-discount.ts). */
    maxDiscountPercent: integer('max_discount_percent'),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

export const roleRequests = pgTable(
  'role_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => accountCompanies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => accounts.id),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('role_requests_company_status_idx').on(t.companyId, t.status)],
);
