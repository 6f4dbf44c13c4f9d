/**
 * The programme form's values as a person edits them (numbers as typed, so a half-typed amount is
 * not lost) and their way to the API: the contract's PromotionInputSchema and tierProblems check
 * them on the device, with the contract's own Vietnamese messages, before anything is sent; the
 * server's field errors (`tiers.0.value`, `variant_ids`, `ends_on`) land on the same keys, so each
 * shows under its input. Tiers keep their order on screen, the order the server names them in.
 */
import * as v from 'valibot';
import {
  KIND_REWARDS,
  PromotionInputSchema,
  tierProblems,
  type CapKind,
  type PromotionInputDraft,
  type PromotionKind,
  type PromotionRecord,
  type PromotionTier,
  type RewardType,
} from '@contract/promotions';
import { rowKeys } from '@/lib/row-keys';
import type { FieldErrors } from '@/lib/issue-fields';

export type TierValues = {
  key: string;
  /** Base units for the line kinds, đồng for order_total. */
  threshold: string;
  reward: RewardType;
  /** Percent (decimals allowed), or đồng. */
  value: string;
  gift_variant_id: number | null;
  gift_quantity: string;
};

export type PromotionFormValues = {
  name: string;
  description: string;
  kind: PromotionKind;
  /** YYYY-MM-DD, '' when not chosen yet. */
  starts_on: string;
  ends_on: string;
  /** A daily window (giờ vàng): off means all day. */
  hours: boolean;
  hours_from: string;
  hours_to: string;
  exclusive: boolean;
  priority: string;
  variant_ids: number[];
  category_ids: number[];
  brand_ids: number[];
  customer_type_ids: number[];
  level_ids: number[];
  region_ids: number[];
  tiers: TierValues[];
  cap_kind: CapKind;
  cap_total: string;
  cap_per_customer: string;
  notice_ref: string;
  notice_date: string;
};

export type { FieldErrors };

const nextKey = rowKeys('t');

/** A new tier for a kind: its first reward; a discount applies from one unit, a buy-get gives one. */
export function emptyTier(kind: PromotionKind): TierValues {
  const reward = KIND_REWARDS[kind][0]!;
  return {
    key: nextKey(),
    threshold: kind === 'discount' ? '1' : '',
    reward,
    value: '',
    gift_variant_id: null,
    gift_quantity: reward === 'gift' ? '1' : '',
  };
}

export function emptyPromotionForm(today: string): PromotionFormValues {
  return {
    name: '',
    description: '',
    kind: 'discount',
    starts_on: today,
    ends_on: '',
    hours: false,
    hours_from: '',
    hours_to: '',
    exclusive: false,
    priority: '0',
    variant_ids: [],
    category_ids: [],
    brand_ids: [],
    customer_type_ids: [],
    level_ids: [],
    region_ids: [],
    tiers: [emptyTier('discount')],
    cap_kind: 'money',
    cap_total: '',
    cap_per_customer: '',
    notice_ref: '',
    notice_date: '',
  };
}

const numberText = (value: number | null) => (value === null ? '' : String(value));

export function tierValues(tier: PromotionTier): TierValues {
  return {
    key: nextKey(),
    threshold: String(tier.threshold),
    reward: tier.reward,
    value: tier.reward === 'gift' ? '' : String(tier.value),
    gift_variant_id: tier.gift_variant_id,
    gift_quantity: tier.reward === 'gift' ? String(tier.gift_quantity) : '',
  };
}

export function formFromRecord(record: PromotionRecord): PromotionFormValues {
  return {
    name: record.name,
    description: record.description ?? '',
    kind: record.kind,
    starts_on: record.starts_on,
    ends_on: record.ends_on,
    hours: record.hours_from !== null && record.hours_to !== null,
    hours_from: record.hours_from ?? '',
    hours_to: record.hours_to ?? '',
    exclusive: record.exclusive,
    priority: String(record.priority),
    variant_ids: [...record.variant_ids],
    category_ids: [...record.category_ids],
    brand_ids: [...record.brand_ids],
    customer_type_ids: [...record.customer_type_ids],
    level_ids: [...record.level_ids],
    region_ids: [...record.region_ids],
    tiers: record.tiers.length ? record.tiers.map(tierValues) : [emptyTier(record.kind)],
    cap_kind: record.cap_kind,
    cap_total: numberText(record.cap_total),
    cap_per_customer: numberText(record.cap_per_customer),
    notice_ref: record.notice_ref ?? '',
    notice_date: record.notice_date ?? '',
  };
}

