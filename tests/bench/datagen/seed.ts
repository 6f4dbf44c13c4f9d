/**
 * `npm run seed -- --scale large`: grows the demo company An Khang in the app's own database into a
 * large one (generate.ts: Vietnamese pharmacies, clinics and agents with real provinces and wards,
 * a pharmaceutical catalogue, sales reps, and orders over the past year in every status), so that
 * `npm start` shows a company at scale. The database is the one `npm start` uses: PGlite in
 * DATA_DIR (default ./data), or PostgreSQL at DATABASE_URL; it is migrated and given the demo data
 * first when empty, as on a first start. Stop `npm start` first: embedded PGlite has one user.
 *
 *   npm run seed -- --scale small|medium|large   (default large: 50,000 variants, 100,000 customers,
 *                                                 200,000 orders, 30 reps; a few minutes)
 *   options: --orders N --customers N --variants N --reps N (override the scale), --seed N,
 *            --add (add another lot to a company that already has one), --json NAME (also write
 *            tests/bench/results/NAME.json, for the benchmarks)
 */
import { sql } from 'drizzle-orm';
import { DEMO } from '@server/seed/demo';
import { readEnv } from '@server/kernel/env';
import { rowsOf } from '@server/kernel/sql';
import { prepareDeps } from '@server/server';
import { writeResult } from '../support/kit';
import { generateScaleData, SCALES, type ScaleName } from './generate';

/** `--name value` or `--name=value`. */
function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index < 0) return undefined;
  const arg = args[index]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

function count(name: string): number | undefined {
  const value = option(name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} cần một số nguyên không âm, nhận "${value}"`);
  return Number(value);
}

const scaleName = (option('scale') ?? 'large') as ScaleName;
if (!(scaleName in SCALES)) {
  console.error(`--scale phải là ${Object.keys(SCALES).join(', ')}; nhận "${scaleName}"`);
  process.exit(2);
}
const scale = {
  ...SCALES[scaleName],
  ...Object.fromEntries(
    (['variants', 'customers', 'orders', 'reps'] as const).flatMap((name) => {
      const value = count(name);
      return value === undefined ? [] : [[name, value]];
    }),
  ),
};

const env = { ...readEnv(), simulators: false };
const started = performance.now();
const { deps, database } = await prepareDeps({ env, backgroundJobs: false });
try {
  const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ở ${env.dataDir}`;
  const [company] = rowsOf<{ id: number; customers: string | number }>(
    await deps.db.execute(sql`
      select c.id, (select count(*) from customers where company_id = c.id) as customers
      from companies c where c.title = ${DEMO.anKhang.title}`),
  );
  if (!company) throw new Error(`${where}: không có công ty mẫu "${DEMO.anKhang.title}" (SEED_DEMO=false?)`);
  const existing = Number(company.customers);
  // The demo data has a handful of customers; thousands mean a lot was generated already.
  if (existing > 1_000 && !process.argv.includes('--add')) {
    console.info(
      `${DEMO.anKhang.title} đã có ${existing.toLocaleString('vi-VN')} khách hàng trong ${where}: không tạo thêm (thêm --add để tạo thêm một lô).`,
    );
  } else {
    console.info(
      `Tạo dữ liệu quy mô "${scaleName}" cho ${DEMO.anKhang.title} trong ${where}: ${scale.variants.toLocaleString('vi-VN')} biến thể, ` +
        `${scale.customers.toLocaleString('vi-VN')} khách hàng, ${scale.orders.toLocaleString('vi-VN')} đơn hàng, ${scale.reps} nhân viên bán hàng…`,
    );
    const data = await generateScaleData(deps.db, Number(company.id), {
      ...scale,
      seed: count('seed') ?? 1,
      // The reps sign in like everyone else: hash their password at the server's own cost.
      scryptLogN: env.scryptLogN,
      log: (message) => console.info(`  ${message}`),
    });
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    console.info(
      `Xong trong ${seconds} s: ${Object.entries(data.counts)
        .map(([name, n]) => `${n.toLocaleString('vi-VN')} ${name}`)
        .join(', ')}.\n` +
        `Đăng nhập 0901234567 / Demo@2026 (chủ công ty), hoặc nhân viên bán hàng ${data.reps[1]?.phone ?? '0966000001'}… / Demo@2026.`,
    );
    const json = option('json');
    if (json) {
      writeResult(json, {
        database: database.driver,
        scale: { name: scaleName, ...scale },
        counts: data.counts,
        timings: data.timings,
        seconds,
      });
    }
  }
} finally {
  await database.close();
}
