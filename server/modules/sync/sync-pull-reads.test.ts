/**
 * What a phone pulls is what its person may read: only the entities their role allows
 * (contract/sync-domains.ts SYNC_ENTITY_READS), only with the company's switch on, and the same
 * person is refused the same data over the API. A change of role or switch starts the phone over.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureCode } from '@contract/company-switches';
import { customerPaths } from '@contract/customers';
import { receivablePaths } from '@contract/receivables';
import { MAX_PULL_LIMIT, type PullAnswer } from '@contract/sync';
import { companyFeatures } from '@server/kernel/db/schema';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;
beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

const pull = async (token: string, cursor = 0, scope?: string) =>
  (
    await kit.server.call<PullAnswer>(
      `/sync/pull?company=${kit.anKhang}&cursor=${cursor}&limit=${MAX_PULL_LIMIT}${scope === undefined ? '' : `&scope=${encodeURIComponent(scope)}`}`,
      { token },
    )
  ).body.data;
const entitiesOf = (key: string) => key.split(';')[1]!.split(',').filter(Boolean);
const received = (page: PullAnswer) => [...new Set(page.changes.map((change) => change.entity))].sort();
const tokenOf = async (phone: string) => (await kit.server.login(phone)).access;

async function setSwitch(code: FeatureCode, on: boolean) {
  await kit.server.deps.db
    .update(companyFeatures)
    .set({ isEnabled: on })
    .where(and(eq(companyFeatures.companyId, kit.anKhang), eq(companyFeatures.code, code)));
}

describe('the sync pull, per role', () => {
  it('gives the storekeeper no customer and no balance, as the API refuses them', async () => {
    const keeper = await tokenOf(DEMO_STAFF.storekeeper);
    const page = await pull(keeper);
    expect(entitiesOf(page.scopeKey!)).toEqual(['order', 'order_type', 'variant', 'stock', 'stock_check', 'pharma_settings']);
    expect(received(page)).toEqual(expect.arrayContaining(['order_type', 'stock', 'stock_check']));
    for (const forbidden of ['customer', 'customer_type', 'receivable', 'rep_credit', 'payment', 'price_policy', 'promotion', 'visit']) {
      expect(received(page)).not.toContain(forbidden);
    }
    const api = async (path: string) => (await kit.server.call(`${path}?company=${kit.anKhang}`, { token: keeper })).status;
    expect([await api(customerPaths.customers), await api(receivablePaths.info)]).toEqual([403, 403]);
  });

  it('gives a rep what taking an order needs, and no stock counts', async () => {
    const page = await pull(await tokenOf(DEMO_STAFF.repSouth));
    expect(entitiesOf(page.scopeKey!)).toEqual([
      'customer',
      'customer_type',
      'customer_level',
      'visit',
      'visit_settings',
      'route_plan',
      'order',
      'order_type',
      'variant',
      'price_policy',
      'stock',
      'promotion',
      'receivable',
      'rep_credit',
      'payment',
      'pharma_settings',
      'attendance_claim',
      'attendance_settings',
    ]);
    expect(received(page)).not.toContain('stock_check');
  });

  it('gives the accountant balances and customers but no stock', async () => {
    const page = await pull(await tokenOf(DEMO_STAFF.accountant));
    expect(entitiesOf(page.scopeKey!)).toEqual([
      'customer',
      'customer_type',
      'customer_level',
      'order',
      'order_type',
      'variant',
      'price_policy',
      'receivable',
      'rep_credit',
      'payment',
      'pharma_settings',
    ]);
    expect(received(page)).not.toContain('stock');
  });
});

describe('the sync pull, per switch', () => {
  it('leaves out what a switch that is off covers, and starts the phone over when it changes', async () => {
    const rep = await tokenOf(DEMO_STAFF.repSouth);
    const before = await pull(rep);
    expect(received(before)).toEqual(expect.arrayContaining(['receivable', 'price_policy', 'promotion']));
    await setSwitch('RECEIVABLE', false);
    await setSwitch('CSG', false);
    await setSwitch('REWARD', false);
    await setSwitch('WAREHOUSE', false);
    try {
      const restarted = await pull(rep, before.cursor, before.scopeKey);
      expect(restarted).toMatchObject({ reset: true, changes: [] });
      const after = await pull(rep);
      for (const off of ['receivable', 'rep_credit', 'payment', 'price_policy', 'promotion']) {
        expect(entitiesOf(after.scopeKey!)).not.toContain(off);
        expect(received(after)).not.toContain(off);
      }
      // WAREHOUSE off leaves one warehouse, not none: its stock is still sold, shown and counted.
      expect(received(after)).toEqual(expect.arrayContaining(['customer', 'order_type', 'stock']));
      const info = await kit.server.call(`${receivablePaths.info}?company=${kit.anKhang}`, { token: rep });
      expect(info.status).toBe(403);
    } finally {
      for (const code of ['RECEIVABLE', 'CSG', 'REWARD', 'WAREHOUSE'] as const) await setSwitch(code, true);
    }
  });
});
