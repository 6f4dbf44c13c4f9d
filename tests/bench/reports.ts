/**
 * The reports at a year of data (docs/reports.md "Why fact tables"): on PostgreSQL (scripts/with-pg.sh),
 * the large generator (200,000 orders over a year, about 1,000,000 lines after the report facts'
 * triggers wrote theirs, 100,000 customers, 50,000 variants, 30 reps) plus a year of visits (most
 * orders taken at one) and promotion usages, every report call over HTTP, p95 against the aim of
 * 300 ms: this month and the whole year (Năm nay), filtered by a rep, a region and a customer group,
 * and as a rep and a region manager see them.
 *
 *   bash scripts/with-pg.sh npx tsx tests/bench/reports.ts      (or: npm run bench -- --only reports)
 *   options: --runs=20 --orders=200000
 */
import { sql } from 'drizzle-orm';
import { vietnamDay } from '@contract/price-policy';
import { presetPeriod, reportPaths } from '@contract/reports';
import { rowsOf } from '@server/kernel/sql';
import { argValue, machineInfo, measure, seconds, startScaleServer, summarize, table, writeResult, type Summary } from './support/kit';

const RUNS = Number(argValue('runs') ?? 20);
const AIM_MS = 300;
const scale = { variants: 50_000, customers: 100_000, orders: Number(argValue('orders') ?? 200_000), reps: 30 };

