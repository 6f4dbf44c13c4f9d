/**
 * The promotion engine: a cart, its customer and the company's programmes → each line's amounts,
 * the gifts, what each programme gave, the hints for the next tier, and the totals, in whole đồng.
 * One pure function the phone runs offline (the cart) and the server runs on submit, so both show
 * the same figures (docs/promotions.md "The engine").
 *
 * Order of work:
 * 1. Programmes that run now for this customer, highest priority first (then the older one).
 * 2. The line kinds (discount, quantity_tier, buy_get) on the lines they cover; then the rep's own
 *    discount on what remains; then order_total on the lines' net.
 * 3. A line an exclusive programme took is not touched by another; an exclusive programme takes
 *    only lines nothing touched.
 * 4. Each programme gives at most half the value of the goods it promotes (NĐ 81/2018 Điều 6-7)
 *    and no more than its budget left (in total and for this customer).
 * 5. Medicines are promoted, and given, only to licensed drug businesses (NĐ 81/2018 Điều 5).
 */
import { formatMoney, formatNumber, roundDong } from './money';
import { lineAmounts, orderTotals } from './orders-totals';
import { baseUnit, vietnamDay } from './price-policy';
import type { VariantRecord } from './products';
import type { PromotionTier } from './promotions';
import { grantValue, limitMoney, limitQuantity, spread, type Grant, type GiftLine } from './promotions-grants';
import { isRunning } from './promotions-status';

import type {
  AppliedPromotion,
  EngineCustomer,
  EngineInput,
  EngineLine,
  EngineProgramme,
  GiftGoods,
  PricedCart,
  PricedLine,
  PromotionHint,
} from './promotions-engine-types';

export { spread, type GiftLine };
export type * from './promotions-engine-types';

/** A catalogue variant as a gift; none when it is no longer sold. */
export function giftGoods(variant: VariantRecord): GiftGoods | undefined {
  if (!variant.is_active || variant.units.length === 0) return undefined;
  const base = baseUnit(variant.units);
  return {
    variant_id: variant.id,
    label: [variant.product_name, variant.name].filter(Boolean).join(' – '),
    base_unit: base.unit,
    base_price: base.price,
    is_medicine: variant.is_medicine,
  };
}

type Claim = 'none' | 'shared' | 'exclusive';

/** The Vietnam minute of the day, "HH:MM". */
function vietnamTime(at: Date): string {
  return new Date(at.getTime() + 7 * 3600_000).toISOString().slice(11, 16);
}

const within = <T>(list: readonly T[], value: T | null) => list.length === 0 || (value !== null && list.includes(value));

/** Runs on this Vietnam day and minute ("HH:MM") and is meant for this customer. */
function appliesAt(programme: EngineProgramme, customer: EngineCustomer, day: string, time: string): boolean {
  const exhausted = programme.cap_total !== null && programme.used_total >= programme.cap_total;
  const { state, starts_on, ends_on } = programme;
  if (!isRunning({ state, starts_on, ends_on, exhausted }, day)) return false;
  if (programme.hours_from && programme.hours_to && (time < programme.hours_from || time >= programme.hours_to)) return false;
  return (
    within(programme.customer_type_ids, customer.customer_type_id) &&
    within(programme.level_ids, customer.level_id) &&
    within(programme.province_codes, customer.province_code)
  );
}

/** The programme's goods take this variant (all lists empty: every product). */
export function programmeCovers(
  programme: Pick<EngineProgramme, 'variant_ids' | 'category_ids' | 'brand_ids'>,
  line: Pick<EngineLine, 'variant_id' | 'category_id' | 'brand_id'>,
): boolean {
  const scoped = programme.variant_ids.length + programme.category_ids.length + programme.brand_ids.length > 0;
  return (
    !scoped ||
    programme.variant_ids.includes(line.variant_id) ||
    (line.category_id !== null && programme.category_ids.includes(line.category_id)) ||
    (line.brand_id !== null && programme.brand_ids.includes(line.brand_id))
  );
}

const units = (quantity: number, unit: string) => `${formatNumber(quantity)} ${unit}`;

function rewardText(programme: EngineProgramme, tier: PromotionTier, unit: string, gift: GiftGoods | undefined): string {
  if (tier.reward === 'percent') return programme.kind === 'order_total' ? `giảm ${tier.value}% đơn hàng` : `giảm ${tier.value}%`;
  if (tier.reward === 'amount')
    return programme.kind === 'order_total' ? `giảm ${formatMoney(tier.value)}` : `giảm ${formatMoney(tier.value)}/${unit}`;
  if (tier.reward === 'fixed_price') return `giá ${formatMoney(tier.value)}/${unit}`;
  return `tặng ${units(tier.gift_quantity, gift?.base_unit ?? unit)}${gift ? ` ${gift.label}` : ''}`;
}