/**
 * Another kind chosen: what the tiers give must be one the kind allows (else its first reward), a
 * discount or a buy-get keeps one tier only, and a discount applies from one unit unless said.
 */
export function changeKind(values: PromotionFormValues, kind: PromotionKind): PromotionFormValues {
  if (kind === values.kind) return values;
  const single = kind === 'discount' || kind === 'buy_get';
  const kept = single ? values.tiers.slice(0, 1) : values.tiers;
  const tiers = (kept.length ? kept : [emptyTier(kind)]).map((tier) => {
    const reward = KIND_REWARDS[kind].includes(tier.reward) ? tier.reward : KIND_REWARDS[kind][0]!;
    return {
      ...tier,
      reward,
      // A threshold in units means nothing as an amount of money, and the other way round.
      threshold: (kind === 'order_total') !== (values.kind === 'order_total') ? (kind === 'discount' ? '1' : '') : tier.threshold,
      gift_quantity: reward === 'gift' && !tier.gift_quantity ? '1' : tier.gift_quantity,
    };
  });
  return { ...values, kind, tiers };
}

/** Whether the kind offers more than one tier (quantity tiers, order-total tiers). */
export function allowsManyTiers(kind: PromotionKind): boolean {
  return kind === 'quantity_tier' || kind === 'order_total';
}

/** "1.234,5" or "1234.5" or "10 %" → 1234.5; empty → NaN, so the schema says what is missing. */
export function numberOf(text: string): number {
  const plain = text.replace(/[\s%₫đ]/gi, '');
  if (plain === '') return Number.NaN;
  // Dots group thousands and a comma marks decimals (Vietnamese), unless the only mark is one dot before 1-2 digits.
  const normal = /^\d+\.\d{1,2}$/.test(plain) ? plain : plain.replaceAll('.', '').replace(',', '.');
  const value = Number(normal);
  return Number.isFinite(value) ? value : Number.NaN;
}

const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : numberOf(text));
const optionalText = (text: string): string | null => (text.trim() === '' ? null : text.trim());

export function toTier(tier: TierValues): PromotionTier {
  const gift = tier.reward === 'gift';
  return {
    threshold: numberOf(tier.threshold),
    reward: tier.reward,
    value: gift ? 0 : numberOf(tier.value),
    gift_variant_id: gift ? tier.gift_variant_id : null,
    gift_quantity: gift ? numberOf(tier.gift_quantity) : 0,
  };
}

/** The request body for the values (not yet checked). */
export function toPromotionInput(company: number, values: PromotionFormValues): PromotionInputDraft {
  return {
    company,
    name: values.name,
    description: optionalText(values.description),
    kind: values.kind,
    // Empty: the schema's "Vui lòng chọn …" (it is a string check).
    starts_on: values.starts_on || (undefined as unknown as string),
    ends_on: values.ends_on || (undefined as unknown as string),
    hours_from: values.hours ? values.hours_from || null : null,
    hours_to: values.hours ? values.hours_to || null : null,
    exclusive: values.exclusive,
    priority: values.priority.trim() === '' ? 0 : numberOf(values.priority),
    variant_ids: values.variant_ids,
    category_ids: values.category_ids,
    brand_ids: values.brand_ids,
    customer_type_ids: values.customer_type_ids,
    level_ids: values.level_ids,
    region_ids: values.region_ids,
    tiers: values.tiers.map(toTier),
    cap_kind: values.cap_kind,
    cap_total: optionalNumber(values.cap_total),
    cap_per_customer: optionalNumber(values.cap_per_customer),
    notice_ref: optionalText(values.notice_ref),
    notice_date: values.notice_date || null,
  };
}

/**
 * Where a check that names no field belongs: the dates' order under the end date, the window under
 * its end, the budget under the per-customer limit.
 */
const FORM_CHECKS: [RegExp, string][] = [
  [/Ngày kết thúc phải sau/, 'ends_on'],
  [/giờ bắt đầu và giờ kết thúc/, 'hours_to'],
  [/Giờ kết thúc phải sau/, 'hours_to'],
  [/Giới hạn mỗi khách hàng/, 'cap_per_customer'],
];

