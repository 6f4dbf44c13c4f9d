/**
 * The effective price of a variant for a customer: one function the server (re-pricing an order)
 * and the offline cart both call, so the rep sees on the phone what the office will charge.
 *
 * Order of precedence:
 * 1. With the price-policy service (CSG) on, the most specific active policy that matches the
 *    customer wins: customer group and level both match > group only > level only > everyone; then
 *    the higher priority, then the older policy. Its fixed price for the variant's unit applies;
 *    else its fixed price for the base unit times the unit's factor; else its discount on the
 *    list price.
 * 2. Otherwise the list price: the wholesale price for a wholesale customer when the WHOLESALE
 *    service is on and the unit has one, else the retail price.
 */
import * as v from 'valibot';
import { defineSyncDomain } from './sync';
import { roundDong } from './money';
import type { VariantUnit } from './products';
import { bodyObject, companyBodyField, companyQueryField, isIsoDate, optionalText, pagingFields, requiredText } from './validation';

export type PricePolicyItem = { variant_id: number; unit: string; price: number };

export type PricePolicyRecord = {
  id: number;
  company: number;
  title: string;
  customer_type_id: number | null;
  level_id: number | null;
  /** Percent off the list price for variants without a fixed price in the policy. */
  discount_percent: number;
  priority: number;
  is_active: boolean;
  /** Inclusive days (YYYY-MM-DD, Vietnam time); null is open-ended. */
  starts_on: string | null;
  ends_on: string | null;
  note: string | null;
  items: PricePolicyItem[];
  updated_at: string;
};

export type PricingCustomer = { customer_type_id: number | null; level_id: number | null; wholesale: boolean };

export type PricingFeatures = { pricePolicy: boolean; wholesale: boolean };

export type EffectivePrice = {
  /** Price of one of the chosen unit, whole đồng. */
  price: number;
  /** The list price it was derived from (for showing a discount). */
  listPrice: number;
  source: 'retail' | 'wholesale' | 'policy';
  policyId: number | null;
  policyTitle: string | null;
};

export function findUnit(units: readonly VariantUnit[], unit: string): VariantUnit | undefined {
  return units.find((candidate) => candidate.unit.toLowerCase() === unit.toLowerCase());
}

export function baseUnit(units: readonly VariantUnit[]): VariantUnit {
  const base = units.find((unit) => unit.factor === 1) ?? units[0];
  if (!base) throw new Error('variant has no unit');
  return base;
}

/** Quantity in base units: 2 hộp of 100 viên → 200. */
export function toBaseQuantity(units: readonly VariantUnit[], unit: string, quantity: number): number {
  const found = findUnit(units, unit);
  if (!found) throw new Error(`unknown unit ${unit}`);
  return quantity * found.factor;
}

/** A quantity of one unit expressed in another: 3 vỉ → 30 viên; 250 viên → 2.5 hộp. */
export function convertQuantity(units: readonly VariantUnit[], from: string, to: string, quantity: number): number {
  const target = findUnit(units, to);
  if (!target) throw new Error(`unknown unit ${to}`);
  return toBaseQuantity(units, from, quantity) / target.factor;
}

function specificity(policy: PricePolicyRecord, customer: PricingCustomer): number {
  const typeMatches = policy.customer_type_id === null || policy.customer_type_id === customer.customer_type_id;
  const levelMatches = policy.level_id === null || policy.level_id === customer.level_id;
  if (!typeMatches || !levelMatches) return -1;
  return (policy.customer_type_id !== null ? 2 : 0) + (policy.level_id !== null ? 1 : 0);
}

function inEffect(policy: PricePolicyRecord, day: string): boolean {
  return policy.is_active && (policy.starts_on === null || policy.starts_on <= day) && (policy.ends_on === null || day <= policy.ends_on);
}

/** The policy that applies to a customer on a day (YYYY-MM-DD), if any. */
export function applicablePolicy(policies: readonly PricePolicyRecord[], customer: PricingCustomer, day: string): PricePolicyRecord | null {
  let best: PricePolicyRecord | null = null;
  let bestRank: [number, number, number] = [-1, 0, 0];
  for (const policy of policies) {
    if (!inEffect(policy, day)) continue;
    const rank: [number, number, number] = [specificity(policy, customer), policy.priority, -policy.id];
    if (rank[0] < 0) continue;
    if (
      rank[0] > bestRank[0] ||
      (rank[0] === bestRank[0] && (rank[1] > bestRank[1] || (rank[1] === bestRank[1] && rank[2] > bestRank[2])))
    ) {
      best = policy;
      bestRank = rank;
    }
  }
  return best;
}

export function effectivePrice(input: {
  variantId: number;
  units: readonly VariantUnit[];
  unit: string;
  customer: PricingCustomer;
  policies: readonly PricePolicyRecord[];
  features: PricingFeatures;
  /** The day the price applies, YYYY-MM-DD in Vietnam time. */
  day: string;
}): EffectivePrice {
  const unit = findUnit(input.units, input.unit);
  if (!unit) throw new Error(`unknown unit ${input.unit}`);
  const useWholesale = input.features.wholesale && input.customer.wholesale && unit.wholesale_price !== null;
  const listPrice = useWholesale ? (unit.wholesale_price as number) : unit.price;
  const listSource = useWholesale ? 'wholesale' : 'retail';
  const policy = input.features.pricePolicy ? applicablePolicy(input.policies, input.customer, input.day) : null;
  if (!policy) return { price: listPrice, listPrice, source: listSource, policyId: null, policyTitle: null };

  const fixed = policy.items.find((item) => item.variant_id === input.variantId && item.unit.toLowerCase() === unit.unit.toLowerCase());
  const base = baseUnit(input.units);
  const fixedBase = fixed
    ? undefined
    : policy.items.find((item) => item.variant_id === input.variantId && item.unit.toLowerCase() === base.unit.toLowerCase());
  const price = fixed
    ? fixed.price
    : fixedBase
      ? fixedBase.price * unit.factor
      : roundDong((listPrice * (100 - policy.discount_percent)) / 100);
  return { price, listPrice, source: 'policy', policyId: policy.id, policyTitle: policy.title };
}

