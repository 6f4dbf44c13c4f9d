/**
 * Receiving a medicine whose registration has expired: the import goes through, draft or
 * completed, and its answer names the product and the expiry; a valid registration, a non-medicine
 * and a return say nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { productPaths, type ProductRecord, type VariantRecord } from '@contract/products';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;
const today = vietnamDay();
const dayText = (day: string) => day.split('-').reverse().join('/');

async function product(name: string, fields: Record<string, unknown>): Promise<VariantRecord> {
  const answer = await kit.server.call<ProductRecord>(productPaths.products, {
    method: 'POST',
    token: kit.an.access,
    body: { company: kit.anKhang, name, variants: [{ units: [{ unit: 'viên', factor: 1, price: 1000 }] }], ...fields },
  });
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data.variants[0]!;
}

function importReceipt(status: string, variants: VariantRecord[], extra: Record<string, unknown> = {}) {
  return kit.server.call<ReceiptDetail>('/warehouse/api/importreceipt/', {
    method: 'POST',
    token: kit.an.access,
    body: {
      company: kit.anKhang,
      document_date: today,
      status,
      lines: variants.map((variant, i) => ({
        variant_id: variant.id,
        unit: 'viên',
        quantity: 10,
        unit_price: 500,
        lot_no: `REG-${variant.id}-${i}`,
        expires_on: addDays(today, 700),
      })),
      ...extra,
    },
  });
}

let expired: VariantRecord;
let valid: VariantRecord;
let notMedicine: VariantRecord;
const lapsed = addDays(today, -10);

beforeAll(async () => {
  kit = await startOrderKit();
  expired = await product('Cefuroxim 500mg hết số', { is_medicine: true, registration_number: 'VD-1111-15', registration_expiry: lapsed });
  valid = await product('Cefuroxim 250mg', {
    is_medicine: true,
    registration_number: 'VD-2222-22',
    registration_expiry: addDays(today, 30),
  });
  notMedicine = await product('Khẩu trang hết số', { is_medicine: false, registration_number: 'TBYT-1', registration_expiry: lapsed });
});
afterAll(async () => {
  await kit?.stop();
});

describe('receiving a medicine whose registration has expired', () => {
  const warning = () => `Cảnh báo số đăng ký đã hết hạn: Cefuroxim 500mg hết số: Số đăng ký VD-1111-15 hết hạn ngày ${dayText(lapsed)}`;

  it('takes a draft and a completed import, and the answer warns of that product only', async () => {
    for (const status of ['draft', 'completed']) {
      const answer = await importReceipt(status, [expired, valid, notMedicine, expired]);
      expect(answer.status, answer.body.message).toBe(201);
      expect(answer.body.data.status).toBe(status);
      expect(answer.body.message).toBe(`Đã tạo phiếu nhập kho. ${warning()}`);
    }
  });

  it('warns again when a draft is completed; says nothing of valid registrations', async () => {
    const draft = await importReceipt('draft', [expired]);
    const moved = await kit.server.call<ReceiptDetail>(`/warehouse/api/updatestatusimportreceipt/${draft.body.data.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'completed' },
    });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.message).toBe(`Đã chuyển phiếu nhập kho ${draft.body.data.code}. ${warning()}`);
    const fine = await importReceipt('completed', [valid, notMedicine]);
    expect(fine.body.message).toBe('Đã tạo phiếu nhập kho');
  });
});
