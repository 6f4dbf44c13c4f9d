/**
 * Pricing the cart on the device with the same functions the server uses: each unit price from the
 * mirrored price policies (contract/price-policy.ts), then the mirrored promotion programmes with
 * the promotion engine (contract/promotions-engine.ts: discounts, gifts, hints for the next tier),
 * for the customer's group, level, province and licence, under the company's switches. Works
 * offline; the server runs the same on submit and has the last word.
 */
import type { FeatureFlags } from '@contract/company-switches';
import { discountApprovalReason, type DiscountLimit } from '@contract/orders-discount';
import { discountProblem, quantityProblem } from '@contract/orders-lines';
import { lineAmounts, orderTotals, type LineAmounts, type OrderTotals } from '@contract/orders-totals';
import {
  applyPromotions,
  giftGoods,
  type AppliedPromotion,
  type EngineCustomer,
  type GiftGoods,
  type GiftLine,
  type PromotionHint,
} from '@contract/promotions-engine';
import {
  effectivePrice,
  findUnit,
  vietnamDay,
  type EffectivePrice,
  type PricePolicyRecord,
  type PricingCustomer,
  baseUnit,
} from '@contract/price-policy';
import type { PromotionRecord } from '@contract/promotions';
import { buyerLicenceOf, checkLine, DEFAULT_PHARMA_SETTINGS, drugFactsOf, type BuyerLicence, type PharmaSettings } from '@contract/pharma';
import type { AppDb, CartLine, LocalCustomer, LocalVariant } from '@/db/app-db';
import { variantName } from '@/lib/line-name';

export type CartPricing = {
  customer: PricingCustomer;
  /** What the promotion engine asks of the customer. */
  promotionCustomer: EngineCustomer;
  policies: PricePolicyRecord[];
  /** The company's programmes (REWARD on); the engine keeps those running now for this customer. */
  programmes: PromotionRecord[];
  /** The variants programmes give, as the engine values them. */
  giftGoods: Map<number, GiftGoods>;
  flags: FeatureFlags;
  day: string;
  now: Date;
  /** The customer's licence and the company's pharma rules: a line the server would refuse says so here (contract/pharma.ts). */
  buyer: BuyerLicence;
  pharma: PharmaSettings;
};

