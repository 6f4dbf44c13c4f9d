/**
 * The warehouse at scale: on PostgreSQL (scripts/with-pg.sh) with 50,000
 * variants, 3 warehouses, two lots of each variant and 1,000,000 movements over a year, over HTTP:
 *  - the stock view (first page, a warehouse, a search, lots expiring within 30 days) and the
 *    receipt list (first page, a search, a status) p95, aim ≤ 100 ms;
 *  - completing a 200-line import receipt (new lots, moving average, the change log) p95, aim ≤ 300 ms.
 * The movements are written straight into the ledger tables (their balances summed from them), as a
 * year of receipts would leave them; the ledger check must still hold.
 *
 *   bash scripts/with-pg.sh npx tsx tests/bench/warehouse.ts      (or: npm run bench -- --only warehouse)
 *   options: --runs=30 --variants=50000 --moves=1000000 --receipts=20
 */
import { sql } from 'drizzle-orm';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { rowsOf } from '@server/kernel/sql';
import { defaultWarehouse } from '@server/modules/warehouse';
import { argValue, machineInfo, measure, seconds, startScaleServer, summarize, table, writeResult, type Summary } from './support/kit';

const RUNS = Number(argValue('runs') ?? 30);
const MOVES = Number(argValue('moves') ?? 1_000_000);
const RECEIPTS = Number(argValue('receipts') ?? 20);
const LINES_PER_RECEIPT = 100;
const scale = { variants: Number(argValue('variants') ?? 50_000), customers: 1_000, orders: 0, reps: 5 };

