/**
 * Pricing the cart on the device with the same function the server uses (contract/price-policy.ts),
 * from the mirrored price policies, the customer's group (wholesale or not) and level, and the
 * company's switches. Works offline; the server re-checks on submit.
 */
import type { FeatureFlags } from '@contract/company-switches';
import { lineAmounts, orderTotals, type LineAmounts, type OrderTotals } from '@contract/orders-totals';
import {
  effectivePrice,
  findUnit,
  vietnamDay,
  type EffectivePrice,
  type PricePolicyRecord,
  type PricingCustomer,
} from '@contract/price-policy';
import type { AppDb, CartLine, LocalCustomer, LocalVariant } from '@/db/app-db';

export type CartPricing = { customer: PricingCustomer; policies: PricePolicyRecord[]; flags: FeatureFlags; day: string };

export async function loadCartPricing(
  db: AppDb,
  companyId: number,
  customer: LocalCustomer | null,
  flags: FeatureFlags,
  now = new Date(),
): Promise<CartPricing> {
  const type = customer?.customer_type_id ? await db.customerTypes.get(customer.customer_type_id) : undefined;
  const policies = flags.CSG ? await db.pricePolicies.where('company').equals(companyId).toArray() : [];
  return {
    customer: {
      customer_type_id: customer?.customer_type_id ?? null,
      level_id: customer?.level_id ?? null,
      wholesale: type?.is_wholesale ?? false,
    },
    policies,
    flags,
    day: vietnamDay(now),
  };
}

export function priceOf(variant: LocalVariant, unit: string, pricing: CartPricing): EffectivePrice {
  return effectivePrice({
    variantId: variant.id,
    units: variant.units,
    unit,
    customer: pricing.customer,
    policies: pricing.policies,
    features: { pricePolicy: pricing.flags.CSG === true, wholesale: pricing.flags.WHOLESALE === true },
    day: pricing.day,
  });
}

export type PricedLine = CartLine & {
  variant: LocalVariant | undefined;
  price: EffectivePrice | null;
  amounts: LineAmounts;
  problem: string | null;
};

/** Every line with its current price and amounts; a line whose product or unit vanished says so. */
export function priceCart(
  lines: readonly CartLine[],
  variants: Map<number, LocalVariant>,
  pricing: CartPricing,
): { lines: PricedLine[]; totals: OrderTotals } {
  const vatOn = pricing.flags.VAT === true;
  const priced = lines.map((line): PricedLine => {
    const variant = variants.get(line.variantId);
    const unit = variant ? findUnit(variant.units, line.unit) : undefined;
    const problem = !variant
      ? 'Sản phẩm không còn trong danh mục trên máy'
      : !variant.is_active
        ? 'Sản phẩm đã ngừng kinh doanh'
        : !unit
          ? 'Đơn vị tính không còn'
          : null;
    const price = variant && unit ? priceOf(variant, unit.unit, pricing) : null;
    // A raise the rep accepted stands until the device's own data catches up with it.
    const unitPrice = Math.max(price?.price ?? line.unitPrice, line.confirmedPrice ?? 0);
    return {
      ...line,
      unitPrice,
      variant,
      price,
      problem,
      amounts: lineAmounts({ unitPrice, quantity: line.quantity, discount: line.discount, vatRate: variant?.vat_rate ?? 0, vatOn }),
    };
  });
  return { lines: priced, totals: orderTotals(priced.map((line) => line.amounts)) };
}