export async function loadCartPricing(
  db: AppDb,
  companyId: number,
  customer: LocalCustomer | null,
  flags: FeatureFlags,
  now = new Date(),
): Promise<CartPricing> {
  const type = customer?.customer_type_id ? await db.customerTypes.get(customer.customer_type_id) : undefined;
  const policies = flags.CSG ? await db.pricePolicies.where('company').equals(companyId).toArray() : [];
  const programmes = flags.REWARD ? await db.promotions.where('company').equals(companyId).toArray() : [];
  const giftIds = [...new Set(programmes.flatMap((p) => p.tiers.flatMap((tier) => (tier.gift_variant_id ? [tier.gift_variant_id] : []))))];
  const pharma = (await db.pharmaSettings.get(companyId)) ?? DEFAULT_PHARMA_SETTINGS;
  const gifts = (await db.variants.bulkGet(giftIds)).filter((variant): variant is LocalVariant => variant !== undefined);
  return {
    customer: {
      customer_type_id: customer?.customer_type_id ?? null,
      level_id: customer?.level_id ?? null,
      wholesale: type?.is_wholesale ?? false,
    },
    promotionCustomer: {
      customer_type_id: customer?.customer_type_id ?? null,
      level_id: customer?.level_id ?? null,
      province_code: customer?.address.province_code ?? null,
      drug_business: customer?.drug_business ?? false,
    },
    policies,
    programmes,
    giftGoods: new Map(gifts.flatMap((variant) => (giftGoods(variant) ? [[variant.id, giftGoods(variant)!] as const] : []))),
    flags,
    day: vietnamDay(now),
    now,
    buyer: buyerLicenceOf(customer ?? { kind: '' }),
    pharma,
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
  /** Which programme took how much off this line. */
  promotions: { promotion_id: number; amount: number }[];
  /** Why the line cannot be sold (product gone, stopped, unit gone, a pharma rule the company blocks). */
  problem: string | null;
  /** What a pharma rule the company only warns of says about the line. */
  pharmaWarning: string | null;
  /** What is wrong with the quantity or the discount as typed (contract/orders-lines.ts), shown by its field. */
  quantityProblem: string | null;
  discountProblem: string | null;
};

/**
 * Why the order will wait for a manager's approval of its discount (contract/orders-discount.ts),
 * lines named as the server names them, or null.
 */
export function cartApprovalReason(lines: readonly PricedLine[], limit: DiscountLimit | null | undefined): string | null {
  return discountApprovalReason(
    lines.map((line) => ({
      label: line.variant ? variantName(line.variant) : `Sản phẩm #${line.variantId}`,
      discount: line.discount,
      amounts: line.amounts,
    })),
    limit,
  );
}

/** The first reason the line keeps the order from being sent, or null. */
export function lineProblem(line: Pick<PricedLine, 'problem' | 'quantityProblem' | 'discountProblem'>): string | null {
  return line.problem ?? line.quantityProblem ?? line.discountProblem;
}

export type PricedCart = {
  lines: PricedLine[];
  totals: OrderTotals;
  gifts: GiftLine[];
  applied: AppliedPromotion[];
  hints: PromotionHint[];
};

/**
 * Every line with its current price and amounts (a line whose product or unit vanished says so),
 * then the promotions on the lines that can be sold.
 */
export function priceCart(lines: readonly CartLine[], variants: Map<number, LocalVariant>, pricing: CartPricing): PricedCart {
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
    const pharma = variant ? checkLine(pricing.buyer, drugFactsOf(variant), pricing.pharma, pricing.day) : null;
    const price = variant && unit ? priceOf(variant, unit.unit, pricing) : null;
    // A raise the rep accepted stands until the device's own data catches up with it.
    const unitPrice = Math.max(price?.price ?? line.unitPrice, line.confirmedPrice ?? 0);
    return {
      ...line,
      unitPrice,
      variant,
      price,
      problem: problem ?? (pharma?.blocks[0] ? `Không bán được: ${pharma.blocks[0].reason}` : null),
      pharmaWarning: pharma?.warnings.map((warning) => warning.reason).join('; ') || null,
      quantityProblem: null,
      discountProblem: null,
      promotions: [],
      amounts: lineAmounts({ unitPrice, quantity: line.quantity, discount: line.discount, vatRate: variant?.vat_rate ?? 0, vatOn }),
    };
  });
  const sellable = priced.filter((line) => !line.problem && line.variant);
  const engine = applyPromotions({
    lines: sellable.map((line) => {
      const variant = line.variant!;
      const unit = findUnit(variant.units, line.unit)!;
      return {
        line_id: line.lineId,
        variant_id: variant.id,
        category_id: variant.category_id,
        brand_id: variant.brand_id,
        is_medicine: variant.is_medicine,
        label: variantName(variant),
        base_unit: baseUnit(variant.units).unit,
        unit: unit.unit,
        factor: unit.factor,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        vat_rate: variant.vat_rate,
        discount: line.discount,
      };
    }),
    customer: pricing.promotionCustomer,
    programmes: pricing.programmes,
    vatOn,
    at: pricing.now,
    gifts: (id) => pricing.giftGoods.get(id) ?? (variants.get(id) ? giftGoods(variants.get(id)!) : undefined),
  });
  const byLine = new Map(engine.lines.map((line) => [line.line_id, line]));
  // The fields are judged as typed, against the line's worth after its promotions: what the field
  // shows is what counts, and a field that cannot count stops the order.
  const result = priced.map((line): PricedLine => {
    const promoted = byLine.get(line.lineId);
    const amounts = promoted?.amounts ?? line.amounts;
    return {
      ...line,
      amounts,
      promotions: promoted?.promotions ?? line.promotions,
      quantityProblem: quantityProblem(line.quantity),
      discountProblem: discountProblem(line.discount, amounts.base),
    };
  });
  return {
    lines: result,
    totals: orderTotals(result.map((line) => line.amounts)),
    gifts: engine.gifts,
    applied: engine.applied,
    hints: engine.hints,
  };
}
