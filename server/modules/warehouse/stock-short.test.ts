/**
 * A shortage is told in the goods' own unit with thousands grouped ("chỉ còn 7.497 viên …,
 * không đủ 100.000 viên"), not as bare base-unit numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vietnamDay } from '@contract/price-policy';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockTo } from '@server/testing/warehouse.kit';

let kit: OrderKit;

beforeAll(async () => {
  kit = await startOrderKit();
});

afterAll(async () => {
  await kit?.stop();
});

describe('a shortage on an export receipt', () => {
  it('names what is left and what was asked in the base unit, with dots for thousands', async () => {
    const hapacol = kit.variant('Hapacol 500');
    expect(hapacol.units.map((unit) => `${unit.unit}:${unit.factor}`)).toContain('hộp:100');
    await stockTo(kit.server, kit.an.access, kit.anKhang, hapacol, 7_497);
    const answer = await kit.server.call('/warehouse/api/exportreceipt/', {
      method: 'POST',
      token: kit.an.access,
      body: {
        company: kit.anKhang,
        document_date: vietnamDay(),
        status: 'completed',
        lines: [{ variant_id: hapacol.id, unit: 'hộp', quantity: 1_000 }],
      },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Hapacol 500: chỉ còn 7.497 viên được bán trong kho, không đủ 100.000 viên');
  });
});
