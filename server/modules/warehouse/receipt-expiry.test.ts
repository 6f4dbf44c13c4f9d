/**
 * Receiving expired or short-dated lots over HTTP on the demo company: an expired lot lands in
 * quarantine whatever the settings and the answer says so; a short-dated one stays sellable under
 * the default rule (the answer names it) and lands in quarantine when the company says so; a lot
 * with a long life stays sellable. The lot list and the receipt's lines show the status and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vietnamDay } from '@contract/price-policy';
import type { LotRecord, WarehouseSettings } from '@contract/warehouse';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;
const today = vietnamDay();
const days = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

function importReceipt(body: Record<string, unknown>) {
  return kit.server.call<ReceiptDetail>('/warehouse/api/importreceipt/', {
    method: 'POST',
    token: kit.an.access,
    body: { company: kit.anKhang, document_date: today, ...body },
  });
}
async function lot(lotNo: string): Promise<LotRecord> {
  const answer = await kit.server.call<LotRecord[]>(`/warehouse/api/shipments/?company=${kit.anKhang}&search=${lotNo}`, {
    token: kit.an.access,
  });
  return answer.body.data.find((row) => row.lot_no === lotNo)!;
}
const lineOf = (detail: ReceiptDetail, lotNo: string) => detail.lines.find((line) => line.lot_no === lotNo)!;
/** The demo's Berberin has an expired registration (server/seed/demo-pharma.ts): every import of it says so after its lots. */
function registrationNote(): string {
  const { registration_number: number, registration_expiry: expiry } = kit.variant('Berberin 100mg');
  return `. Cảnh báo số đăng ký đã hết hạn: Berberin 100mg: Số đăng ký ${number} hết hạn ngày ${expiry!.split('-').reverse().join('/')}`;
}

describe('receiving expired or short-dated lots', () => {
  it('puts an expired lot in quarantine and says so; a short-dated one stays sellable by default and is named; a long-dated one is sellable', async () => {
    const variant = kit.variant('Berberin 100mg');
    const base = variant.units.find((unit) => unit.factor === 1)!.unit;
    const line = (lotNo: string, expiresOn: string) => ({
      variant_id: variant.id,
      unit: base,
      quantity: 20,
      unit_price: 100,
      lot_no: lotNo,
      expires_on: expiresOn,
    });
    const answer = await importReceipt({
      status: 'completed',
      lines: [line('EXP-2025', '2025-01-01'), line('SHORT-30', days(30)), line('LONG-400', days(400))],
    });
    expect(answer.status, answer.body.message).toBe(201);
    const code = answer.body.data.code;
    expect(answer.body.message).toBe(
      `Đã tạo phiếu nhập kho. 1 lô không được bán: Berberin 100mg lô EXP-2025 (Biệt trữ: Nhận theo phiếu ${code} khi lô đã hết hạn: biệt trữ, không được bán)` +
        '. 1 lô cận hạn vẫn được bán theo thiết lập kho: Berberin 100mg lô SHORT-30' +
        registrationNote(),
    );
    expect(lineOf(answer.body.data, 'EXP-2025')).toMatchObject({
      lot_status: 'quarantine',
      lot_status_reason: `Nhận theo phiếu ${code} khi lô đã hết hạn: biệt trữ, không được bán`,
    });
    expect(lineOf(answer.body.data, 'SHORT-30')).toMatchObject({ lot_status: 'usable', lot_status_reason: null });
    expect(lineOf(answer.body.data, 'LONG-400')).toMatchObject({ lot_status: 'usable', lot_status_reason: null });
    expect(await lot('EXP-2025')).toMatchObject({ status: 'quarantine', quantity: 20 });
    expect((await lot('SHORT-30')).status).toBe('usable');
    expect((await lot('LONG-400')).status).toBe('usable');
  });

  it("lands short-dated goods in quarantine when the company's rule says so, counted against its threshold", async () => {
    const current = await kit.server.call<WarehouseSettings>(`/warehouse/api/settings/?company=${kit.anKhang}`, { token: kit.an.access });
    expect(current.body.data).toMatchObject({ short_dated_days: 90, short_dated_rule: 'usable' });
    const saved = await kit.server.call<WarehouseSettings>('/warehouse/api/settings/', {
      method: 'PUT',
      token: kit.an.access,
      body: { ...current.body.data, company: kit.anKhang, short_dated_days: 60, short_dated_rule: 'quarantine' },
    });
    expect(saved.body.data).toMatchObject({ short_dated_days: 60, short_dated_rule: 'quarantine' });

    const variant = kit.variant('Berberin 100mg');
    const base = variant.units.find((unit) => unit.factor === 1)!.unit;
    const draft = await importReceipt({
      lines: [
        { variant_id: variant.id, unit: base, quantity: 5, lot_no: 'SHORT-45', expires_on: days(45) },
        { variant_id: variant.id, unit: base, quantity: 5, lot_no: 'MID-75', expires_on: days(75) },
      ],
    });
    expect(draft.status).toBe(201);
    // A draft gives no status: the lots are judged when the receipt is completed.
    expect(lineOf(draft.body.data, 'SHORT-45').lot_status).toBe('usable');
    const done = await kit.server.call<ReceiptDetail>(`/warehouse/api/updatestatusimportreceipt/${draft.body.data.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'completed' },
    });
    expect(done.status, done.body.message).toBe(200);
    const reason = `Nhận theo phiếu ${done.body.data.code} khi lô cận hạn (còn 45 ngày, dưới 60 ngày): biệt trữ theo thiết lập kho`;
    expect(done.body.message).toBe(
      `Đã chuyển phiếu nhập kho ${done.body.data.code}. 1 lô không được bán: Berberin 100mg lô SHORT-45 (Biệt trữ: ${reason})${registrationNote()}`,
    );
    expect(lineOf(done.body.data, 'SHORT-45')).toMatchObject({ lot_status: 'quarantine', lot_status_reason: reason });
    expect(await lot('SHORT-45')).toMatchObject({ status: 'quarantine', status_reason: reason });
    expect((await lot('MID-75')).status).toBe('usable');
  });

  it('refuses a threshold that is not a whole number of days', async () => {
    const current = await kit.server.call<WarehouseSettings>(`/warehouse/api/settings/?company=${kit.anKhang}`, { token: kit.an.access });
    const refused = await kit.server.call('/warehouse/api/settings/', {
      method: 'PUT',
      token: kit.an.access,
      body: { ...current.body.data, company: kit.anKhang, short_dated_days: -5 },
    });
    expect([refused.status, refused.body.fields?.short_dated_days]).toEqual([400, 'Số ngày cận hạn không được âm']);
  });
});
