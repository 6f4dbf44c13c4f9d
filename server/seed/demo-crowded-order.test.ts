/**
 * The demo owner's "Của tôi" holds a card with the credit warning beside its status and the sync
 * chip (server/seed/demo-crowded-order.ts), so the layout walk at 360 and 390 px
 * (tests/e2e/layout-widths.test.ts) meets the crowded badge set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths, type OrderRecord } from '@contract/orders';
import { startDemoServer, type DemoServer } from '@server/testing/test-server';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer();
});

afterAll(async () => {
  await demo?.server.stop();
});

describe('the demo owner’s newest orders', () => {
  it('have one carrying the credit check’s warning, among the 50 his phone lists', async () => {
    const { server, an, anKhang } = demo;
    const query = `company=${anKhang}&account=${an.account.id}&ordering=-created_at&limit=50`;
    const answer = await server.call<OrderRecord[]>(`${orderPaths.orders}?${query}`, { token: an.access });
    expect(answer.status, answer.body.message).toBe(200);
    const warned = answer.body.data.filter((order) => order.credit_warning);
    expect(warned).toHaveLength(1);
    const [order] = warned;
    expect(order!.code).toMatch(/^DH\d{6}$/);
    // The contract's wording (contract/receivables-ledger.ts creditVerdict), for the order's own customer.
    for (const reason of order!.credit_warning!.split('; '))
      expect(reason).toMatch(
        new RegExp(
          `^Khách hàng ${order!.customer_name} (vượt hạn mức công nợ: .+, hạn mức [\\d.]+\\s₫|có nợ quá hạn \\d+ ngày \\(hạn nợ \\d+ ngày\\))$`,
        ),
      );
  });
});
