/**
 * An Khang's "Gợi ý đặt hàng" (contract/visits-suggest.ts): three over-the-counter lines every
 * pharmacy on the route should carry, so the order screen suggests the ones a customer has not
 * bought this month. The lots near expiry it suggests moving are the warehouse's own
 * (server/seed/demo-warehouse.ts), within the default 90 days.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_SUGGESTION_SETTINGS } from '@contract/visits-suggest';
import type { Db } from '@server/kernel/db/client';
import { products, variants } from '@server/kernel/db/schema';
import { saveSuggestionSettings } from '@server/modules/visits';

export const DEMO_MUST_CARRY = ['Oresol 245', 'Smecta', 'Salonpas'] as const;

export async function seedDemoSuggestions(db: Db, ids: { anKhangId: number }): Promise<void> {
  const rows = await db
    .select({ id: variants.id, name: products.name })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.companyId, ids.anKhangId), inArray(products.name, [...DEMO_MUST_CARRY])));
  const must = DEMO_MUST_CARRY.flatMap((name) => rows.filter((row) => row.name === name).map((row) => row.id));
  await db.transaction((tx) => saveSuggestionSettings(tx, ids.anKhangId, { ...DEFAULT_SUGGESTION_SETTINGS, must_carry: must }));
}
