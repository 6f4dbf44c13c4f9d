/**
 * The tenant-isolation matrix, on the sync pull (docs/security.md, data scope): what a phone pulls is
 * checked against what the same person gets over the REST API, a table of its own here rather than
 * the pull's rule (contract/sync-domains.ts SYNC_ENTITY_READS), so the two cannot agree by
 * construction. For every demo member of An Khang (owner, reps, regional manager, accountant,
 * storekeeper):
 *   - every customer and order the phone receives answers 200 on its own REST detail, every visit is
 *     in the member's visit list (the data scope holds on the pull);
 *   - balances, credit and payments are pulled only by a member the receivables API answers;
 * then with each switch off, nothing of its domain is pulled and its REST read is refused (WAREHOUSE
 * off leaves one warehouse whose stock the API still answers, and the pull still gives); and a
 * member of Minh Phát pulls nothing of An Khang, by either company.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureCode } from '@contract/company-switches';
import { customerPaths } from '@contract/customers';
import { orderPaths } from '@contract/orders';
import { promotionPaths } from '@contract/promotions';
import { receivablePaths } from '@contract/receivables';
import { MAX_PULL_LIMIT, type PullAnswer, type SyncChange } from '@contract/sync';
import { visitPaths } from '@contract/visits';
import { warehousePaths } from '@contract/warehouse';
import { companyFeatures } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDemoServer, type TestServer } from '@server/testing/test-server';
import { companyMarkers } from './support/tenant-data';

let server: TestServer;
let anKhang: number;
let minhPhat: number;
const tokens = new Map<string, string>();

const MEMBERS: Record<string, string> = {
  owner: DEMO.an.phone,
  repSouth: DEMO_STAFF.repSouth,
  repNorth: DEMO_STAFF.repNorth,
  regionalManager: DEMO_STAFF.regionalManager,
  accountant: DEMO_STAFF.accountant,
  storekeeper: DEMO_STAFF.storekeeper,
};

/** Money a phone may hold only when the receivables API answers its person. */
const MONEY = ['receivable', 'rep_credit', 'payment'];

/** Each switch, the entities it governs and the REST read that must be refused with it off. */
const SWITCHES: { code: FeatureCode; entities: string[]; read: string }[] = [
  { code: 'RECEIVABLE', entities: MONEY, read: receivablePaths.payments },
  { code: 'REWARD', entities: ['promotion'], read: promotionPaths.promotions },
  { code: 'CSG', entities: ['price_policy'], read: '/product/api/pricepolicy/' },
];

beforeAll(async () => {
  ({ server, anKhang, minhPhat } = await startDemoServer());
  for (const [who, phone] of Object.entries(MEMBERS)) tokens.set(who, (await server.login(phone)).access);
  tokens.set('binh', (await server.login(DEMO.binh.phone)).access);
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, token: string, company = anKhang) =>
  server.call<unknown>(`${path}${path.includes('?') ? '&' : '?'}company=${company}`, { token });

/** Everything a new phone pulls, page by page, or the refusal's status. */
async function pullAll(token: string, company = anKhang): Promise<SyncChange[] | number> {
  const changes: SyncChange[] = [];
  let cursor = 0;
  for (;;) {
    const answer = await server.call<PullAnswer>(`/sync/pull?company=${company}&cursor=${cursor}&limit=${MAX_PULL_LIMIT}`, { token });
    if (answer.status !== 200) return answer.status;
    changes.push(...answer.body.data.changes);
    if (!answer.body.data.hasMore) return changes;
    cursor = answer.body.data.cursor;
  }
}

/** Every visit id the member's visit list holds, page by page. */
async function visitIds(token: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page += 1) {
    const answer = await get(`${visitPaths.list}?limit=200&page=${page}`, token);
    if (answer.status !== 200) return ids;
    const rows = answer.body.data as { id: string }[];
    for (const row of rows) ids.add(row.id);
    if (rows.length < 200) return ids;
  }
}

const upserts = (changes: SyncChange[], entity: string) => changes.filter((change) => change.entity === entity && change.op === 'upsert');

async function setSwitch(code: FeatureCode, on: boolean) {
  await server.deps.db
    .update(companyFeatures)
    .set({ isEnabled: on })
    .where(and(eq(companyFeatures.companyId, anKhang), eq(companyFeatures.code, code)));
}

