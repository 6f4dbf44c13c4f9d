/** Stock (server/modules/warehouse). */
import { bigint, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { companies } from './company';

import { variants } from './products';

/** Stock on hand per variant, in base units; a variant without a row is not stock-tracked. */
export const variantStock = pgTable(
  'variant_stock',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    onHand: bigint('on_hand', { mode: 'number' }).notNull(),
    /** Held by accepted orders not yet shipped. */
    reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.variantId] })],
);
