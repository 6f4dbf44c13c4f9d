/**
 * The region report (REPORT-REGION): per sales region or per province (the 34 of 2025, old codes
 * counted for their new province) revenue against the previous period, orders, customers and reps.
 * A row is where the order was delivered (its address), as the region scope counts it.
 */
import { sql } from 'drizzle-orm';
import { growth, previousPeriod, type Period, type RegionGrouping, type RegionReport, type RegionRow } from '@contract/reports';
import { reportOrderFacts as f } from '@server/kernel/db/schema';
import { matchesSearch } from '@server/kernel/lists';
import { rowsOf } from '@server/kernel/sql';
import { getProvinceIndex } from '@server/modules/address';
import { provincesByRegion, regionRefs } from '@server/modules/regions';
import { ORDER_FACTS, type ReportContext } from './report-context';
import { REVENUE, TAKEN } from './report-orders';

const num = (value: unknown) => Number(value ?? 0);
const NONE = 'none';

/** Every address province code mapped to its row key: the new province, or the region it belongs to. */
async function rowKeys(ctx: ReportContext, by: RegionGrouping) {
  const index = await getProvinceIndex();
  const [refs, byRegion] = await Promise.all([regionRefs(ctx.db, ctx.company), provincesByRegion(ctx.db, ctx.company)]);
  const regionOfProvince = new Map<string, { id: number; name: string }>();
  for (const ref of refs) for (const code of byRegion.get(ref.id) ?? []) regionOfProvince.set(code, ref);
  const provinces = index.all();
  const codes: string[] = [];
  const keys: string[] = [];
  for (const province of provinces) {
    const key = by === 'province' ? province.code : String(regionOfProvince.get(province.code)?.id ?? NONE);
    for (const code of index.addressCodes([province.code])) {
      codes.push(code);
      keys.push(key);
    }
  }
  const names = new Map<string, { name: string; region: string }>();
  if (by === 'province') {
    for (const province of provinces)
      names.set(province.code, { name: province.name, region: regionOfProvince.get(province.code)?.name ?? '' });
    names.set(NONE, { name: 'Chưa có địa chỉ', region: '' });
  } else {
    for (const ref of refs) names.set(String(ref.id), { name: ref.name, region: ref.code });
    names.set(NONE, { name: 'Ngoài các khu vực', region: '' });
  }
  return { codes, keys, names, regionKeys: refs.map((ref) => String(ref.id)) };
}

async function figures(ctx: ReportContext, period: Period, codes: string[], keys: string[]) {
  return rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      select coalesce(m.key, ${NONE}) as key,
             coalesce(sum(${f.total}) filter (where ${REVENUE}), 0) as revenue,
             count(*) filter (where ${TAKEN}) as orders,
             count(distinct ${f.customerId}) filter (where ${TAKEN}) as customers,
             count(distinct ${f.accountId}) filter (where ${TAKEN}) as reps
      from ${f} left join unnest(${sql.param(codes)}::text[], ${sql.param(keys)}::text[]) as m(code, key) on m.code = ${f.provinceCode}
      where ${ctx.where(ORDER_FACTS, period)} group by 1`),
  );
}

export async function regionReport(ctx: ReportContext, by: RegionGrouping): Promise<RegionReport> {
  const previous = previousPeriod(ctx.period);
  const { codes, keys, names, regionKeys } = await rowKeys(ctx, by);
  const [current, before] = await Promise.all([figures(ctx, ctx.period, codes, keys), figures(ctx, previous, codes, keys)]);
  const prevByKey = new Map(before.map((row) => [row.key!, num(row.revenue)]));
  const currentByKey = new Map(current.map((row) => [row.key!, row]));
  // Every region is listed (a region that sold nothing is news); provinces only with figures.
  const shown = new Set([...currentByKey.keys(), ...prevByKey.keys(), ...(by === 'region' ? regionKeys : [])]);
  const rows: RegionRow[] = [...shown].map((key) => {
    const row = currentByKey.get(key);
    const revenue = num(row?.revenue);
    const prev = prevByKey.get(key) ?? 0;
    return {
      key,
      name: names.get(key)?.name ?? key,
      region: names.get(key)?.region ?? '',
      revenue,
      prev_revenue: prev,
      growth: growth(revenue, prev),
      orders: num(row?.orders),
      customers: num(row?.customers),
      reps: num(row?.reps),
    };
  });
  return {
    rows: rows
      .filter((row) => matchesSearch(`${row.name} ${row.region}`, ctx.filter.search))
      .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name, 'vi')),
    previous,
  };
}