/** The highest tier reached, and the next one. */
function tiersAt(tiers: readonly PromotionTier[], amount: number): { reached: PromotionTier | null; next: PromotionTier | null } {
  let reached: PromotionTier | null = null;
  let next: PromotionTier | null = null;
  for (const tier of tiers) {
    if (tier.threshold <= amount) {
      if (!reached || tier.threshold > reached.threshold) reached = tier;
    } else if (!next || tier.threshold < next.threshold) next = tier;
  }
  return { reached, next };
}

type Group = { lines: number[]; base: number; worth: number; unit: string; variantId: number | null };

/** The cart as the programmes work through it, line by line (by index): what was taken off, and what came of it. */
type CartState = {
  input: EngineInput;
  gross: number[];
  baseQuantity: number[];
  linePromotion: number[];
  orderShare: number[];
  allocations: Map<number, number>[];
  claims: Claim[];
  /** What a line comes to before VAT, given what has been taken off it so far (kept until that changes). */
  nets: (number | null)[];
  gifts: GiftLine[];
  applied: AppliedPromotion[];
  hints: PromotionHint[];
};

/** What one programme gave over its groups, the highest tier it gave at, and why it gave less than its tiers say. */
type Outcome = { given: Grant; limited: string | null; summaries: Set<string>; threshold: number | null };

export function applyPromotions(input: EngineInput): PricedCart {
  const cart = cartState(input);
  const running = runningProgrammes(input);
  for (const programme of running) applyProgramme(cart, programme);
  cart.hints.push(...unlicensedHints(input, running));
  const priced = pricedLines(cart);
  return {
    lines: priced,
    gifts: cart.gifts,
    applied: cart.applied,
    hints: cart.hints,
    totals: orderTotals(priced.map((line) => line.amounts)),
  };
}

/** Why a programme gives a customer nothing on medicines, in the cart's hint and the server's answer alike. */
export const UNLICENSED_REASON = 'không áp dụng cho thuốc vì khách hàng chưa có giấy phép kinh doanh dược';

/** A medicine is promoted only to a drug business (NĐ 81/2018 Điều 5): this programme covers one the customer may not be promoted. */
export function withheldForLicence(
  customer: Pick<EngineCustomer, 'drug_business'>,
  programme: Pick<EngineProgramme, 'variant_ids' | 'category_ids' | 'brand_ids'>,
  lines: readonly Pick<EngineLine, 'quantity' | 'is_medicine' | 'variant_id' | 'category_id' | 'brand_id'>[],
): boolean {
  return !customer.drug_business && lines.some((line) => line.quantity > 0 && line.is_medicine && programmeCovers(programme, line));
}

/** Why a programme gave a customer without a drug-business licence nothing on its medicines: said, not left for the rep to guess. */
function unlicensedHints(input: EngineInput, running: readonly EngineProgramme[]): PromotionHint[] {
  return running
    .filter((programme) => withheldForLicence(input.customer, programme, input.lines))
    .map((programme) => ({ promotion_id: programme.id, message: `${programme.name}: ${UNLICENSED_REASON}` }));
}

function cartState(input: EngineInput): CartState {
  const { lines } = input;
  return {
    input,
    gross: lines.map((line) => roundDong(line.unit_price * line.quantity)),
    baseQuantity: lines.map((line) => line.quantity * line.factor),
    linePromotion: lines.map(() => 0),
    orderShare: lines.map(() => 0),
    allocations: lines.map(() => new Map<number, number>()),
    claims: lines.map((): Claim => 'none'),
    nets: lines.map(() => null),
    gifts: [],
    applied: [],
    hints: [],
  };
}

/** Programmes that run now for this customer, highest priority first (then the older one); order_total last. */
function runningProgrammes(input: EngineInput): EngineProgramme[] {
  const [day, time] = [vietnamDay(input.at), vietnamTime(input.at)];
  const running = input.programmes
    .filter((programme) => appliesAt(programme, input.customer, day, time))
    .sort((a, b) => b.priority - a.priority || a.id - b.id);
  return [...running.filter((p) => p.kind !== 'order_total'), ...running.filter((p) => p.kind === 'order_total')];
}

function net(cart: CartState, index: number): number {
  const line = cart.input.lines[index]!;
  return (cart.nets[index] ??= lineAmounts({
    unitPrice: line.unit_price,
    quantity: line.quantity,
    discount: line.discount,
    vatRate: 0,
    vatOn: false,
    promotion: cart.linePromotion[index],
    orderShare: cart.orderShare[index],
  }).net);
}