const started = performance.now();
const server = await startScaleServer({ scale });
const db = server.db;
const company = server.companyId;
let result: Record<string, unknown>;
try {
  const generating = performance.now();
  const main = await defaultWarehouse(db, company);
  const [owner] = rowsOf<{ id: number }>(
    await db.execute(sql`select account_id as id from account_companies where company_id = ${company} and is_owner limit 1`),
  );
  await db.execute(
    sql`insert into warehouses (company_id, code, name) values (${company}, 'BK02', 'Kho Đà Nẵng'), (${company}, 'BK03', 'Kho Cần Thơ')`,
  );
  const warehouseIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from warehouses where company_id = ${company} order by id`),
  ).map((row) => Number(row.id));
  await db.execute(sql`
    insert into stock_lots (company_id, variant_id, lot_no, manufactured_on, expires_on)
    select ${company}, v.id, 'BL' || g, current_date - 200, current_date + (v.id % 700) - 20 + g * 60
    from variants v cross join generate_series(1, 2) g where v.company_id = ${company}
    on conflict do nothing`);
  const [lots] = rowsOf<{ n: number }>(await db.execute(sql`select count(*) as n from stock_lots where company_id = ${company}`));
  const receiptCount = Math.ceil(MOVES / LINES_PER_RECEIPT);
  await db.execute(sql`
    insert into stock_receipts (id, company_id, kind, code, status, warehouse_id, document_date, created_by, line_count, total_quantity, total_amount, search_text)
    select gen_random_uuid(), ${company}, case when i % 3 = 0 then 'export' else 'import' end,
           case when i % 3 = 0 then 'BX' else 'BN' end || lpad(i::text, 7, '0'), 'completed',
           (${sql.param(warehouseIds)}::int[])[1 + i % 3], current_date - (i % 365), ${Number(owner!.id)}, ${LINES_PER_RECEIPT}, 0, 0,
           lower(case when i % 3 = 0 then 'bx' else 'bn' end || lpad(i::text, 7, '0') || ' nha cung cap ' || (i % 50))
    from generate_series(1, ${receiptCount}) i`);
  await db.execute(sql`
    insert into stock_moves (company_id, warehouse_id, variant_id, lot_id, quantity, value, receipt_id, document_date)
    select ${company}, r.warehouse_id, l.variant_id, l.id,
           case when r.kind = 'import' then 50 else -10 end, case when r.kind = 'import' then 50000 else -10000 end,
           r.id, r.document_date
    from (select row_number() over (order by code) as rn, * from stock_receipts where company_id = ${company} and code ~ '^B[NX]') r
    cross join generate_series(1, ${LINES_PER_RECEIPT}) k
    join (select row_number() over (order by id) - 1 as n, * from stock_lots where company_id = ${company}) l
      on l.n = (r.rn * ${LINES_PER_RECEIPT} + k) % ${Number(lots!.n)}`);
  // A lot that more receipts took from than brought in gets the difference from a year-old opening receipt.
  await db.execute(sql`
    insert into stock_moves (company_id, warehouse_id, variant_id, lot_id, quantity, value, receipt_id, document_date)
    select ${company}, warehouse_id, min(variant_id), lot_id, -sum(quantity), -sum(value),
           (select id from stock_receipts where company_id = ${company} and code ~ '^BN' order by code limit 1), current_date - 366
    from stock_moves where company_id = ${company} group by warehouse_id, lot_id having sum(quantity) < 0`);
  await db.execute(sql`
    insert into stock_levels (company_id, warehouse_id, variant_id, on_hand, value)
    select ${company}, warehouse_id, variant_id, sum(quantity), sum(value) from stock_moves where company_id = ${company} group by warehouse_id, variant_id
    on conflict (company_id, warehouse_id, variant_id) do update set on_hand = excluded.on_hand, value = excluded.value`);
  await db.execute(sql`
    insert into stock_lot_balances (company_id, warehouse_id, lot_id, variant_id, on_hand)
    select ${company}, warehouse_id, lot_id, min(variant_id), sum(quantity) from stock_moves where company_id = ${company} group by warehouse_id, lot_id
    on conflict (company_id, warehouse_id, lot_id) do update set on_hand = excluded.on_hand`);
  await db.execute(sql`analyze`);
  const [counted] = rowsOf<{ moves: number; levels: number; lots: number }>(
    await db.execute(
      sql`select (select count(*) from stock_moves) as moves, (select count(*) from stock_levels) as levels, (select count(*) from stock_lot_balances) as lots`,
    ),
  );
  const generationSeconds = Number(((performance.now() - generating) / 1000).toFixed(1));
  console.info(
    `warehouse data: ${Number(counted!.moves).toLocaleString('en-US')} moves, ${Number(counted!.levels).toLocaleString('en-US')} stock rows, ${Number(counted!.lots).toLocaleString('en-US')} lot balances in ${generationSeconds} s`,
  );

  const an = await server.login();
  const token = an.access;
  const words = ['para', 'vitamin', 'amox', 'siro', 'cef'];
  const cases: { name: string; path: (run: number) => string }[] = [
    { name: 'stock view, first page', path: () => `/warehouse/api/inventory/?company=${company}&limit=20` },
    {
      name: 'stock view, one warehouse',
      path: (run) => `/warehouse/api/inventory/?company=${company}&limit=20&warehouse=${warehouseIds[run % 3]}`,
    },
    {
      name: 'stock view, search',
      path: (run) => `/warehouse/api/inventory/?company=${company}&limit=20&search=${words[run % words.length]}`,
    },
    { name: 'stock view, expiring in 30 days', path: () => `/warehouse/api/inventory/?company=${company}&limit=20&expiring=30` },
    { name: 'import receipts, first page', path: () => `/warehouse/api/importreceipt/?company=${company}&limit=20` },
    {
      name: 'import receipts, search',
      path: (run) => `/warehouse/api/importreceipt/?company=${company}&limit=20&search=${encodeURIComponent(`cung cap ${run % 50}`)}`,
    },
    { name: 'export receipts, completed', path: () => `/warehouse/api/exportreceipt/?company=${company}&limit=20&status=completed` },
  ];
  const lists: (Summary & { name: string; count: number })[] = [];
  for (const item of cases) {
    let count = 0;
    const times = await measure(RUNS, 3, async (run) => {
      const answer = await server.call<unknown[]>(item.path(Math.max(0, run)), { token });
      if (answer.status !== 200) throw new Error(`${item.name}: ${answer.status} ${answer.body.message}`);
      count = answer.body.count ?? 0;
      return answer.ms;
    });
    lists.push({ name: item.name, count, ...summarize(times) });
  }
  table(
    'Warehouse lists on PostgreSQL (ms)',
    ['call', 'rows', 'p50', 'p95', 'p99'],
    lists.map((row) => [row.name, row.count, row.p50, row.p95, row.p99]),
  );

  const variants = rowsOf<{ id: number; unit: string }>(
    await db.execute(
      sql`select v.id, u.unit from variants v join variant_units u on u.variant_id = v.id and u.factor = 1 where v.company_id = ${company} order by v.id limit ${(RECEIPTS + 3) * 200}`,
    ),
  );
  const completeTimes = await measure(RECEIPTS, 2, async (run) => {
    const slice = variants.slice((run + 2) * 200, (run + 3) * 200);
    const answer = await server.call<ReceiptDetail>('/warehouse/api/importreceipt/', {
      token,
      body: {
        company,
        warehouse: main.id,
        document_date: new Date().toISOString().slice(0, 10),
        status: 'completed',
        lines: slice.map((variant, index) => ({
          variant_id: Number(variant.id),
          unit: variant.unit,
          quantity: 10 + (index % 7),
          unit_price: 1000 + index,
          lot_no: `BENCH-${run}-${index}`,
          expires_on: '2030-12-31',
        })),
      },
    });
    if (answer.status !== 201) throw new Error(`200-line receipt: ${answer.status} ${answer.body.message}`);
    return answer.ms;
  });
  const complete = summarize(completeTimes);
  table(
    'Completing a 200-line import receipt (ms)',
    ['runs', 'p50', 'p95', 'p99'],
    [[complete.n, complete.p50, complete.p95, complete.p99]],
  );
  const check = await server.call<{ holds: boolean }>(`/warehouse/api/ledgercheck/?company=${company}`, { token });
  console.info(`ledger check after the run: ${check.body.data.holds ? 'balances equal the ledger' : 'MISMATCH'}`);
  result = {
    scale: { ...scale, moves: Number(counted!.moves), warehouses: warehouseIds.length },
    generationSeconds,
    lists,
    complete200: complete,
    ledgerHolds: check.body.data.holds,
    aims: { listP95Ms: 100, complete200P95Ms: 300 },
  };
} finally {
  await server.stop();
}
const file = writeResult(`warehouse-${server.driver}`, { machine: machineInfo({ database: server.driver }), runsPerCall: RUNS, ...result });
console.info(`\nResults written to ${file} (whole run ${seconds(performance.now() - started)}).`);
