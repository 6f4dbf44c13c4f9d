/**
 * What the promotion engine (contract/promotions-engine.ts) takes and answers: the cart's lines,
 * the customer, the programmes, and the priced cart.
 */
import type { LineAmounts, LineDiscount, OrderTotals } from './orders-totals';
import type { PromotionRecord } from './promotions';
import type { GiftLine } from './promotions-grants';

export type EngineLine = {
  line_id: string;
  variant_id: number;
  category_id: number | null;
  brand_id: number | null;
  is_medicine: boolean;
  /** e.g. "Panadol Extra – Hộp 10 vỉ". */
  label: string;
  base_unit: string;
  unit: string;
  factor: number;
  quantity: number;
  /** The price of one `unit` after the price policy. */
  unit_price: number;
  vat_rate: number;
  discount: LineDiscount | null;
};

/** What the engine needs of a gift's variant: its base unit's list price values the gift. */
export type GiftGoods = { variant_id: number; label: string; base_unit: string; base_price: number; is_medicine: boolean };

export type EngineCustomer = {
  customer_type_id: number | null;
  level_id: number | null;
  province_code: string | null;
  /** A licensed drug business (nhà thuốc, quầy thuốc, công ty dược): may be promoted medicines. */
  drug_business: boolean;
};

/** Budget already spent, in the programme's cap kind: by everyone, and by this customer. */
export type PromotionUsage = { total: number; customer: number };

export type EngineProgramme = Pick<
  PromotionRecord,
  | 'id'
  | 'code'
  | 'name'
  | 'kind'
  | 'state'
  | 'starts_on'
  | 'ends_on'
  | 'hours_from'
  | 'hours_to'
  | 'exclusive'
  | 'priority'
  | 'variant_ids'
  | 'category_ids'
  | 'brand_ids'
  | 'customer_type_ids'
  | 'level_ids'
  | 'province_codes'
  | 'tiers'
  | 'cap_kind'
  | 'cap_total'
  | 'cap_per_customer'
  | 'used_total'
>;

export type EngineInput = {
  lines: readonly EngineLine[];
  customer: EngineCustomer;
  programmes: readonly EngineProgramme[];
  vatOn: boolean;
  /** When the order is priced (Vietnam day and hour decide the window). */
  at: Date;
  gifts: (variantId: number) => GiftGoods | undefined;
  /** Budget spent; absent: the record's `used_total` and nothing for this customer (the phone's view). */
  usage?: (programmeId: number) => PromotionUsage;
};

export type PricedLine = EngineLine & { amounts: LineAmounts; promotions: { promotion_id: number; amount: number }[] };

export type AppliedPromotion = {
  promotion_id: number;
  code: string;
  name: string;
  discount: number;
  gift_value: number;
  /** Base units: gifts given, or units discounted (what a quantity budget counts). */
  quantity: number;
  /** "Giảm 5% đơn hàng", "Tặng 2 Hộp Panadol". */
  summary: string;
  /** The threshold of the highest tier it gave at (PromotionTier.threshold); null when it gave nothing. */
  threshold: number | null;
  /** Why it gave less than its tier says (budget, the 50 % rule), or null. */
  limited: string | null;
};

export type PromotionHint = { promotion_id: number; message: string };

export type PricedCart = {
  lines: PricedLine[];
  gifts: GiftLine[];
  applied: AppliedPromotion[];
  hints: PromotionHint[];
  totals: OrderTotals;
};
