/**
 * Where a check-in happens (docs/visits.md "Check-in at the customer"). The company sets a radius
 * around the customer's pin, a limit on the accuracy the device reports, and what happens past
 * either: block, warn or allow (MISA AMIS's Không cho phép / Cảnh báo / Luôn cho phép). The phone
 * decides with the settings it pulled and the server decides again with the same functions, so a
 * check-in queued under older settings is refused with the same reason. A web app cannot read a
 * mock-location flag, so the rest is heuristics recorded as flags on the visit, never silently:
 * a speed no road allows since the rep's previous fix, one device used by two reps in a day, and a
 * position sitting on the pin while the device says it is far from sure.
 */
import * as v from 'valibot';
import { addDays } from './calendar-days';
import { formatNumber } from './money';
import type { SuggestionSettings } from './visits-suggest';
import { RULE_MODES, type RuleMode } from './rule-modes';
import { bodyObject, companyBodyField } from './validation';
import type { GeoLocation } from './visits';

export type VisitSettings = {
  /** What happens to a check-in farther than the radius, less accurate than the limit, or without a position. */
  place_rule: RuleMode;
  radius_m: number;
  accuracy_limit_m: number;
  /** Days a visit keeps its GPS positions (REP_LOCATION_RULES.keepFor); the visit itself stays. */
  position_days: number;
};
/** The settings as the phones mirror them, one record per company, with what to suggest at a stop. */
export type VisitSettingsRecord = VisitSettings & Partial<SuggestionSettings> & { company: number };

/** 200 m: EasyWork's default radius; warn, so a company that never set it loses no visit. */
export const DEFAULT_VISIT_SETTINGS: VisitSettings = { place_rule: 'warn', radius_m: 200, accuracy_limit_m: 100, position_days: 365 };

export const RADIUS_RANGE = { min: 20, max: 5_000 } as const;
export const ACCURACY_RANGE = { min: 10, max: 2_000 } as const;
export const POSITION_DAYS_RANGE = { min: 30, max: 3_650 } as const;

/**
 * A rep's position is their personal data, and the law names location as sensitive: each rule with
 * the text it comes from (docs/personal-data.md "Reps' positions"), tested one by one.
 */
export const REP_LOCATION_RULES = {
  onlyAtVisit: {
    rule: 'Chỉ lấy vị trí GPS lúc check-in và check-out, không theo dõi liên tục, và nói rõ điều đó trên màn hình check-in',
    source:
      'Luật 91/2025/QH15 Điều 25: người sử dụng lao động chỉ áp dụng biện pháp công nghệ, kỹ thuật khi người lao động biết rõ; NĐ 13/2023 xếp dữ liệu vị trí qua dịch vụ định vị là dữ liệu nhạy cảm',
  },
  keepFor: {
    rule: 'Vị trí GPS của lượt ghé thăm được xóa sau số ngày công ty đặt (mặc định 365); lượt ghé thăm, giờ và khoảng cách được giữ',
    source: 'Luật 91/2025/QH15: dữ liệu cá nhân chỉ được lưu trong thời gian phù hợp với mục đích xử lý',
  },
  departedRep: {
    rule: 'Nhân viên ngừng hoạt động: vị trí GPS các lượt ghé thăm của họ được xóa ngay',
    source:
      'Luật 91/2025/QH15 Điều 25: dữ liệu cá nhân của người lao động phải được xóa, hủy khi chấm dứt hợp đồng, trừ khi có thỏa thuận hoặc luật khác quy định',
  },
} as const;

/**
 * What a rep reads and accepts in the app before their first check-in (REP_LOCATION_RULES.onlyAtVisit:
 * the worker clearly knows the measure). A new version asks every rep again; the server keeps who
 * accepted which version and when.
 */
export const LOCATION_NOTICE = {
  // A new version when what the rep is told changes: 2026-12-05 says who may look at a day's positions and that each look is recorded.
  version: '2026-12-05',
  title: 'Vị trí của bạn khi ghé thăm khách hàng',
  points: [
    'Ứng dụng chỉ lấy vị trí GPS của máy lúc bạn bấm Check-in và Check-out, không theo dõi bạn vào lúc khác.',
    'Vị trí dùng để xác nhận bạn có mặt tại khách hàng: quản lý của bạn xem được khoảng cách đến cửa hàng, các dấu hiệu bất thường và vị trí các lượt ghé trong một ngày.',
    'Mỗi lần người khác xem vị trí trong ngày của bạn đều được ghi lại; bạn xem được ai đã xem ở mục "Nhật ký xem vị trí".',
    'Công ty giữ vị trí trong số ngày đã đặt rồi xóa; khi bạn ngừng làm việc, vị trí của bạn được xóa ngay.',
    'Bạn có thể bỏ chọn "Ghi lại vị trí GPS"; khi công ty yêu cầu vị trí thì lượt check-in đó không được ghi nhận.',
  ],
} as const;

/** The members of a company with the notice version each accepted (null: not yet), for the office. */
export type LocationNoticeRow = { account_id: number; full_name: string; version: string | null; accepted_at: string | null };

/**
 * A whole number within a visit setting's range, refused with the range and its unit ("… từ 7 đến
 * 365 ngày"). Here, not in ./validation.ts: that one is on /login's first visit, and the number
 * formatter would come with it.
 */
export function wholeInRange(label: string, range: { min: number; max: number }, unit: string) {
  const message = `${label} phải là số nguyên từ ${formatNumber(range.min)} đến ${formatNumber(range.max)} ${unit}`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(range.min, message), v.maxValue(range.max, message));
}