/** Lines a programme may touch: covered, allowed to this customer, free of exclusive claims. */
function eligible(cart: CartState, programme: EngineProgramme): number[] {
  const { lines, customer } = cart.input;
  const found: number[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.quantity <= 0 || (line.is_medicine && !customer.drug_business) || !programmeCovers(programme, line)) continue;
    if (programme.exclusive ? cart.claims[index] === 'none' : cart.claims[index] !== 'exclusive') found.push(index);
  }
  return found;
}

/** A gift of "the same goods" counts each line on its own; anything else counts the lines together. */
function groupsOf(cart: CartState, programme: EngineProgramme, indexes: number[]): Group[] {
  const { lines } = cart.input;
  const isOrder = programme.kind === 'order_total';
  const perLine = !isOrder && programme.tiers.some((tier) => tier.reward === 'gift' && tier.gift_variant_id === null);
  return (perLine ? indexes.map((index) => [index]) : [indexes]).map((group) => {
    const worth = group.reduce((sum, index) => sum + (isOrder ? net(cart, index) : cart.gross[index]! - cart.linePromotion[index]!), 0);
    return {
      lines: group,
      base: isOrder ? worth : group.reduce((sum, index) => sum + cart.baseQuantity[index]!, 0),
      worth,
      unit: lines[group[0]!]!.base_unit,
      variantId: !isOrder && group.length === 1 ? lines[group[0]!]!.variant_id : null,
    };
  });
}

function allowedGift(cart: CartState, tier: PromotionTier, group: Group): GiftGoods | undefined {
  const variantId = tier.gift_variant_id ?? group.variantId;
  const goods = variantId === null ? undefined : cart.input.gifts(variantId);
  // A medicine is given only to a drug business (NĐ 81/2018 Điều 5).
  return goods && (!goods.is_medicine || cart.input.customer.drug_business) ? goods : undefined;
}

/** What one tier gives to one group of lines, before the budget and the 50 % rule. */
function grant(cart: CartState, programme: EngineProgramme, tier: PromotionTier, group: Group): Grant {
  const discounts = new Map<number, number>();
  if (tier.reward === 'gift') {
    const goods = allowedGift(cart, tier, group);
    const quantity = tier.gift_quantity * (programme.kind === 'buy_get' ? Math.floor(group.base / tier.threshold) : 1);
    if (!goods || quantity <= 0) return { discounts, gifts: [], quantity: 0 };
    const gift = {
      promotion_id: programme.id,
      variant_id: goods.variant_id,
      label: goods.label,
      base_unit: goods.base_unit,
      quantity,
      value: quantity * goods.base_price,
    };
    return { discounts, gifts: [gift], quantity };
  }
  if (programme.kind === 'order_total') {
    const amount = tier.reward === 'percent' ? roundDong((group.base * tier.value) / 100) : Math.min(group.base, tier.value);
    spread(
      amount,
      group.lines.map((index) => net(cart, index)),
    ).forEach((part, at) => discounts.set(group.lines[at]!, part));
    return { discounts, gifts: [], quantity: 0 };
  }
  const { gross, baseQuantity, linePromotion } = cart;
  for (const index of group.lines) {
    const wanted =
      tier.reward === 'percent'
        ? roundDong((gross[index]! * tier.value) / 100)
        : tier.reward === 'amount'
          ? tier.value * baseQuantity[index]!
          : gross[index]! - tier.value * baseQuantity[index]!;
    discounts.set(index, Math.max(0, Math.min(gross[index]! - linePromotion[index]!, wanted)));
  }
  return { discounts, gifts: [], quantity: group.lines.reduce((sum, index) => sum + baseQuantity[index]!, 0) };
}

function hintFor(cart: CartState, programme: EngineProgramme, group: Group, named: boolean): string | null {
  const { reached, next } = tiersAt(programme.tiers, group.base);
  // Buy X get Y repeats: the next gift is at the next multiple.
  const target = programme.kind === 'buy_get' && reached ? reached : next;
  if (!target) return null;
  const missing =
    programme.kind === 'buy_get' && reached ? target.threshold - (group.base % target.threshold) : target.threshold - group.base;
  const goods = target.reward === 'gift' ? allowedGift(cart, target, group) : undefined;
  if (target.reward === 'gift' && !goods) return null;
  const amount = programme.kind === 'order_total' ? formatMoney(missing) : units(missing, group.unit);
  const what = named ? ` ${cart.input.lines[group.lines[0]!]!.label}` : '';
  const reward = rewardText(programme, target, group.unit, goods);
  return `${programme.name}: mua thêm ${amount}${what} để được ${programme.kind === 'buy_get' && reached ? reward.replace(/^tặng /, 'tặng thêm ') : reward}`;
}

