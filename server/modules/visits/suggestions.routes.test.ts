/**
 * What the phones suggest at a stop (contract/visits-suggest.ts): the office's settings over HTTP
 * (readers, who may change them, the company's own variants only, Vietnamese refusals), the record
 * the phones pull with them, and the stock's sellable lots nearest expiry that the phone's "lots to
 * move" read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@contract/calendar-days';
import { suggestionPaths, type SuggestionSettings } from '@contract/visits-suggest';
import { vietnamDay } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import type { VisitSettingsRecord } from '@contract/visits-place';
import type { StockAvailability } from '@contract/warehouse';
import { DEMO_MUST_CARRY } from '@server/seed/demo-suggestions';
import { startCatalogueKit, type Kit } from '@server/testing/products.kit';
import { loadAvailability } from '@server/modules/warehouse/stock-view';

let kit: Kit;
let trinh: { access: string };
let variants: VariantRecord[];
let otherCompanyVariant: VariantRecord;
const settings = (company: number, change: Partial<SuggestionSettings> = {}) => ({
  company,
  must_carry: [variants[0]!.id, variants[1]!.id],
  idle_days: 21,
  push_expiry_days: 60,
  ...change,
});

beforeAll(async () => {
  kit = await startCatalogueKit();
  trinh = await kit.server.login('0912000001');
  variants = (await kit.get<VariantRecord[]>('/product/api/variant/', { company: kit.anKhang, limit: 50 })).body.data;
  otherCompanyVariant = (await kit.get<VariantRecord[]>('/product/api/variant/', { company: kit.minhPhat, limit: 1 })).body.data[0]!;
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('suggestion settings', () => {
  it('reads the demo’s settings for a rep who takes orders, and refuses a stranger to the company', async () => {
    const read = await kit.get<SuggestionSettings>(suggestionPaths.settings, { company: kit.anKhang }, trinh.access);
    expect(read.status).toBe(200);
    const named = variants.filter((variant) => read.body.data.must_carry.includes(variant.id)).map((variant) => variant.product_name);
    expect(new Set(named)).toEqual(new Set(DEMO_MUST_CARRY));
    expect(read.body.data).toMatchObject({ idle_days: 30, push_expiry_days: 90 });
    const stranger = await kit.get(suggestionPaths.settings, { company: kit.minhPhat }, trinh.access);
    expect(stranger.status).toBe(403);
  });

  it('is changed by who keeps the settings, and the rep’s phone pulls it with the check-in rules', async () => {
    const { cursor } = await kit.pullAll(kit.anKhang, 0, trinh.access);
    const saved = await kit.send<SuggestionSettings>('PUT', suggestionPaths.settings, settings(kit.anKhang));
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.message).toBe('Đã lưu cài đặt gợi ý đặt hàng');
    expect(saved.body.data).toEqual({ must_carry: [variants[0]!.id, variants[1]!.id], idle_days: 21, push_expiry_days: 60 });
    const pulled = await kit.pullAll(kit.anKhang, cursor, trinh.access);
    const record = pulled.changes.find((change) => change.entity === 'visit_settings')?.data as VisitSettingsRecord;
    expect(record).toMatchObject({
      company: kit.anKhang,
      place_rule: 'warn',
      must_carry: [variants[0]!.id, variants[1]!.id],
      idle_days: 21,
    });
  });

  it('keeps the check-in rules when the suggestions change, and the suggestions when the rules change', async () => {
    const rules = await kit.send('PUT', '/visit/api/settings/', {
      company: kit.anKhang,
      place_rule: 'block',
      radius_m: 300,
      accuracy_limit_m: 80,
      position_days: 200,
    });
    expect(rules.status, rules.body.message).toBe(200);
    const read = await kit.get<SuggestionSettings>(suggestionPaths.settings, { company: kit.anKhang });
    expect(read.body.data.idle_days).toBe(21);
    await kit.send('PUT', suggestionPaths.settings, settings(kit.anKhang, { idle_days: 14 }));
    const back = await kit.get<{ place_rule: string; radius_m: number }>('/visit/api/settings/', { company: kit.anKhang });
    expect(back.body.data).toMatchObject({ place_rule: 'block', radius_m: 300 });
  });

  it('refuses a rep, another company’s product and bad numbers in Vietnamese, changing nothing', async () => {
    const before = (await kit.get<SuggestionSettings>(suggestionPaths.settings, { company: kit.anKhang })).body.data;
    const rep = await kit.send('PUT', suggestionPaths.settings, settings(kit.anKhang, { idle_days: 7 }), trinh.access);
    expect(rep.status).toBe(403);
    const foreign = await kit.send('PUT', suggestionPaths.settings, settings(kit.anKhang, { must_carry: [otherCompanyVariant.id] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`Không tìm thấy sản phẩm #${otherCompanyVariant.id} trong danh mục của công ty`);
    const days = await kit.send('PUT', suggestionPaths.settings, settings(kit.anKhang, { push_expiry_days: 1_000 }));
    expect(days.status).toBe(400);
    expect(days.body.message).toBe('Số ngày trước hạn dùng cần đẩy bán phải là số nguyên từ 7 đến 730 ngày');
    const text = await kit.send('PUT', suggestionPaths.settings, { ...settings(kit.anKhang), must_carry: 'tất cả' });
    expect(text.status).toBe(400);
    expect((await kit.get<SuggestionSettings>(suggestionPaths.settings, { company: kit.anKhang })).body.data).toEqual(before);
  });
});

describe('the stock a phone mirrors', () => {
  it('carries the sellable lots with an expiry, nearest first, without expired ones, at most three', async () => {
    const variant = variants.find((candidate) => candidate.units.some((unit) => unit.factor === 1))!;
    const base = variant.units.find((unit) => unit.factor === 1)!.unit;
    const today = vietnamDay();
    const lots = [
      ['GỢI-Ý-XA', addDays(today, 400)],
      ['GỢI-Ý-GẦN', addDays(today, 40)],
      ['GỢI-Ý-HẾT', addDays(today, -3)],
    ] as const;
    for (const [lot_no, expires_on] of lots) {
      const receipt = await kit.send('POST', '/warehouse/api/importreceipt/', {
        company: kit.anKhang,
        document_date: today,
        status: 'completed',
        lines: [{ variant_id: variant.id, unit: base, quantity: 7, unit_price: 1000, lot_no, expires_on }],
      });
      expect(receipt.status, receipt.body.message).toBe(201);
    }
    const stock = (await loadAvailability(kit.server.deps.db, kit.anKhang, [String(variant.id)])).get(
      String(variant.id),
    ) as StockAvailability;
    const ours = stock.lots!.filter((lot) => lot.lot_no.startsWith('GỢI-Ý'));
    expect(ours[0]).toEqual({ lot_no: 'GỢI-Ý-GẦN', expires_on: addDays(today, 40), available: 7 });
    expect(stock.lots!.length).toBeLessThanOrEqual(3);
    expect([...stock.lots!].map((lot) => lot.expires_on)).toEqual(stock.lots!.map((lot) => lot.expires_on).sort());
    expect(stock.lots!.some((lot) => lot.lot_no === 'GỢI-Ý-HẾT')).toBe(false);
  });
});
