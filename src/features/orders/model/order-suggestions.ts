/**
 * What to order at this stop, from what the phone holds (contract/visits-suggest.ts): the
 * customer's last sale and usual quantities from the rep's mirrored orders, the must-carry goods
 * not bought this month, and the lots near expiry the company wants to move with the programme
 * that runs on them. Offline like the cart; the office sets the lists (docs/visits.md "What to order at a stop").
 */
import {
  boughtOrders,
  DEFAULT_SUGGESTION_SETTINGS,
  lastOrderLines,
  lotsToPush,
  mustCarryMissing,
  usualLines,
  type LotToPush,
  type SuggestedLine,
  type UsualLine,
} from '@contract/visits-suggest';
import { vietnamDay } from '@contract/price-policy';
import { programmeCovers } from '@contract/promotions-engine';
import { isRunning } from '@contract/promotions-status';
import type { AppDb, LocalOrder, LocalPromotion, LocalVariant } from '@/db/app-db';

/** Rows each list shows: a few to take in at a glance at the counter. */
export const SUGGESTED_ROWS = 6;

export type LotSuggestion = LotToPush & { variant: LocalVariant; promotion: string | null };

export type OrderSuggestions = {
  last: { order: Pick<LocalOrder, 'id' | 'code' | 'local_no' | 'created_at' | 'total'>; lines: SuggestedLine[] } | null;
  usual: UsualLine[];
  mustCarry: LocalVariant[];
  /** The catalogue's variants the lists name, still sold, to add them to the cart. */
  variants: ReadonlyMap<number, LocalVariant>;
};

/** The first running programme whose goods take the variant, by priority. */
function programmeFor(promotions: readonly LocalPromotion[], variant: LocalVariant, today: string): string | null {
  const running = promotions
    .filter((programme) =>
      programmeCovers(programme, { variant_id: variant.id, category_id: variant.category_id, brand_id: variant.brand_id }),
    )
    .filter((programme) =>
      isRunning(
        {
          state: programme.state,
          starts_on: programme.starts_on,
          ends_on: programme.ends_on,
          exhausted: programme.cap_total !== null && programme.used_total >= programme.cap_total,
        },
        today,
      ),
    )
    .sort((a, b) => b.priority - a.priority);
  return running[0]?.name ?? null;
}

/** Only what the device still sells. */
async function sellableVariants(db: AppDb, companyId: number, ids: readonly number[]): Promise<Map<number, LocalVariant>> {
  const found = await db.variants.bulkGet([...new Set(ids)]);
  return new Map(
    found.filter((row): row is LocalVariant => row !== undefined && row.company === companyId && row.is_active).map((row) => [row.id, row]),
  );
}

/** The customer's part: the last sale, the usual quantities and the must-carry goods missing this month. */
export async function suggestionsOnDevice(db: AppDb, companyId: number, customerId: string, now = new Date()): Promise<OrderSuggestions> {
  const today = vietnamDay(now);
  const [orders, settings] = await Promise.all([
    db.orders.where('[company+customer_id]').equals([companyId, customerId]).toArray(),
    db.visitSettings.get(companyId),
  ]);
  const bought = boughtOrders(orders);
  const lastSale = bought[0];
  const usual = usualLines(bought).slice(0, SUGGESTED_ROWS);
  const missing = mustCarryMissing(settings?.must_carry ?? [], orders, today);
  const variants = await sellableVariants(db, companyId, [
    ...(lastSale?.lines.map((line) => line.variant_id) ?? []),
    ...usual.map((line) => line.variant_id),
    ...missing,
  ]);
  return {
    last: lastSale ? { order: lastSale, lines: lastOrderLines(lastSale) } : null,
    usual: usual.filter((line) => variants.has(line.variant_id)),
    mustCarry: missing.flatMap((id) => variants.get(id) ?? []).slice(0, SUGGESTED_ROWS),
    variants,
  };
}

/** The company's part, the same for every customer (read once per order screen): the lots to move with their programme. */
export async function lotsToMoveOnDevice(db: AppDb, companyId: number, now = new Date()): Promise<LotSuggestion[]> {
  const today = vietnamDay(now);
  const [stock, promotions, settings] = await Promise.all([
    db.stock.where('company').equals(companyId).toArray(),
    db.promotions.where('company').equals(companyId).toArray(),
    db.visitSettings.get(companyId),
  ]);
  const lots = lotsToPush(stock, today, settings?.push_expiry_days ?? DEFAULT_SUGGESTION_SETTINGS.push_expiry_days);
  const variants = await sellableVariants(
    db,
    companyId,
    lots.map((lot) => lot.variant_id),
  );
  return lots
    .filter((lot) => variants.has(lot.variant_id))
    .slice(0, SUGGESTED_ROWS)
    .map((lot) => {
      const variant = variants.get(lot.variant_id)!;
      return { ...lot, variant, promotion: programmeFor(promotions, variant, today) };
    });
}
