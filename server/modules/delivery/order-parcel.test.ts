/**
 * The parcel the booking draft proposes for an order: the demo catalogue's
 * weights and sizes make a parcel of a few kilograms in a box a courier takes, and a parcel too
 * heavy or too long for a pharmacy order comes with a Vietnamese warning the office sees before
 * asking for quotes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths } from '@contract/delivery';
import type { OrderRecord } from '@contract/orders';
import { variants } from '@server/kernel/db/schema';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';
import { unguarded } from '@server/testing/change-log-guard';

type Draft = {
  parcel: { weight_grams: number; length_cm: number; width_cm: number; height_cm: number };
  parcel_estimated: boolean;
  parcel_warnings: string[];
};

let kit: DeliveryKit;

beforeAll(async () => {
  kit = await startDeliveryKit();
  await kit.connect('ghn');
});
afterAll(async () => {
  await kit?.stop();
});

const draftOf = async (order: OrderRecord) => {
  const answer = await kit.get<Draft>(deliveryPaths.draft, { order: order.id });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
};

describe('the parcel of a demo order', () => {
  it('weighs what the boxes and bottles sold weigh, in a box under half a metre, with no warning', async () => {
    const hapacol = kit.variant('Hapacol 500');
    const syrup = kit.variant('Thuốc ho bổ phế Nam Hà chỉ khái lộ');
    const order = await kit.createOrder({
      customerCode: 'KH000002',
      lines: [
        { variant: hapacol, unit: 'hộp', quantity: 14 },
        { variant: syrup, unit: 'chai', quantity: 33 },
      ],
    });
    const quantities = Object.fromEntries(order.lines.map((line) => [line.unit, line.quantity]));
    expect(quantities).toEqual({ hộp: 14, chai: 33 });
    const draft = await draftOf(order);
    // A box of 100 tablets weighs 100 g (1 g a tablet), a 125 ml bottle of syrup 180 g.
    expect(draft.parcel.weight_grams).toBe(14 * 100 * 1 + 33 * 180);
    expect(draft.parcel_estimated).toBe(false);
    expect(Math.max(draft.parcel.length_cm, draft.parcel.width_cm, draft.parcel.height_cm)).toBeLessThanOrEqual(50);
    expect(draft.parcel.length_cm * draft.parcel.width_cm * draft.parcel.height_cm).toBeGreaterThanOrEqual(14 * 100 + 33 * 5 * 5 * 14);
    expect(draft.parcel_warnings).toEqual([]);
  });
});

describe('an implausible parcel', () => {
  it('is warned about when the catalogue weighs a tablet as a box and sizes it 180 cm long', async () => {
    const amoxicillin = kit.variant('Amoxicillin 500mg');
    await unguarded(kit.server.deps.db, (tx) =>
      tx.update(variants).set({ weightGrams: 200, lengthCm: 180, widthCm: 8, heightCm: 4 }).where(eq(variants.id, amoxicillin.id)),
    );
    const order = await kit.createOrder({ customerCode: 'KH000003', lines: [{ variant: amoxicillin, unit: 'hộp', quantity: 3 }] });
    const draft = await draftOf(order);
    expect(draft.parcel.weight_grams).toBe(3 * 100 * 200);
    expect(draft.parcel_warnings).toEqual([
      'Gói hàng nặng 60 kg, quá nặng với một đơn nhà thuốc (trên 30 kg): kiểm tra khối lượng khai báo của sản phẩm (tính cho 1 đơn vị cơ bản, ví dụ 1 viên) hoặc sửa khối lượng trước khi lấy báo giá.',
      'Gói hàng có cạnh dài 180 cm (trên 150 cm): kiểm tra kích thước khai báo của sản phẩm hoặc sửa kích thước trước khi lấy báo giá.',
    ]);
  });
});
