/** Price lists by customer group and level (server/modules/price-policy). */
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { companies } from './company';
import { customerLevels, customerTypes } from './customers';
import { variants } from './products';

/** Price lists by customer group and level (CSG service); see contract/price-policy.ts for precedence. */
export const pricePolicies = pgTable(
  'price_policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    customerTypeId: integer('customer_type_id').references(() => customerTypes.id),
    levelId: integer('level_id').references(() => customerLevels.id),
    discountPercent: doublePrecision('discount_percent').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('price_policies_company_idx').on(t.companyId)],
);

export const pricePolicyItems = pgTable(
  'price_policy_items',
  {
    policyId: integer('policy_id')
      .notNull()
      .references(() => pricePolicies.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    unit: text('unit').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.variantId, t.unit] })],
);

/*
 * Orders (issue #5). An order keeps a snapshot of its customer (name, address) and of each line's
 * product and price, so later catalogue edits never change a past order. Lines have client ids.
 */