/** Today as YYYY-MM-DD in Vietnam time (UTC+7, no daylight saving). */
export function vietnamDay(at: Date = new Date()): string {
  return new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
}

const day = (label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${label} không hợp lệ`),
        v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
        v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
      ),
    ),
    null,
  );

const nullableId = (label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number(`${label} không hợp lệ`),
        v.integer(`${label} không hợp lệ`),
        v.minValue(1, `${label} không hợp lệ`),
        v.maxValue(2_147_483_647, `${label} không hợp lệ`),
      ),
    ),
    null,
  );

export const PricePolicyItemSchema = v.object(
  {
    variant_id: v.pipe(
      v.number('Biến thể không hợp lệ'),
      v.integer('Biến thể không hợp lệ'),
      v.minValue(1, 'Biến thể không hợp lệ'),
      v.maxValue(2_147_483_647, 'Biến thể không hợp lệ'),
    ),
    unit: requiredText('đơn vị tính', 30),
    price: v.pipe(
      v.number('Giá phải là số'),
      v.integer('Giá phải là số nguyên (đồng)'),
      v.minValue(0, 'Giá không được âm'),
      v.maxValue(100_000_000_000, 'Giá quá lớn'),
    ),
  },
  'Dòng giá không hợp lệ',
);

export const PricePolicyInputSchema = v.pipe(
  bodyObject({
    company: companyBodyField,
    title: requiredText('tên chính sách giá', 120),
    customer_type_id: nullableId('Nhóm khách hàng'),
    level_id: nullableId('Cấp độ'),
    discount_percent: v.optional(
      v.pipe(v.number('Chiết khấu phải là số'), v.minValue(0, 'Chiết khấu không được âm'), v.maxValue(100, 'Chiết khấu tối đa 100%')),
      0,
    ),
    priority: v.optional(
      v.pipe(
        v.number('Độ ưu tiên phải là số'),
        v.integer('Độ ưu tiên phải là số nguyên'),
        v.minValue(0, 'Độ ưu tiên không được âm'),
        v.maxValue(1000, 'Độ ưu tiên tối đa 1000'),
      ),
      0,
    ),
    is_active: v.optional(v.boolean('Trạng thái không hợp lệ'), true),
    starts_on: day('Ngày bắt đầu'),
    ends_on: day('Ngày kết thúc'),
    note: optionalText('ghi chú', 1000),
    items: v.optional(
      v.pipe(v.array(PricePolicyItemSchema, 'Bảng giá không hợp lệ'), v.maxLength(5000, 'Tối đa 5000 dòng giá mỗi chính sách')),
      [],
    ),
  }),
  v.check((input) => !input.starts_on || !input.ends_on || input.starts_on <= input.ends_on, 'Ngày kết thúc phải sau ngày bắt đầu'),
);

/*
 * Added for the server's calls (nothing above changed).
 */

/** The switch that turns price policies on (product-spec.md §9 "Price policy code CSG"). */
export const PRICE_POLICY_SWITCH = 'CSG' as const;

export const PricePolicyListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  customer_type: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhóm khách hàng không hợp lệ'), v.transform(Number))),
  level: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Cấp độ không hợp lệ'), v.transform(Number))),
  is_active: v.optional(v.picklist(['true', 'false'], 'Trạng thái không hợp lệ')),
});

/** `PUT pricepolicyupdate/`: replaces every item of one policy. */
export const PricePolicyItemsUpdateSchema = bodyObject({
  company: companyBodyField,
  policy: v.pipe(
    v.number('Chính sách giá không hợp lệ'),
    v.integer('Chính sách giá không hợp lệ'),
    v.minValue(1, 'Chính sách giá không hợp lệ'),
    v.maxValue(2_147_483_647, 'Chính sách giá không hợp lệ'),
  ),
  items: v.pipe(v.array(PricePolicyItemSchema, 'Bảng giá không hợp lệ'), v.maxLength(5000, 'Tối đa 5000 dòng giá mỗi chính sách')),
});

/** `getlisttypeprice/`: the prices an order can use: retail, wholesale (WHOLESALE on), each active policy (CSG on). */
export type PriceTypeOption = { type: 'retail' | 'wholesale' | 'policy'; id: number | null; title: string };

/** Price policies reach the phones so the cart prices offline as the server will (effectivePrice above). */
export const pricePolicySync = defineSyncDomain({
  name: 'price-policy',
  entities: ['price_policy'],
  // The cart prices by the policies of the customer's type and level (contract/price-policy.ts).
  reads: {
    price_policy: {
      anyOf: [
        ['price_policy', 'view'],
        ['orders', 'create'],
      ],
      requires: PRICE_POLICY_SWITCH,
    },
  },
  ops: {},
});