const started = performance.now();
const server = await startScaleServer({ scale });
const db = server.db;
const company = server.companyId;
let result: Record<string, unknown>;
try {
  const generating = performance.now();
  // A year of visits: one for most orders (the order taken at it), and calls that ended without one.
  await db.execute(sql`
    insert into visits (id, company_id, account_id, customer_id, check_in_at, check_out_at)
    select gen_random_uuid(), ${company}, o.account_id, o.customer_id, o.created_at - interval '20 minutes', o.created_at + interval '5 minutes'
    from orders o where o.company_id = ${company} and abs(hashtext(o.id::text)) % 10 < 7`);
  await db.execute(sql`
    update orders o set visit_id = v.id from visits v
    where o.company_id = ${company} and v.company_id = ${company} and v.customer_id = o.customer_id and v.account_id = o.account_id
      and v.check_in_at = o.created_at - interval '20 minutes'`);
  await db.execute(sql`
    insert into visits (id, company_id, account_id, customer_id, check_in_at, check_out_at)
    select gen_random_uuid(), ${company}, o.account_id, o.customer_id, o.created_at - interval '2 days', o.created_at - interval '2 days' + interval '12 minutes'
    from orders o where o.company_id = ${company} and abs(hashtext(o.id::text)) % 10 < 4`);
  // Programmes through the year, each applied to some of its period's orders.
  const [owner] = rowsOf<{ id: number }>(
    await db.execute(sql`select account_id as id from account_companies where company_id = ${company} and is_owner limit 1`),
  );
  await db.execute(sql`
    insert into promotions (company_id, code, name, kind, state, starts_on, ends_on, tiers, cap_total, created_by, search_text)
    select ${company}, 'KMB' || lpad(g::text, 4, '0'), 'Chương trình thử ' || g, 'order_total', 'approved',
           current_date - 365 + (g - 1) * 7, current_date - 365 + (g - 1) * 7 + 30,
           '[{"threshold": 1000000, "reward": "percent", "value": 3, "gift_variant_id": null, "gift_quantity": 0}]'::jsonb,
           500000000, ${Number(owner!.id)}, 'kmb' || g || ' chuong trinh thu ' || g
    from generate_series(1, 52) g`);
  await db.execute(sql`
    insert into promotion_usages (company_id, promotion_id, order_id, customer_id, account_id, discount, gift_value, quantity, spent, released_at)
    select ${company}, p.id, o.id, o.customer_id, o.account_id, o.total / 33, 0, 1, o.total / 33,
           case when o.status in ('cancelled', 'rejected') then now() end
    from orders o join promotions p on p.company_id = ${company} and p.code like 'KMB%'
      and (o.created_at at time zone 'UTC' + interval '7 hours')::date between p.starts_on and p.ends_on
    where o.company_id = ${company} and o.total >= 1000000 and abs(hashtext(o.id::text || p.code)) % 8 = 0
    on conflict do nothing`);
  // What autovacuum leaves on a table that grew (visibility map set), so index-only scans read as they do in service.
  await db.execute(sql`vacuum analyze`);
  const [counted] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select (select count(*) from orders) as orders, (select count(*) from report_line_facts) as lines, (select count(*) from visits) as visits,
             (select count(*) from promotion_usages) as usages, (select count(*) from report_order_facts) as facts`),
  );
  const generationSeconds = Number(((performance.now() - generating) / 1000).toFixed(1));
  console.info(
    `report data: ${Object.entries(counted!)
      .map(([k, v]) => `${Number(v).toLocaleString('en-US')} ${k}`)
      .join(', ')} in ${generationSeconds} s`,
  );

  const today = vietnamDay();
  const year = presetPeriod('this_year', today);
  // "Năm nay" early in a year is short: the bench measures the last 365 days, the longest "year" asked.
  const lastYear = { from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to: today };
  const month = presetPeriod('this_month', today);
  const an = await server.login();
  const rep = await server.login(server.data.reps[1]!.phone);
  const manager = await server.login('0912000003');
  const [region] = rowsOf<{ id: number }>(await db.execute(sql`select id from regions where company_id = ${company} and code = 'MN'`));
  const [type] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from customer_types where company_id = ${company} order by id limit 1`),
  );
  const repId = server.data.reps[2]!.id;
  const q = (period: { from: string; to: string }, extra: Record<string, string | number> = {}) =>
    new URLSearchParams({
      company: String(company),
      date_from: period.from,
      date_to: period.to,
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
    }).toString();
  const calls: { name: string; path: string }[] = [
    ['company-overview', reportPaths.companyOverview],
    ['business-analysis', reportPaths.businessAnalysis],
    ['best-selling-products', `${reportPaths.bestSellingProducts}`],
    ['products by category', `${reportPaths.bestSellingProducts}`, { group_by: 'category' }],
    ['products by brand', `${reportPaths.bestSellingProducts}`, { group_by: 'brand' }],
    ['products by group', `${reportPaths.bestSellingProducts}`, { group_by: 'group' }],
    ['slow movers', `${reportPaths.bestSellingProducts}`, { slow: '1' }],
    ['staff', reportPaths.staff],
    ['conversion-rate', reportPaths.conversionRate],
    ['regions', reportPaths.regions],
    ['provinces', reportPaths.regions, { group_by: 'province' }],
    ['customers', reportPaths.customers, { limit: 20 }],
    ['customers idle 30 days', reportPaths.customers, { inactive_days: 30, limit: 20 }],
    ['customer-types', reportPaths.customerTypes],
    ['promotions', reportPaths.promotions],
    ['orders behind a figure', reportPaths.orders, { report: 'orders', dimension: 'status', key: 'completed', measure: 'all', limit: 20 }],
  ].flatMap(([name, path, extra]) => {
    const more = (extra ?? {}) as Record<string, string | number>;
    return [
      { name: `${name}, this month`, path: `${path}?${q(month, more)}` },
      { name: `${name}, a year`, path: `${path}?${q(lastYear, more)}` },
    ];
  }) as { name: string; path: string }[];
  calls.push(
    { name: 'product detail, a year', path: `${reportPaths.productDetail}?${q(lastYear, { variant: server.data.variants[0]!.id })}` },
    { name: 'dashboard-overview', path: `${reportPaths.dashboardOverview}?company=${company}` },
    { name: 'employees (KPI), this month', path: `${reportPaths.employees}?${q(month)}` },
    { name: 'products, a year, one rep', path: `${reportPaths.bestSellingProducts}?${q(lastYear, { staff: repId })}` },
    { name: 'products, a year, one region', path: `${reportPaths.bestSellingProducts}?${q(lastYear, { region: region!.id })}` },
    {
      name: 'products, a year, one customer group',
      path: `${reportPaths.bestSellingProducts}?${q(lastYear, { customer_type: type!.id })}`,
    },
    { name: 'overview, a year, one region', path: `${reportPaths.companyOverview}?${q(lastYear, { region: region!.id })}` },
    {
      name: 'customers, a year, one customer group',
      path: `${reportPaths.customers}?${q(lastYear, { customer_type: type!.id, limit: 20 })}`,
    },
  );
  const asOthers: { name: string; path: string; token: string }[] = [
    { name: 'staff, a year, as a rep', path: `${reportPaths.staff}?${q(lastYear)}`, token: rep.access },
    { name: 'overview, a year, as a rep', path: `${reportPaths.companyOverview}?${q(lastYear)}`, token: rep.access },
    { name: 'products, a year, as a region manager', path: `${reportPaths.bestSellingProducts}?${q(lastYear)}`, token: manager.access },
    {
      name: 'customers, a year, as a region manager',
      path: `${reportPaths.customers}?${q(lastYear, { limit: 20 })}`,
      token: manager.access,
    },
  ];
  const rows: (Summary & { name: string })[] = [];
  for (const call of [...calls.map((c) => ({ ...c, token: an.access })), ...asOthers]) {
    const times = await measure(RUNS, 2, async () => {
      const answer = await server.call<unknown>(call.path, { token: call.token });
      if (answer.status !== 200) throw new Error(`${call.name}: ${answer.status} ${answer.body.message}`);
      return answer.ms;
    });
    rows.push({ name: call.name, ...summarize(times) });
  }
  table(
    `Reports on PostgreSQL, ${RUNS} runs each (ms; aim p95 ≤ ${AIM_MS})`,
    ['call', 'p50', 'p95', 'p99', 'aim'],
    rows.map((row) => [row.name, row.p50, row.p95, row.p99, row.p95 <= AIM_MS ? 'PASS' : 'MISS']),
  );
  result = {
    scale: { ...scale, ...Object.fromEntries(Object.entries(counted!).map(([k, v]) => [k, Number(v)])) },
    periods: { month, year, lastYear },
    generationSeconds,
    calls: rows,
    worst: rows.reduce((worst, row) => (row.p95 > worst.p95 ? row : worst), rows[0]!),
    aims: { p95Ms: AIM_MS },
  };
} finally {
  await server.stop();
}
const file = writeResult(`reports-${server.driver}`, { machine: machineInfo({ database: server.driver }), runsPerCall: RUNS, ...result });
console.info(`\nResults written to ${file} (whole run ${seconds(performance.now() - started)}).`);
