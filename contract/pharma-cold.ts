/**
 * Cold items (docs/pharma.md "Cold items"): goods kept cold or frozen cannot go by
 * an ordinary parcel service, and their dispatch (a delivery) and their receipt into a warehouse
 * record a temperature reading and who took it. The server refuses the booking and flags a reading
 * with these same words, so the booking dialog and the reading form say what the server will.
 */
import * as v from 'valibot';
import { isColdStorage, STORAGE_LABELS, type StorageCondition } from './pharma';
import { bodyObject, companyBodyField, optionalText } from './validation';
import { formatNumber } from './money';

// ---- storage ranges ------------------------------------------------------------------------------

/**
 * What each storage condition allows, in °C (a bound of null: none on that side; both bounds count as
 * inside). Normal (< 30 °C), cool (8–15 °C) and cold (2–8 °C) as a GPP pharmacy states them
 * (https://nhathuochuymai.vn/nhiet-do-do-am-nha-thuoc-gpp/; docs/pharma.md "Cold items").
 * Frozen at or below −10 °C is the label contract/pharma.ts gives; no legal text for it was read
 * (docs/pharma.md marks it to verify), so it is the company's working value until one is.
 */
export const STORAGE_RANGES: Record<StorageCondition, { min: number | null; max: number | null; source: string }> = {
  normal: { min: null, max: 30, source: 'GPP (research §1.6)' },
  cool: { min: 8, max: 15, source: 'GPP (research §1.6)' },
  cold: { min: 2, max: 8, source: 'GPP (research §1.6)' },
  frozen: { min: null, max: -10, source: 'nhãn "Đông lạnh (dưới −10 °C)" (chưa đối chiếu văn bản)' },
};

const celsiusText = (value: number) => `${formatNumber(value, 1)} °C`;

export function rangeText(storage: StorageCondition): string {
  const { min, max } = STORAGE_RANGES[storage];
  if (min !== null && max !== null) return `${min}–${max} °C`;
  if (max !== null) return `≤ ${celsiusText(max)}`;
  return `≥ ${celsiusText(min ?? 0)}`;
}

export const OUT_OF_RANGE = 'ngoài khoảng bảo quản';

/**
 * Why a reading is out of range for the goods of a document, or null: it must fit every storage
 * condition present (a parcel of cold and frozen goods cannot be right for both).
 */
export function outOfRange(celsius: number, storages: readonly StorageCondition[]): string | null {
  const missed = [...new Set(storages)].filter((storage) => {
    const { min, max } = STORAGE_RANGES[storage];
    return (min !== null && celsius < min) || (max !== null && celsius > max);
  });
  if (missed.length === 0) return null;
  return `${celsiusText(celsius)} ${OUT_OF_RANGE} ${missed.map((storage) => `${STORAGE_LABELS[storage]}`).join(', ')}`;
}

// ---- booking with a carrier ----------------------------------------------------------------------

/** An order line (or receipt line) whose product is kept cold or frozen. */
export type ColdItem = { name: string; storage: Extract<StorageCondition, 'cold' | 'frozen'> };

export function coldItems<T extends { name: string; storage: StorageCondition }>(lines: readonly T[]): ColdItem[] {
  const seen = new Set<string>();
  const out: ColdItem[] = [];
  for (const line of lines) {
    if (!isColdStorage(line.storage) || seen.has(line.name)) continue;
    seen.add(line.name);
    out.push({ name: line.name, storage: line.storage as ColdItem['storage'] });
  }
  return out;
}

const itemsText = (items: readonly ColdItem[]) => items.map((item) => `${item.name} (${STORAGE_LABELS[item.storage]})`).join(', ');

/**
 * Why a carrier may not take this order. GHN, GHTK and Viettel Post publish no cold-chain service in
 * the calls this app uses (docs/delivery.md), and no account in the repo has one: the only way left is
 * the company's own staff.
 */
export function coldBookingRefusal(carrierLabel: string, items: readonly ColdItem[]): string {
  return (
    `Không gửi được qua ${carrierLabel}: đơn có hàng cần bảo quản lạnh: ${itemsText(items)}. ` +
    'Tài khoản hãng vận chuyển đã kết nối không có dịch vụ giao hàng lạnh; hãy chọn Tự giao (nhân viên công ty giao, có thùng giữ lạnh).'
  );
}

/** What the booking dialog shows before any quote is asked for. */
export function coldBookingNotice(items: readonly ColdItem[]): string {
  return (
    `Đơn có hàng cần bảo quản lạnh: ${itemsText(items)}. GHN, GHTK và Viettel Post không nhận hàng lạnh qua dịch vụ thường, ` +
    'và các tài khoản đã kết nối không có dịch vụ giao lạnh: chỉ đặt được Tự giao.'
  );
}

// ---- temperature readings ------------------------------------------------------------------------

/** The documents a reading belongs to: a delivery as it leaves, a warehouse import receipt as goods arrive. */
export const TEMPERATURE_SUBJECTS = ['delivery', 'receipt'] as const;
export type TemperatureSubject = (typeof TEMPERATURE_SUBJECTS)[number];

/** One decimal, as the column keeps it (numeric(4,1)) and a probe thermometer shows it. */
const oneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

export const TemperatureReadingSchema = bodyObject({
  company: companyBodyField,
  celsius: v.pipe(
    v.number('Nhiệt độ phải là số'),
    v.finite('Nhiệt độ phải là số'),
    v.minValue(-80, 'Nhiệt độ phải từ −80 đến 60 °C'),
    v.maxValue(60, 'Nhiệt độ phải từ −80 đến 60 °C'),
    v.check(oneDecimal, 'Nhiệt độ chỉ ghi một chữ số thập phân'),
  ),
  note: optionalText('ghi chú', 255),
});
export type TemperatureReadingInput = v.InferOutput<typeof TemperatureReadingSchema>;

export type TemperatureReadingRecord = {
  id: number;
  celsius: number;
  taken_by: { id: number; name: string };
  note: string | null;
  taken_at: string;
  /** Why it is outside the storage range of the document's goods (OUT_OF_RANGE), or null. */
  out_of_range: string | null;
};

/** A document's readings, newest first, with its cold goods (empty: no reading is required). */
export type TemperatureAnswer = { cold_items: ColdItem[]; readings: TemperatureReadingRecord[] };

export const coldPaths = {
  /** GET (orders/view) and POST (orders/edit) a delivery's readings, DLO on. */
  delivery: (id: string) => `/order/api/orderdlo/${id}/temperature/`,
  /** GET (warehouse/view) and POST (warehouse/edit) an import receipt's readings. */
  receipt: (id: string) => `/warehouse/api/importreceipt/${id}/temperature/`,
} as const;