/** The budget left, in the programme's cap kind: the least of what is left in total and for this customer. */
function budgetOf(input: EngineInput, programme: EngineProgramme): number {
  const usage = input.usage?.(programme.id) ?? { total: programme.used_total, customer: 0 };
  return Math.min(
    programme.cap_total === null ? Infinity : programme.cap_total - usage.total,
    programme.cap_per_customer === null ? Infinity : programme.cap_per_customer - usage.customer,
  );
}

/** Each group's tier reached, cut to the 50 % rule and to the budget left; the hints for the next tier on the way. */
function grantGroups(cart: CartState, programme: EngineProgramme, groups: Group[]): Outcome {
  let budget = budgetOf(cart.input, programme);
  const given: Grant = { discounts: new Map(), gifts: [], quantity: 0 };
  let limited: string | null = null;
  let threshold: number | null = null;
  const summaries = new Set<string>();

  for (const group of groups) {
    const hint = hintFor(cart, programme, group, groups.length > 1);
    if (hint) cart.hints.push({ promotion_id: programme.id, message: hint });
    const { reached } = tiersAt(programme.tiers, group.base);
    if (!reached) continue;
    if (budget <= 0) {
      limited = 'Chương trình đã hết ngân sách';
      continue;
    }
    const part = grant(cart, programme, reached, group);
    // The 50 % rule: a programme gives at most half of the value of the goods it promotes.
    if (grantValue(part) > Math.floor(group.worth / 2)) {
      limitMoney(part, Math.floor(group.worth / 2));
      limited = 'Giới hạn 50% giá trị hàng được khuyến mại (Nghị định 81/2018)';
    }
    const spent = () => (programme.cap_kind === 'money' ? grantValue(part) : part.quantity);
    if (spent() > budget) {
      if (programme.cap_kind === 'money') limitMoney(part, budget);
      else limitQuantity(part, budget);
      limited = 'Chương trình chỉ còn đủ ngân sách cho một phần ưu đãi';
    }
    if (grantValue(part) <= 0 && part.gifts.length === 0) continue;
    budget -= spent();
    for (const [index, amount] of part.discounts) given.discounts.set(index, (given.discounts.get(index) ?? 0) + amount);
    given.gifts.push(...part.gifts);
    given.quantity += part.quantity;
    summaries.add(rewardText(programme, reached, group.unit, part.gifts[0] ? allowedGift(cart, reached, group) : undefined));
    threshold = Math.max(threshold ?? reached.threshold, reached.threshold);
  }
  return { given, limited, summaries, threshold };
}

/** One programme over the lines it may touch: what it takes off, the lines it claims, its gifts and its record. */
function applyProgramme(cart: CartState, programme: EngineProgramme): void {
  const indexes = eligible(cart, programme);
  if (indexes.length === 0) return;
  const { given, limited, summaries, threshold } = grantGroups(cart, programme, groupsOf(cart, programme, indexes));
  const discount = [...given.discounts.values()].reduce((a, b) => a + b, 0);
  const { id: promotion_id, code, name } = programme;
  if (discount <= 0 && given.gifts.length === 0) {
    if (limited)
      cart.applied.push({ promotion_id, code, name, discount: 0, gift_value: 0, quantity: 0, summary: '', threshold: null, limited });
    return;
  }
  takeOff(cart, programme, indexes, given);
  cart.gifts.push(...given.gifts);
  cart.applied.push({
    promotion_id,
    code,
    name,
    discount,
    gift_value: given.gifts.reduce((sum, gift) => sum + gift.value, 0),
    quantity: given.quantity,
    summary: [...summaries].join('; '),
    threshold,
    limited,
  });
}

/** Books the discounts on the lines (the order's share for order_total) and claims the lines. */
function takeOff(cart: CartState, programme: EngineProgramme, indexes: number[], given: Grant): void {
  for (const [index, amount] of given.discounts) {
    if (amount <= 0) continue;
    if (programme.kind === 'order_total') cart.orderShare[index]! += amount;
    else cart.linePromotion[index]! += amount;
    cart.nets[index] = null;
    cart.allocations[index]!.set(programme.id, (cart.allocations[index]!.get(programme.id) ?? 0) + amount);
  }
  for (const index of indexes) {
    if (programme.exclusive) cart.claims[index] = 'exclusive';
    else if (cart.claims[index] === 'none' && given.discounts.has(index)) cart.claims[index] = 'shared';
  }
}

function pricedLines(cart: CartState): PricedLine[] {
  return cart.input.lines.map((line, index) => ({
    ...line,
    amounts: lineAmounts({
      unitPrice: line.unit_price,
      quantity: line.quantity,
      discount: line.discount,
      vatRate: line.vat_rate,
      vatOn: cart.input.vatOn,
      promotion: cart.linePromotion[index],
      orderShare: cart.orderShare[index],
    }),
    promotions: [...cart.allocations[index]!].map(([promotion_id, amount]) => ({ promotion_id, amount })),
  }));
}