describe('the sync pull against the API, per member of An Khang', () => {
  it('hands each member only customers, orders and visits the API lets them read, and money only with receivables', async () => {
    const leaks: string[] = [];
    const pulledBy: Record<string, Record<string, number>> = {};
    for (const who of Object.keys(MEMBERS)) {
      const token = tokens.get(who)!;
      const changes = await pullAll(token);
      if (typeof changes === 'number') throw new Error(`${who}: the pull answered ${changes}`);
      pulledBy[who] = Object.fromEntries(
        [...new Set(changes.map((change) => change.entity))].map((entity) => [entity, upserts(changes, entity).length]),
      );
      for (const change of upserts(changes, 'customer')) {
        const status = (await get(customerPaths.customer(change.id), token)).status;
        if (status !== 200) leaks.push(`${who} pulled customer ${change.id}, its detail answers ${status}`);
      }
      for (const change of upserts(changes, 'order')) {
        const status = (await get(orderPaths.order(change.id), token)).status;
        if (status !== 200) leaks.push(`${who} pulled order ${change.id}, its detail answers ${status}`);
      }
      const visits = upserts(changes, 'visit');
      if (visits.length > 0) {
        const listed = await visitIds(token);
        for (const visit of visits) if (!listed.has(visit.id)) leaks.push(`${who} pulled visit ${visit.id}, not in their visit list`);
      }
      const money = changes.filter((change) => MONEY.includes(change.entity));
      const receivables = (await get(receivablePaths.payments, token)).status;
      if (money.length > 0 && receivables !== 200)
        leaks.push(`${who} pulled ${money.length} money records, receivables answer ${receivables}`);
    }
    expect(leaks).toEqual([]);
    // The check was not empty: the owner pulls all three kinds, the storekeeper no customer.
    expect(pulledBy.owner).toMatchObject({ customer: expect.any(Number), order: expect.any(Number), receivable: expect.any(Number) });
    expect(pulledBy.storekeeper?.customer).toBeUndefined();
    expect(pulledBy.regionalManager!.customer!).toBeLessThan(pulledBy.owner!.customer!);
  });

  it('pulls nothing of a domain whose switch is off, whose API then refuses it too', async () => {
    const owner = tokens.get('owner')!;
    const problems: string[] = [];
    for (const { code, entities, read } of SWITCHES) {
      await setSwitch(code, false);
      try {
        const changes = await pullAll(owner);
        if (typeof changes === 'number') throw new Error(`the pull answered ${changes} with ${code} off`);
        const pulled = changes.filter((change) => entities.includes(change.entity));
        if (pulled.length > 0) problems.push(`${code} off: ${pulled.length} ${pulled[0]!.entity} pulled`);
        const answer = await get(read, owner);
        if (answer.status !== 403) problems.push(`${code} off: ${read} answers ${answer.status}`);
      } finally {
        await setSwitch(code, true);
      }
      const back = await pullAll(owner);
      if (typeof back === 'number' || !back.some((change) => entities.includes(change.entity)))
        problems.push(`${code} on again: nothing of it pulled`);
    }
    expect(problems).toEqual([]);
  });

  it('still pulls stock with WAREHOUSE off, as the API still answers the one warehouse’s inventory', async () => {
    const owner = tokens.get('owner')!;
    await setSwitch('WAREHOUSE', false);
    try {
      const changes = await pullAll(owner);
      if (typeof changes === 'number') throw new Error(`the pull answered ${changes} with WAREHOUSE off`);
      expect((await get(warehousePaths.inventory, owner)).status).toBe(200);
      expect(upserts(changes, 'stock').length).toBeGreaterThan(0);
    } finally {
      await setSwitch('WAREHOUSE', true);
    }
  });
});

describe('the sync pull across companies', () => {
  it('refuses a Minh Phát member An Khang’s pull, and her own holds no An Khang text', async () => {
    const binh = tokens.get('binh')!;
    expect(await pullAll(binh, anKhang)).toBe(403);
    const own = await pullAll(binh, minhPhat);
    if (typeof own === 'number') throw new Error(`Minh Phát's pull answered ${own}`);
    expect(own.length).toBeGreaterThan(0);
    const text = JSON.stringify(own);
    const markers = [...(await companyMarkers(server.database.db, anKhang))].filter(
      (marker) => marker.length >= 6 && !/^[A-Z0-9_-]+$/.test(marker) && !/^\d{4}-\d{2}/.test(marker) && !/^[\d\s.,:+-]+$/.test(marker),
    );
    expect(markers.length).toBeGreaterThan(20);
    expect(markers.filter((marker) => text.includes(marker))).toEqual([]);
  });
});
