/**
 * What the server's promotions give an order less of than the phone promised (a programme stopped,
 * ended, spent, withheld for the customer's licence, or a tier no longer reached while the rep was
 * offline), each said in Vietnamese with its from → to, for the order's one answer
 * (server/modules/orders order-submit-steps.ts orderVerdict): the programme gone and why, a lower tier of the same
 * programme by its thresholds, the promotions' total, each gift by its product and unit.
 */
import { and, eq } from 'drizzle-orm';
import { formatMoney, formatNumber, groupDigits } from '@contract/money';
import { baseUnit, vietnamDay } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import {
  programmeCovers,
  UNLICENSED_REASON,
  withheldForLicence,
  type AppliedPromotion,
  type EngineCustomer,
  type EngineProgramme,
  type PricedCart,
  type PricedLine,
} from '@contract/promotions-engine';
import type { OpChange } from '@contract/sync';
import type { Db } from '@server/kernel/db/client';
import { promotions } from '@server/kernel/db/schema';
import { anyInt } from '@server/kernel/sql';

/** What the phone's engine gave (OrderSubmitPayload.promotion); null from an older app, which is not compared. */
export type PromotionQuote = {
  total: number;
  gifts: { promotionId: number; variantId: number; quantity: number }[];
  applied?: number[];
} | null;

/** What the order knows that the losses' words need. */
export type LossFacts = {
  customer: Pick<EngineCustomer, 'drug_business'>;
  /** The programmes that run now for the customer (promotionsForOrder): their tiers and goods. */
  programmes: readonly EngineProgramme[];
  /** The order's variants and the gifts', the phone's promised ones among them: a gift is named by them. */
  goods: ReadonlyMap<number, VariantRecord>;
  /** The cart as the phone priced it (every line as sent, the programmes running now): the tier it reached. */
  promised: () => PricedCart;
};

const gives = (given: AppliedPromotion) => given.discount > 0 || given.gift_value > 0;

/**
 * Each loss against the phone's quote; empty when the customer is as well or better off: a
 * programme that went away but whose loss the customer does not feel is not a reason to refuse.
 */
export async function promotionLosses(
  tx: Db,
  companyId: number,
  quote: PromotionQuote,
  cart: PricedCart,
  facts: LossFacts,
): Promise<OpChange[]> {
  if (!quote) return [];
  const giving = new Set(cart.applied.filter(gives).map((given) => given.promotion_id));
  const gone = [...new Set([...(quote.applied ?? []), ...quote.gifts.map((gift) => gift.promotionId)])].filter((id) => !giving.has(id));
  const changes = await goneProgrammes(tx, companyId, gone, { quote, cart, facts });
  const lessMoney = cart.totals.promotion < quote.total;
  if (lessMoney) {
    changes.push(...lowerTiers(quote, cart, facts));
    changes.push({
      field: 'promotion.total',
      from: quote.total,
      to: cart.totals.promotion,
      message: `Khuyến mại giảm từ ${formatMoney(quote.total)} còn ${formatMoney(cart.totals.promotion)}`,
    });
  }
  const gifts = lostGifts(quote, cart, facts.goods);
  return lessMoney || gifts.length ? [...changes, ...gifts] : [];
}

/** The programmes the phone applied that give nothing now, each with why. */
async function goneProgrammes(
  tx: Db,
  companyId: number,
  gone: number[],
  { quote, cart, facts }: { quote: NonNullable<PromotionQuote>; cart: PricedCart; facts: LossFacts },
): Promise<OpChange[]> {
  if (gone.length === 0) return [];
  const rows = await tx
    .select({ id: promotions.id, name: promotions.name, state: promotions.state, endsOn: promotions.endsOn })
    .from(promotions)
    .where(and(eq(promotions.companyId, companyId), anyInt(promotions.id, gone)));
  const day = vietnamDay();
  return rows.map((row): OpChange => {
    const running = facts.programmes.find((programme) => programme.id === row.id);
    const why =
      row.state === 'stopped'
        ? 'đã dừng'
        : row.endsOn < day
          ? 'đã kết thúc'
          : row.state !== 'approved'
            ? 'không còn áp dụng'
            : running
              ? runningLoss(running, quote, cart, facts)
              : 'đã hết ngân sách hoặc không còn áp dụng cho đơn này';
    return { field: `promotion.${row.id}`, from: row.name, to: null, message: `Chương trình ${row.name} ${why}` };
  });
}

