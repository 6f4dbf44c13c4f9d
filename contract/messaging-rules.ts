/**
 * Rules of Zalo messaging both sides run (docs/messaging.md): the 7-day window in which an OA may
 * send a customer-service message, the phone form ZNS wants, and a template's data bound to an
 * order's, a customer's and the company's fields.
 */
import { formatMoney } from './money';
import { ORDER_STATUS_LABELS, type OrderStatus } from './orders-status';
import type { BindingField, TemplateBindings, TemplateParam } from './messaging';

const HOUR_MS = 3600_000;
/** Customer-service messages reach a user who interacted with the OA in the last 7 days (Zalo error -230 after). */
export const CS_WINDOW_MS = 7 * 24 * HOUR_MS;
/** Inside 48 hours of the user's last interaction they are free; from 48 h to 7 days Zalo charges them. */
export const CS_FREE_MS = 48 * HOUR_MS;

export const WINDOW_CLOSED_MESSAGE =
  'Không gửi được tin tư vấn: người dùng chưa tương tác với OA trong 7 ngày gần nhất (quy định của Zalo, mã lỗi -230). ' +
  'Hãy gửi tin ZNS theo mẫu đã duyệt tới số điện thoại của khách hàng, hoặc chờ khách nhắn tin cho OA.';

export type CsWindow = { open: boolean; free: boolean; closesAt: string | null };

export function csWindow(lastUserAt: string | Date | null, now: Date = new Date()): CsWindow {
  if (!lastUserAt) return { open: false, free: false, closesAt: null };
  const last = new Date(lastUserAt).getTime();
  const age = now.getTime() - last;
  return { open: age < CS_WINDOW_MS, free: age < CS_FREE_MS, closesAt: new Date(last + CS_WINDOW_MS).toISOString() };
}

/** 0912345678 → 84912345678 (ZNS `phone`). */
export function toZaloPhone(phone: string): string {
  return phone.startsWith('0') ? `84${phone.slice(1)}` : phone;
}

/** 84912345678 (or +84…) → 0912345678; anything else as given. */
export function fromZaloPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  return /^84\d{9}$/.test(digits) ? `0${digits.slice(2)}` : phone;
}

/** What a template's parameters may be filled from (any part may be absent). */
export type BindingSource = {
  customer?: { name: string; code: string; phone: string | null; ownerName: string | null; address: string | null } | null;
  order?: { code: string; total: number; createdAt: string | Date; status: string; deliveryDate: string | null } | null;
  company?: { name: string; phone: string | null } | null;
};

function day(value: string | Date): string {
  const iso =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value
      : new Date(new Date(value).getTime() + 7 * HOUR_MS).toISOString();
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export function bindingValue(field: BindingField, source: BindingSource): string | null {
  const { customer, order, company } = source;
  switch (field) {
    case 'customer.name':
      return customer?.name ?? null;
    case 'customer.code':
      return customer?.code ?? null;
    case 'customer.phone':
      return customer?.phone ?? null;
    case 'customer.owner_name':
      return customer?.ownerName ?? null;
    case 'customer.address':
      return customer?.address ?? null;
    case 'order.code':
      return order?.code ?? null;
    case 'order.total':
      return order ? formatMoney(order.total) : null;
    case 'order.date':
      return order ? day(order.createdAt) : null;
    case 'order.status':
      return order ? (ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status) : null;
    case 'order.delivery_date':
      return order?.deliveryDate ? day(order.deliveryDate) : null;
    case 'company.name':
      return company?.name ?? null;
    case 'company.phone':
      return company?.phone ?? null;
  }
}

function fit(value: string, max: number | null): string {
  return max !== null && value.length > max ? `${value.slice(0, Math.max(0, max - 1))}…` : value;
}

/**
 * A template's data from its bindings: each parameter's field (or fixed text), cut to its maximum
 * length. `missing` names the required parameters left empty: such a message is not sent.
 */
export function fillTemplateData(
  params: readonly TemplateParam[],
  bindings: TemplateBindings,
  source: BindingSource,
  given: Record<string, string> = {},
): { data: Record<string, string>; missing: string[] } {
  const data: Record<string, string> = {};
  const missing: string[] = [];
  for (const param of params) {
    const binding = bindings[param.name];
    let value: string | null = given[param.name]?.trim() || null;
    if (value === null && binding) value = 'text' in binding ? binding.text : bindingValue(binding.field, source);
    if (value === null || value === '') {
      if (param.require) missing.push(param.name);
      continue;
    }
    data[param.name] = fit(value, param.max_length);
  }
  return { data, missing };
}

export function missingParamsMessage(missing: readonly string[]): string {
  return `Thiếu dữ liệu cho tham số bắt buộc của mẫu ZNS: ${missing.join(', ')}`;
}

/** A first guess of where each parameter comes from, by its name (a person may change it). */
const GUESSES: [RegExp, BindingField][] = [
  [/order.*(code|id|no)|ma_?don/i, 'order.code'],
  [/total|amount|price|tong_?tien|so_?tien/i, 'order.total'],
  [/deliver|ngay_?giao/i, 'order.delivery_date'],
  [/order.*(date|time)|ngay_?dat/i, 'order.date'],
  [/status|trang_?thai/i, 'order.status'],
  [/company|cong_?ty|shop/i, 'company.name'],
  [/customer.*code|ma_?kh/i, 'customer.code'],
  [/owner|representative|dai_?dien/i, 'customer.owner_name'],
  [/address|dia_?chi/i, 'customer.address'],
  [/phone|sdt|so_?dien_?thoai/i, 'customer.phone'],
  [/name|ten/i, 'customer.name'],
];

export function guessBindings(params: readonly TemplateParam[]): TemplateBindings {
  const bindings: TemplateBindings = {};
  for (const param of params) {
    const found = GUESSES.find(([pattern]) => pattern.test(param.name));
    if (found) bindings[param.name] = { field: found[1] };
  }
  return bindings;
}
