import { describe, expect, it } from 'vitest';
import {
  canPinHere,
  checkPlace,
  DEFAULT_VISIT_SETTINGS,
  distanceMetres,
  formatMetres,
  impossibleSpeed,
  positionsKeptSince,
  REP_LOCATION_RULES,
  sitsOnPin,
  type VisitSettings,
} from './visits-place';

/** Nhà thuốc Minh Châu's pin (12 Lê Lợi, Bến Thành), and points north of it: 0.001° of latitude is 111.2 m. */
const PIN = { lat: 10.7736, lng: 106.7013 };
const north = (metres: number, accuracy: number | null = 10) => ({ lat: PIN.lat + metres / 111_195, lng: PIN.lng, accuracy });
const settings = (rule: VisitSettings['place_rule']): VisitSettings => ({ ...DEFAULT_VISIT_SETTINGS, place_rule: rule });

describe('distance to the pin', () => {
  it('measures metres on the ground: Bến Thành to Hoàn Kiếm is about 1,144 km', () => {
    expect(Math.round(distanceMetres(PIN, north(500)))).toBe(500);
    expect(Math.round(distanceMetres(PIN, { lat: 21.0285, lng: 105.8542 }) / 1_000)).toBe(1_144);
  });
});

describe('checkPlace: the company rule, the same on the phone and the server', () => {
  it('inside the radius with a good fix: nothing to say, whatever the rule', () => {
    for (const rule of ['block', 'warn', 'allow'] as const) {
      expect(checkPlace(north(150), PIN, settings(rule))).toEqual({ distance: 150, findings: [], verdict: 'ok', message: null });
    }
  });

  it('past the radius: blocked, warned of or let through as the company chose, with the distance and the radius', () => {
    const blocked = checkPlace(north(512), PIN, settings('block'));
    expect(blocked).toMatchObject({ distance: 512, findings: ['FAR_FROM_PIN'], verdict: 'block' });
    expect(blocked.message).toBe('Không thể check-in: máy đang cách vị trí khách hàng 512 m, quá bán kính 200 m.');
    expect(checkPlace(north(512), PIN, settings('warn')).message).toBe(
      'Lưu ý khi check-in: máy đang cách vị trí khách hàng 512 m, quá bán kính 200 m.',
    );
    expect(checkPlace(north(512), PIN, settings('allow'))).toMatchObject({ verdict: 'allow', findings: ['FAR_FROM_PIN'] });
    // The radius is the company's: 600 m lets the same fix through.
    expect(checkPlace(north(512), PIN, { ...settings('block'), radius_m: 600 }).verdict).toBe('ok');
    expect(checkPlace(north(12_345), PIN, settings('warn')).message).toContain('cách vị trí khách hàng 12,3 km');
  });

  it('a fix less accurate than the limit counts as not knowing where the rep is, near or far', () => {
    const poor = checkPlace(north(50, 350), PIN, settings('block'));
    expect(poor).toMatchObject({ distance: 50, findings: ['POOR_ACCURACY'], verdict: 'block' });
    expect(poor.message).toBe('Không thể check-in: GPS chỉ chính xác trong 350 m, kém hơn mức 100 m.');
    expect(checkPlace(north(900, 350), PIN, settings('warn')).findings).toEqual(['FAR_FROM_PIN', 'POOR_ACCURACY']);
    // A device that reports no accuracy is taken at its word.
    expect(checkPlace(north(50, null), PIN, settings('block')).verdict).toBe('ok');
  });

  it('no position at a customer with a pin is a finding; a customer without a pin has nothing to compare with', () => {
    expect(checkPlace(null, PIN, settings('block'))).toMatchObject({
      distance: null,
      findings: ['NO_LOCATION'],
      verdict: 'block',
      message: 'Không thể check-in: không lấy được vị trí GPS của máy.',
    });
    expect(checkPlace(null, null, settings('block')).verdict).toBe('ok');
    expect(checkPlace(north(5_000), null, settings('block'))).toMatchObject({ distance: null, verdict: 'ok' });
  });
});

describe('the pin from a first check-in', () => {
  it('is set only from a fix within the accuracy limit', () => {
    expect(canPinHere(north(0, 30), DEFAULT_VISIT_SETTINGS)).toBe(true);
    expect(canPinHere(north(0, 150), DEFAULT_VISIT_SETTINGS)).toBe(false);
    expect(canPinHere(north(0, null), DEFAULT_VISIT_SETTINGS)).toBe(false);
    expect(canPinHere(null, DEFAULT_VISIT_SETTINGS)).toBe(false);
  });
});

describe('heuristics recorded as flags', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 11, 4, 2, minutes)).toISOString();

  it('a speed no road allows since the previous fix', () => {
    // 56 km in 10 minutes is 336 km/h.
    expect(impossibleSpeed({ ...PIN, at: at(0) }, { ...north(56_000), at: at(10) })).toBe(336);
    // The same 56 km in an hour is 56 km/h: a drive.
    expect(impossibleSpeed({ ...PIN, at: at(0) }, { ...north(56_000), at: at(60) })).toBeNull();
    // Under 2 km is GPS noise between two fixes, however close in time.
    expect(impossibleSpeed({ ...PIN, at: at(0) }, { ...north(1_900), at: at(0) })).toBeNull();
    expect(impossibleSpeed(null, { ...PIN, at: at(0) })).toBeNull();
    // Far apart at the same instant: the largest figure, not Infinity.
    expect(impossibleSpeed({ ...PIN, at: at(0) }, { ...north(5_000), at: at(0) })).toBe(99_999);
  });

  it('a position on the pin to the metre while the device owns to 20 m or worse', () => {
    expect(sitsOnPin({ ...PIN, accuracy: 65 }, PIN)).toBe(true);
    expect(sitsOnPin({ ...PIN, accuracy: 5 }, PIN)).toBe(false);
    expect(sitsOnPin(north(3, 65), PIN)).toBe(false);
    expect(sitsOnPin({ ...PIN, accuracy: 65 }, null)).toBe(false);
  });

  it('metres as a rep reads them', () => {
    expect([formatMetres(87.4), formatMetres(1_000), formatMetres(2_345)]).toEqual(['87 m', '1 km', '2,3 km']);
  });
});

describe('reps’ positions (REP_LOCATION_RULES)', () => {
  it('keepFor: a visit keeps its positions for the company’s days, counted back from today in Vietnam', () => {
    expect(positionsKeptSince('2026-12-04', { position_days: 30 })).toBe('2026-11-04');
    expect(positionsKeptSince('2026-12-04', DEFAULT_VISIT_SETTINGS)).toBe('2025-12-04');
  });

  it('each rule names the text it comes from', () => {
    for (const { rule, source } of Object.values(REP_LOCATION_RULES)) {
      expect(rule.length).toBeGreaterThan(20);
      expect(source).toMatch(/Luật 91\/2025\/QH15/);
    }
  });
});
