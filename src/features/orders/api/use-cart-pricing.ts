/**
 * The cart priced on the device, live: the customer, their group and level, the price policies, the
 * promotion programmes and the catalogue are read from Dexie and followed, so a pull that brings new
 * prices or programmes (or a change of customer) re-prices every line at once, with no network.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import type { FeatureFlags } from '@contract/company-switches';
import type { AppDb, CartRow, LocalCustomer, LocalVariant } from '@/db/app-db';
import { loadCartPricing, priceCart, type CartPricing, type PricedCart } from '../model/cart-pricing';

export type CartPricingState = {
  /** undefined while loading; null when the cart has no customer or the customer is not on the device. */
  customer: LocalCustomer | null | undefined;
  customerType: string | null;
  customerLevel: string | null;
  wholesale: boolean;
  pricing: CartPricing | undefined;
  variants: Map<number, LocalVariant> | undefined;
  priced: PricedCart | null;
  /** A variant just picked (search, scan): priced at once, before Dexie answers for the new line. */
  remember: (variant: LocalVariant) => void;
};

/** `wholesaleType`: the order's type sells at wholesale prices (contract/orders-types.ts), as the server prices it. */
export function useCartPricing(
  db: AppDb,
  companyId: number,
  cart: CartRow | null,
  flags: FeatureFlags,
  wholesaleType = false,
): CartPricingState {
  const customerId = cart?.customerId ?? null;
  // Each answer says what it was asked for: while a new question is on its way, the old answer
  // (another customer, no customer yet) must not price the lines, not even for one frame.
  const found = useLiveQuery(
    async () => ({ id: customerId, row: customerId ? ((await db.customers.get(customerId)) ?? null) : null }),
    [db, customerId],
  );
  const customer = found && found.id === customerId ? found.row : undefined;

  const typeId = customer?.customer_type_id ?? null;
  const levelId = customer?.level_id ?? null;
  const names = useLiveQuery(
    async () => ({
      type: typeId ? ((await db.customerTypes.get(typeId)) ?? null) : null,
      level: levelId ? ((await db.customerLevels.get(levelId)) ?? null) : null,
    }),
    [db, typeId, levelId],
  );

  // Flags compared by value: the session hands out a new object on any cookie change.
  const flagsKey = JSON.stringify(flags);
  const answer = useLiveQuery(
    async () =>
      customer === undefined
        ? null
        : { customerId, flagsKey, customer, pricing: await loadCartPricing(db, companyId, customer, JSON.parse(flagsKey) as FeatureFlags) },
    [db, companyId, customer, flagsKey],
  );
  // A re-read of the same customer (a sync touched the table) keeps the prices on screen meanwhile.
  const current = answer && answer.customerId === customerId && answer.flagsKey === flagsKey ? answer : undefined;
  const loaded = current?.pricing;
  const pricing = useMemo(
    () => (loaded && wholesaleType ? { ...loaded, customer: { ...loaded.customer, wholesale: true } } : loaded),
    [loaded, wholesaleType],
  );

  const ids = useMemo(() => [...new Set((cart?.lines ?? []).map((line) => line.variantId))].sort((a, b) => a - b), [cart?.lines]);
  const idKey = ids.join(',');
  const stored = useLiveQuery(async () => {
    const rows = await db.variants.bulkGet(idKey ? idKey.split(',').map(Number) : []);
    return { key: idKey, map: new Map(rows.filter((row): row is LocalVariant => row !== undefined).map((row) => [row.id, row])) };
  }, [db, idKey]);
  const [seen, setSeen] = useState<ReadonlyMap<number, LocalVariant>>(new Map());
  const remember = useCallback((variant: LocalVariant) => setSeen((previous) => new Map(previous).set(variant.id, variant)), []);
  const variants = useMemo(() => {
    if (!stored) return undefined;
    // The device's answer for exactly these lines is the truth (a vanished product shows as such).
    if (stored.key === idKey) return stored.map;
    const merged = new Map(stored.map);
    for (const [id, variant] of seen) if (!merged.has(id)) merged.set(id, variant);
    return merged;
  }, [stored, idKey, seen]);

  const priced = useMemo(() => (cart && pricing && variants ? priceCart(cart.lines, variants, pricing) : null), [cart, pricing, variants]);

  return {
    customer,
    customerType: names?.type?.title ?? null,
    customerLevel: names?.level?.title ?? null,
    wholesale: (wholesaleType || names?.type?.is_wholesale === true) && flags.WHOLESALE === true,
    pricing,
    variants,
    priced,
    remember,
  };
}
