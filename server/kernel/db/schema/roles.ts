/** Roles, their permissions and data scope, and requests to change a member's role (server/modules/roles). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { accountCompanies, companies } from './company';

export const roles = pgTable(
  'roles',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
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
  (t) => [
    primaryKey({ name: 'roles_pkey', columns: [t.id, t.companyId] }),
    uniqueIndex('roles_company_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

export const roleRequests = pgTable(
  'role_requests',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    membershipId: integer('membership_id').notNull(),
    roleId: integer('role_id').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => accounts.id),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'role_requests_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('role_requests_membership_id_account_companies_id_fk', t.membershipId, t.companyId, accountCompanies),
    sameCompanyRef('role_requests_role_id_roles_id_fk', t.roleId, t.companyId, roles),
    index('role_requests_company_status_idx').on(t.companyId, t.status),
  ],
);
