/** Price lists by customer group and level (server/modules/price-policy). */
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { customerLevels, customerTypes } from './customers';
import { variants } from './products';

/** Price lists by customer group and level (CSG service); see contract/price-policy.ts for precedence. */
export const pricePolicies = pgTable(
  'price_policies',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    customerTypeId: integer('customer_type_id'),
    levelId: integer('level_id'),
    discountPercent: doublePrecision('discount_percent').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'price_policies_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('price_policies_customer_type_id_customer_types_id_fk', t.customerTypeId, t.companyId, customerTypes),
    sameCompanyRef('price_policies_level_id_customer_levels_id_fk', t.levelId, t.companyId, customerLevels),
    index('price_policies_company_idx').on(t.companyId),
  ],
);

export const pricePolicyItems = pgTable(
  'price_policy_items',
  {
    policyId: integer('policy_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id').notNull(),
    unit: text('unit').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [
    sameCompanyRef('price_policy_items_policy_id_price_policies_id_fk', t.policyId, t.companyId, pricePolicies).onDelete('cascade'),
    sameCompanyRef('price_policy_items_variant_id_variants_id_fk', t.variantId, t.companyId, variants),
    primaryKey({ name: 'price_policy_items_pkey', columns: [t.policyId, t.variantId, t.unit, t.companyId] }),
  ],
);

/*
 * Orders. An order keeps a snapshot of its customer (name, address) and of each line's
 * product and price, so later catalogue edits never change a past order. Lines have client ids.
 */
