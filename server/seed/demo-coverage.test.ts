/**
 * The demo lets a new user try every area (server/seed/demo.ts): for An Khang, signed in as its
 * owner, every synced entity reaches the phone and every domain of docs/architecture.md "Domains:
 * one name each" has rows. Both lists are read from where a domain registers (contract/sync-domains.ts,
 * the docs map), so a new domain without demo data fails here (docs/adding-a-domain.md section 4).
 *
 * The seed is the one `npm run demo` makes: the providers' template (server/testing/test-database.ts,
 * made once per run) with the simulators, plus the deliveries server/server.ts seeds on the demo's
 * first start (server/seed/demo-delivery.ts), which no template holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PULL_LIMIT, type PullAnswer } from '@contract/sync';
import { SYNC_DOMAINS, SYNC_ENTITIES, type SyncEntity } from '@contract/sync-domains';
import { rowsOf } from '@server/kernel/sql';
import { seedDemoDelivery } from '@server/seed/demo-delivery';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDemoServer, type DemoServer } from '@server/testing/test-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WHERE =
  'add demo data for An Khang in server/seed/ (a demo-*.ts file called from seedDemoData in server/seed/demo.ts, or from server/server.ts where it needs the running server)';

/**
 * Entities no phone receives on a fresh demo, and why. Keep it short: each line is a part of the
 * app a new user finds as the code's defaults rather than as the demo's data.
 */
const EMPTY_AT_START: Partial<Record<SyncEntity, string>> = {
  pharma_settings:
    'one row per company, written when someone first saves the pharma rules; until then the cart uses DEFAULT_PHARMA_SETTINGS (contract/pharma.ts, src/features/orders/model/cart-pricing.ts)',
  attendance_settings:
    'one row per company, written when someone first saves the attendance rule; until then the phone uses DEFAULT_ATTENDANCE_SETTINGS (contract/attendance.ts, src/features/attendance/api/attendance-api.ts)',
};

/**
 * Entities whose records go only to the member they belong to (server/kernel/sync/pull.ts): the demo
 * gives them to a rep, whose first sync must bring them; the owner reads them on the office screens.
 */
const PERSONAL: Partial<Record<SyncEntity, { phone: string; why: string }>> = {
  route_plan: { phone: DEMO_STAFF.repSouth, why: 'a rep’s own route plans (server/seed/demo-route-plans.ts)' },
  rep_credit: { phone: DEMO_STAFF.repSouth, why: 'a rep’s own credit limit (server/seed/demo-receivables.ts)' },
  attendance_claim: { phone: DEMO_STAFF.repSouth, why: 'a rep’s own self-claims (server/seed/demo-attendance.ts)' },
};

/** How a domain shows it has demo rows: an entity the owner's phone pulls, or a count for the company. */
type Evidence = { pulled: SyncEntity } | { count: (company: number) => SQL };

/**
 * One line per row of the docs map, not per PERMISSION_AREAS (contract/roles.ts): the map is where
 * every domain must register (tests/lint/domains-map.test.ts holds it to the folders), while areas
 * leave out domains that ride on another's permission (delivery, pharma, attendance, plans) and name
 * parts that are no domain (order_groups, settings). Each count reads the domain's main table.
 */
const DEMO_EVIDENCE: Record<string, Evidence> = {
  // People who can sign in to An Khang with the demo password.
  auth: {
    count: (company) =>
      sql`select count(*) from accounts a join account_companies m on m.account_id = a.id
          where m.company_id = ${company} and m.status = 'accept' and a.password_hash is not null`,
  },
  company: { count: (company) => sql`select count(*) from company_features where company_id = ${company} and is_enabled` },
  customers: { pulled: 'customer' },
  employees: {
    count: (company) => sql`select count(*) from account_companies where company_id = ${company} and status = 'accept' and not is_owner`,
  },
  roles: { count: (company) => sql`select count(*) from roles where company_id = ${company}` },
  // The units ship with the app (server/modules/address/vn-units.json); the demo's part is addresses picked from them.
  address: { count: (company) => sql`select count(*) from customers where company_id = ${company} and ward_code is not null` },
  regions: { count: (company) => sql`select count(*) from regions where company_id = ${company}` },
  kpi: { count: (company) => sql`select count(*) from kpi_targets where company_id = ${company}` },
  products: { pulled: 'variant' },
  'price-policy': { pulled: 'price_policy' },
  orders: { pulled: 'order' },
  visits: { pulled: 'visit' },
  // The photos on An's latest visits (server/seed/demo-photos.ts).
  files: { count: (company) => sql`select count(*) from stored_files where company_id = ${company} and attached_id is not null` },
  // The claims are the reps' own (PERSONAL above): counted in the company, not on the owner's phone.
  attendance: { count: (company) => sql`select count(*) from attendance_claims where company_id = ${company}` },
  // The overview's default range is the last 30 days (server/modules/dashboard/dashboard.ts).
  dashboard: {
    count: (company) => sql`select count(*) from orders where company_id = ${company} and created_at > now() - interval '30 days'`,
  },
  warehouse: { pulled: 'stock' },
  promotions: { pulled: 'promotion' },
  notifications: { count: (company) => sql`select count(*) from notifications where company_id = ${company}` },
  delivery: { count: (company) => sql`select count(*) from delivery_orders where company_id = ${company}` },
  // Its synced settings start at the defaults (EMPTY_AT_START above): the recall is the demo's.
  pharma: { count: (company) => sql`select count(*) from recall_campaigns where company_id = ${company}` },
  receivables: { pulled: 'receivable' },
  reports: { count: (company) => sql`select count(*) from report_order_facts where company_id = ${company}` },
  messaging: { count: (company) => sql`select count(*) from zalo_oas where company_id = ${company}` },
  invoices: { count: (company) => sql`select count(*) from einvoices where company_id = ${company}` },
  plans: { count: (company) => sql`select count(*) from company_subscriptions where company_id = ${company}` },
  // The platform administrator's screens (server/seed/demo-system.ts): shops belong to no company.
  system: { count: () => sql`select count(*) from shops` },
  sync: { count: (company) => sql`select count(*) from change_log where company_id = ${company}` },
};

