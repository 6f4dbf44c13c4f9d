/**
 * Two exports or orders at the same moment never take a lot below zero: requests sent at once (on
 * PGlite, which runs them one by one, and on PostgreSQL with a pool, where they truly race; see
 * scripts/with-pg.sh) are served against locked balances, and the ledger still equals the balances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockLevel, stockTo } from '@server/testing/warehouse.kit';

let kit: OrderKit;

beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

describe('stock under concurrent requests', () => {
  it('of eight exports of 3 sent at once against 10 on hand, three succeed and the rest are refused', async () => {
    const variant = kit.variant('Smecta');
    await stockTo(kit.server, kit.an.access, kit.anKhang, variant, 10);
    const base = variant.units.find((unit) => unit.factor === 1)!.unit;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        kit.server.call<ReceiptDetail>('/warehouse/api/exportreceipt/', {
          method: 'POST',
          token: kit.an.access,
          body: {
            company: kit.anKhang,
            document_date: new Date().toISOString().slice(0, 10),
            status: 'completed',
            lines: [{ variant_id: variant.id, unit: base, quantity: 3 }],
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect((await stockLevel(kit.server, kit.anKhang, variant.id)).onHand).toBe(1);
    const check = await kit.server.call<{ holds: boolean }>(`/warehouse/api/ledgercheck/?company=${kit.anKhang}`, { token: kit.an.access });
    expect(check.body.data.holds).toBe(true);
  });

  it('orders sent at once never hold more than the warehouse can sell', async () => {
    const variant = kit.variant('Oresol 245');
    const unit = variant.units.find((entry) => entry.factor === 1)!;
    await stockTo(kit.server, kit.an.access, kit.anKhang, variant, 10);
    const before = (await stockLevel(kit.server, kit.anKhang, variant.id)).reserved;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => kit.submit({ customerCode: 'KH000001', lines: [{ variant, unit: unit.unit, quantity: 3 }] })),
    );
    const taken = results.reduce((sum, result) => sum + (result.order?.lines[0]?.quantity ?? 0), 0);
    const { reserved, onHand } = await stockLevel(kit.server, kit.anKhang, variant.id);
    expect(reserved - before).toBe(taken);
    expect(reserved).toBeLessThanOrEqual(onHand);
    expect(taken).toBeLessThanOrEqual(10);
  });
});