/** Why a programme that still runs gives this order nothing: the customer's licence, its budget, or a tier no longer reached. */
function runningLoss(programme: EngineProgramme, quote: NonNullable<PromotionQuote>, cart: PricedCart, facts: LossFacts): string {
  const { customer, goods } = facts;
  const medicineGift = quote.gifts.some((gift) => gift.promotionId === programme.id && goods.get(gift.variantId)?.is_medicine === true);
  const promised = facts.promised();
  if (withheldForLicence(customer, programme, promised.lines) || (medicineGift && !customer.drug_business)) return UNLICENSED_REASON;
  // The engine records a programme it reached but could give nothing of for its budget (AppliedPromotion.limited).
  if (cart.applied.some((given) => given.promotion_id === programme.id && given.limited)) return 'đã hết ngân sách';
  const reached = promised.applied.find((given) => given.promotion_id === programme.id && gives(given))?.threshold ?? null;
  if (reached !== null) return `không còn áp dụng: đơn không còn đạt bậc ${tierLabel(programme, reached, promised.lines)}`;
  return 'đã hết ngân sách hoặc không còn áp dụng cho đơn này';
}

/** The programmes the phone applied that still give, at a lower tier than the phone's lines reach. */
function lowerTiers(quote: NonNullable<PromotionQuote>, cart: PricedCart, facts: LossFacts): OpChange[] {
  const quoted = new Set(quote.applied ?? []);
  const now = new Map(cart.applied.filter(gives).map((given) => [given.promotion_id, given]));
  const promised = facts.promised();
  return promised.applied.flatMap((was): OpChange[] => {
    const is = now.get(was.promotion_id);
    const programme = facts.programmes.find((candidate) => candidate.id === was.promotion_id);
    if (!quoted.has(was.promotion_id) || !is || !programme || was.threshold === null || is.threshold === null) return [];
    if (is.threshold >= was.threshold) return [];
    const from = tierLabel(programme, was.threshold, promised.lines);
    const to = tierLabel(programme, is.threshold, promised.lines);
    return [
      {
        field: `promotion.${programme.id}.tier`,
        from: was.threshold,
        to: is.threshold,
        message: `Chương trình ${programme.name}: từ bậc ${from} (${was.summary}) xuống bậc ${to} (${is.summary})`,
      },
    ];
  });
}

/** A tier by its threshold: "'đơn từ 2.000.000 ₫'", "'mua từ 40 chai'" (the unit when the programme's lines share one). */
function tierLabel(programme: EngineProgramme, threshold: number, lines: readonly PricedLine[]): string {
  if (programme.kind === 'order_total') return `'đơn từ ${formatMoney(threshold)}'`;
  const units = new Set(lines.filter((line) => programmeCovers(programme, line)).map((line) => line.base_unit));
  const unit = units.size === 1 ? ` ${[...units][0]}` : '';
  return `'${programme.kind === 'buy_get' ? 'cứ mua' : 'mua từ'} ${formatNumber(threshold)}${unit}'`;
}

/** Each gift the phone promised that comes fewer or not at all, by its product (with variant) and unit. */
function lostGifts(quote: NonNullable<PromotionQuote>, cart: PricedCart, goods: ReadonlyMap<number, VariantRecord>): OpChange[] {
  return quote.gifts.flatMap((gift): OpChange[] => {
    const given = cart.gifts
      .filter((g) => g.promotion_id === gift.promotionId && g.variant_id === gift.variantId)
      .reduce((sum, g) => sum + g.quantity, 0);
    if (given >= gift.quantity) return [];
    const variant = goods.get(gift.variantId);
    const [from, to] = [groupDigits(gift.quantity), groupDigits(given)];
    const message = variant
      ? `Hàng tặng ${[variant.product_name, variant.name].filter(Boolean).join(' – ')}: từ ${[from, baseUnitOf(variant)].filter(Boolean).join(' ')} còn ${to}`
      : `Hàng tặng giảm từ ${from} còn ${to}`;
    return [{ field: `promotion.gifts.${gift.variantId}`, from: gift.quantity, to: given, message }];
  });
}

/** Gifts are counted in base units (contract/promotions-grants.ts GiftLine). */
function baseUnitOf(variant: VariantRecord): string {
  return variant.units.length ? baseUnit(variant.units).unit : '';
}