/** The domain column of the first table under the "Domains" heading (as tests/lint/domains-map.test.ts reads it). */
function mapDomains(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf('## Domains: one name each'));
  const table = section.slice(section.indexOf('\n|')).split('\n\n')[0]!;
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.split('|')[1]!.trim());
}

type Held = Map<string, Set<string>>;

let demo: DemoServer;
/** Per entity, the ids the owner's phone holds after a first sync; and those of the PERSONAL entities' holders, by phone. */
let owner: Held;
const others = new Map<string, Held>();

/** A first sync from cursor 0, page after page, as the phone makes it; a delete removes what an upsert put. */
async function firstSync(token: string): Promise<Held> {
  const held: Held = new Map();
  for (let cursor = 0; ;) {
    const page = await demo.server.call<PullAnswer>(`/sync/pull?company=${demo.anKhang}&cursor=${cursor}&limit=${MAX_PULL_LIMIT}`, {
      token,
    });
    if (page.status !== 200) throw new Error(`pull failed: ${page.status} ${page.body.message}`);
    for (const change of page.body.data.changes) {
      const ids = held.get(change.entity) ?? new Set<string>();
      held.set(change.entity, ids);
      if (change.op === 'upsert') ids.add(change.id);
      else ids.delete(change.id);
    }
    cursor = page.body.data.cursor;
    if (!page.body.data.hasMore) return held;
  }
}

const countIn = (held: Held | undefined, entity: string) => held?.get(entity)?.size ?? 0;

beforeAll(async () => {
  // No background jobs: what is counted is what the seed wrote, not what the simulators answered since.
  demo = await startDemoServer({}, { simulators: true, backgroundJobs: false });
  await seedDemoDelivery(demo.server.deps);
  owner = await firstSync(demo.an.access);
  for (const phone of new Set(Object.values(PERSONAL).map((holder) => holder.phone)))
    others.set(phone, await firstSync((await demo.server.login(phone)).access));
});

afterAll(async () => {
  await demo?.server.stop();
});

describe('the demo, for An Khang’s owner', () => {
  const entities = SYNC_DOMAINS.flatMap((domain) => domain.entities.map((entity) => [domain.name, entity] as const));

  it.each(entities.filter(([, entity]) => !(entity in EMPTY_AT_START)))('%s: the first sync brings %s', (domain, entity) => {
    const holder = PERSONAL[entity];
    if (holder) {
      const count = countIn(others.get(holder.phone), entity);
      expect(count, `${domain}: "${entity}" reaches not even ${holder.phone}, who should hold ${holder.why}: ${WHERE}`).toBeGreaterThan(0);
      return;
    }
    const message = `the ${domain} domain's entity "${entity}" reaches An Khang's owner empty: ${WHERE}, or list it in EMPTY_AT_START or PERSONAL (server/seed/demo-coverage.test.ts) with the reason`;
    expect(countIn(owner, entity), message).toBeGreaterThan(0);
  });

  it('lists as exceptions only entities that still are', () => {
    const known = (entity: string) => SYNC_ENTITIES.includes(entity as SyncEntity);
    const noLongerEmpty = Object.keys(EMPTY_AT_START).filter(
      (entity) => !known(entity) || countIn(owner, entity) > 0 || [...others.values()].some((held) => countIn(held, entity) > 0),
    );
    expect(noLongerEmpty, 'these have demo rows now (or are no entity): take them off EMPTY_AT_START').toEqual([]);
    const reachOwner = Object.keys(PERSONAL).filter((entity) => !known(entity) || countIn(owner, entity) > 0);
    expect(reachOwner, 'these reach the owner now (or are no entity): take them off PERSONAL').toEqual([]);
  });

  const domains = mapDomains(fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'));

  it('reads every domain of the docs map', () => {
    expect(domains.length).toBeGreaterThan(10);
    expect(domains).toContain('orders');
    const unknown = Object.keys(DEMO_EVIDENCE).filter((domain) => !domains.includes(domain));
    expect(unknown, 'DEMO_EVIDENCE names domains docs/architecture.md no longer lists').toEqual([]);
  });

  it.each(domains)('%s has demo rows', async (domain) => {
    const evidence = DEMO_EVIDENCE[domain];
    expect(
      evidence,
      `the domain "${domain}" has no line in DEMO_EVIDENCE (server/seed/demo-coverage.test.ts): ${WHERE}, then add its line`,
    ).toBeDefined();
    if ('pulled' in evidence!) {
      expect(countIn(owner, evidence.pulled), `${domain}: no ${evidence.pulled} reaches An Khang's owner: ${WHERE}`).toBeGreaterThan(0);
      return;
    }
    const [row] = rowsOf<{ count: string | number }>(await demo.server.deps.db.execute(evidence!.count(demo.anKhang)));
    expect(Number(row?.count ?? 0), `${domain}: its main table has no row for An Khang: ${WHERE}`).toBeGreaterThan(0);
  });
});