const metres = (label: string, range: { min: number; max: number }) => wholeInRange(label, range, 'm');

export const VisitSettingsSchema = bodyObject({
  company: companyBodyField,
  place_rule: v.picklist(RULE_MODES, 'Cách xử lý không hợp lệ'),
  radius_m: metres('Bán kính', RADIUS_RANGE),
  accuracy_limit_m: metres('Độ chính xác tối thiểu', ACCURACY_RANGE),
  position_days: wholeInRange('Số ngày giữ vị trí GPS', POSITION_DAYS_RANGE, 'ngày'),
});

/** The last day (Vietnam) whose visits still keep their positions, for `today` and the company's days. */
export function positionsKeptSince(today: string, settings: Pick<VisitSettings, 'position_days'>): string {
  return addDays(today, -settings.position_days);
}

/** Great-circle distance in metres (haversine on a 6,371 km sphere: within 0.5 % at these distances). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Pin = { lat: number; lng: number };
export type PlaceFinding = 'NO_LOCATION' | 'FAR_FROM_PIN' | 'POOR_ACCURACY';

export type PlaceCheck = {
  /** Metres from the customer's pin, rounded; null without a pin or a position. */
  distance: number | null;
  findings: PlaceFinding[];
  /** What the company's rule makes of the findings: nothing to say, a warning to confirm, or a refusal. */
  verdict: 'ok' | RuleMode;
  /** The reason in Vietnamese, for the rep's screen and the server's refusal alike; null when nothing was found. */
  message: string | null;
};

function findingText(finding: PlaceFinding, distance: number | null, location: GeoLocation | null, settings: VisitSettings): string {
  if (finding === 'NO_LOCATION') return 'không lấy được vị trí GPS của máy';
  if (finding === 'FAR_FROM_PIN')
    return `máy đang cách vị trí khách hàng ${formatMetres(distance ?? 0)}, quá bán kính ${formatMetres(settings.radius_m)}`;
  return `GPS chỉ chính xác trong ${formatMetres(location?.accuracy ?? 0)}, kém hơn mức ${formatMetres(settings.accuracy_limit_m)}`;
}

/** Metres as a rep reads them: 512 m, 1,2 km. */
export function formatMetres(value: number): string {
  return value >= 1_000 ? `${formatNumber(value / 1_000, 1)} km` : `${formatNumber(Math.round(value))} m`;
}

/**
 * The check-in's place against the customer's pin. A customer without a pin has nothing to compare
 * with: the check-in passes (and may set the pin, contract/visits-place.ts canPinHere).
 */
export function checkPlace(location: GeoLocation | null, pin: Pin | null, settings: VisitSettings): PlaceCheck {
  if (!pin) return { distance: null, findings: [], verdict: 'ok', message: null };
  const distance = location ? Math.round(distanceMetres(location, pin)) : null;
  const findings: PlaceFinding[] = [];
  if (!location) findings.push('NO_LOCATION');
  else {
    if (distance! > settings.radius_m) findings.push('FAR_FROM_PIN');
    if (location.accuracy !== null && location.accuracy > settings.accuracy_limit_m) findings.push('POOR_ACCURACY');
  }
  if (findings.length === 0) return { distance, findings, verdict: 'ok', message: null };
  const reasons = findings.map((finding) => findingText(finding, distance, location, settings)).join('; ');
  const lead = settings.place_rule === 'block' ? 'Không thể check-in' : 'Lưu ý khi check-in';
  return { distance, findings, verdict: settings.place_rule, message: `${lead}: ${reasons}.` };
}

/** A pin is set from a check-in only where the position is good enough to find the shop again. */
export function canPinHere(location: GeoLocation | null, settings: VisitSettings): location is GeoLocation {
  return location !== null && location.accuracy !== null && location.accuracy <= settings.accuracy_limit_m;
}

// ---- heuristics, recorded as flags -------------------------------------------------------------------

/** Faster than any road trip between two calls; only over 2 km, so two fixes' noise a minute apart is not travel. */
export const MAX_SPEED_KMH = 150;
const MIN_TRAVEL_M = 2_000;
/** A position within a metre of the pin while the device owns to 20 m or worse is a typed position, not a fix. */
const ON_PIN_M = 1;
const ON_PIN_ACCURACY_M = 20;

export type Fix = { lat: number; lng: number; at: string };

/** Speed in km/h from the rep's previous fix to this one, when it is beyond MAX_SPEED_KMH; else null. */
export function impossibleSpeed(previous: Fix | null, current: Fix): number | null {
  if (!previous) return null;
  const metresApart = distanceMetres(previous, current);
  if (metresApart < MIN_TRAVEL_M) return null;
  const hours = Math.abs(Date.parse(current.at) - Date.parse(previous.at)) / 3_600_000;
  const speed = hours === 0 ? Infinity : metresApart / 1_000 / hours;
  return speed > MAX_SPEED_KMH ? Math.round(Math.min(speed, 99_999)) : null;
}

export function sitsOnPin(location: GeoLocation | null, pin: Pin | null): boolean {
  if (!location || !pin) return false;
  return distanceMetres(location, pin) <= ON_PIN_M && (location.accuracy === null || location.accuracy >= ON_PIN_ACCURACY_M);
}

export const visitSettingsPaths = { settings: '/visit/api/settings/', locationNotices: '/visit/api/location-notices/' } as const;