function issueFields(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    const key = path || FORM_CHECKS.find(([pattern]) => pattern.test(issue.message))?.[1] || '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The contract's verdict on the values: the body to send, or the errors by field key (the shape
 * checks first, then the tier rules of tierProblems, which the server runs as well).
 */
export function checkPromotionForm(
  company: number,
  values: PromotionFormValues,
): { ok: true; input: PromotionInputDraft } | { ok: false; errors: FieldErrors } {
  const input = toPromotionInput(company, values);
  const errors: FieldErrors = {};
  // Nothing typed reads better as "please enter" than as "must be a number".
  values.tiers.forEach((tier, index) => {
    if (!tier.threshold.trim()) errors[`tiers.${index}.threshold`] = 'Vui lòng nhập mốc áp dụng';
    if (tier.reward !== 'gift' && !tier.value.trim()) errors[`tiers.${index}.value`] = 'Vui lòng nhập giá trị ưu đãi';
    if (tier.reward === 'gift' && !tier.gift_quantity.trim()) errors[`tiers.${index}.gift_quantity`] = 'Vui lòng nhập số lượng tặng';
  });
  const parsed = v.safeParse(PromotionInputSchema, input);
  if (!parsed.success) for (const [key, message] of Object.entries(issueFields(parsed.issues))) errors[key] ??= message;
  const tiers = input.tiers as PromotionTier[];
  // tierProblems reads numbers: it runs once every tier's numbers are readable.
  const readable = tiers.every((tier) => [tier.threshold, tier.value, tier.gift_quantity].every(Number.isFinite));
  if (readable) for (const [key, message] of Object.entries(tierProblems(values.kind, tiers))) errors[key] ??= message;
  if (values.hours && (!values.hours_from || !values.hours_to))
    errors[values.hours_from ? 'hours_to' : 'hours_from'] ??= 'Vui lòng nhập cả giờ bắt đầu và giờ kết thúc';
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

/** The fields in the order the form shows them (tiers, then the goods and customers, then the budget and notice). */
const FIELD_ORDER = [
  '_form',
  'name',
  'kind',
  'description',
  'starts_on',
  'ends_on',
  'hours_from',
  'hours_to',
  'exclusive',
  'priority',
  'cap_kind',
  'cap_total',
  'cap_per_customer',
  'notice_ref',
  'notice_date',
  'tiers',
  'variant_ids',
  'category_ids',
  'brand_ids',
  'customer_type_ids',
  'level_ids',
  'region_ids',
];
const rank = (key: string) => {
  const at = FIELD_ORDER.indexOf(key.startsWith('tiers.') ? 'tiers' : key);
  return at < 0 ? FIELD_ORDER.length : at;
};

/** The first error's message in the form's order, for the toast (the form-wide one first). */
export function firstError(errors: FieldErrors): string {
  const [first] = Object.keys(errors).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
  return (first && errors[first]) ?? 'Dữ liệu chương trình không hợp lệ';
}

/** Errors about tier `index` (its fields without the `tiers.N.` prefix). */
export function tierErrors(errors: FieldErrors, index: number): Partial<Record<keyof PromotionTier, string>> {
  const prefix = `tiers.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/** The errors after a field changed: its own and its children's go (tiers.0 clears tiers.0.value). */
export function withoutErrors(errors: FieldErrors, ...keys: string[]): FieldErrors {
  const gone = (key: string) => keys.some((name) => key === name || key.startsWith(`${name}.`));
  if (!Object.keys(errors).some(gone)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !gone(key)));
}

/** Whether two sets of values differ in anything a person would lose by leaving (tier keys aside). */
export function samePromotionForm(a: PromotionFormValues, b: PromotionFormValues): boolean {
  const plain = (values: PromotionFormValues) => JSON.stringify({ ...values, tiers: values.tiers.map(({ key: _key, ...tier }) => tier) });
  return plain(a) === plain(b);
}

/** Variants added to the scope (an Excel sheet of SKUs): the ones already there stay, in their order. */
export function addVariants(values: PromotionFormValues, ids: readonly number[]): PromotionFormValues {
  const next = [...values.variant_ids];
  for (const id of ids) if (!next.includes(id)) next.push(id);
  return next.length === values.variant_ids.length ? values : { ...values, variant_ids: next };
}

/**
 * A refusal of the server on the form: its `fields` on their inputs (`tiers.0.value`…); a check
 * that names no field goes where the form shows it (the dates' order under the end date…), else
 * over the form.
 */
export function serverErrors(message: string, fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = { ...fields };
  delete errors[''];
  if (!Object.values(errors).includes(message)) {
    const key = FORM_CHECKS.find(([pattern]) => pattern.test(message))?.[1] ?? '_form';
    errors[key] ??= message;
  }
  return errors;
}
