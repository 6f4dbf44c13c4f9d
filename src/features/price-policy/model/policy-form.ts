/**
 * The price-policy form: values as typed, turned into the PricePolicyInputSchema body and checked
 * with it (the contract's messages), with the server's field errors on the same keys
 * (`title`, `items.3.price`, …).
 */
import * as v from 'valibot';
import { PricePolicyInputSchema, type PricePolicyRecord } from '@contract/price-policy';
import { issueFields } from '@/lib/issue-fields';
import type { PolicyInput } from '../api/price-policy-api';
import { rowKeys } from '@/lib/row-keys';

export type ItemValues = { key: string; variant_id: number; unit: string; price: string };
export type PolicyFormValues = {
  title: string;
  customer_type_id: string | null;
  level_id: string | null;
  discount_percent: string;
  priority: string;
  is_active: boolean;
  starts_on: string;
  ends_on: string;
  note: string;
  items: ItemValues[];
};

export const itemKey = rowKeys('i');

export function emptyPolicyForm(): PolicyFormValues {
  return {
    title: '',
    customer_type_id: null,
    level_id: null,
    discount_percent: '0',
    priority: '0',
    is_active: true,
    starts_on: '',
    ends_on: '',
    note: '',
    items: [],
  };
}

export function policyFormFromRecord(record: PricePolicyRecord): PolicyFormValues {
  return {
    title: record.title,
    customer_type_id: record.customer_type_id === null ? null : String(record.customer_type_id),
    level_id: record.level_id === null ? null : String(record.level_id),
    discount_percent: String(record.discount_percent).replace('.', ','),
    priority: String(record.priority),
    is_active: record.is_active,
    starts_on: record.starts_on ?? '',
    ends_on: record.ends_on ?? '',
    note: record.note ?? '',
    items: record.items.map((item) => ({ key: itemKey(), variant_id: item.variant_id, unit: item.unit, price: String(item.price) })),
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

export function toPolicyInput(company: number, values: PolicyFormValues): PolicyInput {
  return {
    company,
    title: values.title,
    customer_type_id: values.customer_type_id ? Number(values.customer_type_id) : null,
    level_id: values.level_id ? Number(values.level_id) : null,
    discount_percent: values.discount_percent.trim() === '' ? 0 : number(values.discount_percent),
    priority: values.priority.trim() === '' ? 0 : number(values.priority),
    is_active: values.is_active,
    starts_on: values.starts_on || null,
    ends_on: values.ends_on || null,
    note: values.note,
    items: values.items.map((item) => ({ variant_id: item.variant_id, unit: item.unit, price: number(item.price) })),
  };
}

export function checkPolicyForm(
  company: number,
  values: PolicyFormValues,
): { ok: true; input: PolicyInput } | { ok: false; errors: Record<string, string>; message: string } {
  const input = toPolicyInput(company, values);
  const result = v.safeParse(PricePolicyInputSchema, input);
  if (result.success) return { ok: true, input };
  const { message, fields } = issueFields(result.issues);
  // The date-order rule names no field: show it on the end date.
  return { ok: false, errors: Object.keys(fields).length ? fields : { ends_on: message }, message };
}
