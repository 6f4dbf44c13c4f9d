/**
 * What happened in a month (contract/kpi.ts "What counts"), in a handful of grouped queries
 * whatever the number of regions and reps:
 * - per rep: orders they took (counted statuses) with their totals, plus their imported sales;
 *   customers they created; their check-ins;
 * - per new province: orders and customers whose address is there (old codes mapped to the new
 *   province), and check-ins at customers there;
 * - the whole company.
 */
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { KPI_ORDER_STATUSES, monthBounds, ZERO_KPI, addValues, type KpiValues } from '@contract/kpi';
import type { Db } from '@server/kernel/db/client';
import { customers, orders, staffSales, visits } from '@server/kernel/db/schema';
import type { ProvinceIndex } from '@server/modules/address';

export type MonthActuals = {
  /** Per rep: their orders, imported sales, created customers and visits. */
  byAccount: Map<number, KpiValues>;
  /** Imported sales per rep (a region adds those of its reps). */
  importedByAccount: Map<number, KpiValues>;
  /** Per new province code: orders, new customers and visits at addresses there. */
  byProvince: Map<string, KpiValues>;
  company: KpiValues;
};

const bump = <K>(map: Map<K, KpiValues>, key: K, values: Partial<KpiValues>) => {
  map.set(key, addValues(map.get(key) ?? { ...ZERO_KPI }, { ...ZERO_KPI, ...values }));
};

/** Actuals of a month; `accounts` limits the per-rep figures (and skips the per-province ones). */
export async function monthActuals(
  db: Db,
  companyId: number,
  month: string,
  index: ProvinceIndex,
  options: { accounts?: readonly number[] } = {},
): Promise<MonthActuals> {
  const { start, end } = monthBounds(month);
  const only = options.accounts;
  const byAccount = new Map<number, KpiValues>();
  const importedByAccount = new Map<number, KpiValues>();
  const byProvince = new Map<string, KpiValues>();
  const company = { ...ZERO_KPI };
  if (only && only.length === 0) return { byAccount, importedByAccount, byProvince, company };

  const orderWhere = and(
    eq(orders.companyId, companyId),
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
    inArray(orders.status, [...KPI_ORDER_STATUSES]),
    only ? inArray(orders.accountId, [...only]) : undefined,
  );
  const customerWhere = and(
    eq(customers.companyId, companyId),
    gte(customers.createdAt, start),
    lt(customers.createdAt, end),
    only ? inArray(customers.createdBy, [...only]) : undefined,
  );
  const visitWhere = and(
    eq(visits.companyId, companyId),
    gte(visits.checkInAt, start),
    lt(visits.checkInAt, end),
    only ? inArray(visits.accountId, [...only]) : undefined,
  );
  const orderTotal = sql<string>`coalesce(sum(${orders.total}), 0)`;
  // Independent grouped queries, asked at once on connections of the pool (`db` is never a transaction here).
  const [orderRows, imported, created, visited, ordersByProvince, customersByProvince, visitsByProvince] = await Promise.all([
    db.select({ accountId: orders.accountId, n: count(), total: orderTotal }).from(orders).where(orderWhere).groupBy(orders.accountId),
    db
      .select({ accountId: staffSales.accountId, revenue: staffSales.revenue, orders: staffSales.orders })
      .from(staffSales)
      .where(
        and(eq(staffSales.companyId, companyId), eq(staffSales.month, month), only ? inArray(staffSales.accountId, [...only]) : undefined),
      ),
    db.select({ accountId: customers.createdBy, n: count() }).from(customers).where(customerWhere).groupBy(customers.createdBy),
    db.select({ accountId: visits.accountId, n: count() }).from(visits).where(visitWhere).groupBy(visits.accountId),
    only
      ? []
      : db.select({ code: orders.provinceCode, n: count(), total: orderTotal }).from(orders).where(orderWhere).groupBy(orders.provinceCode),
    only
      ? []
      : db.select({ code: customers.provinceCode, n: count() }).from(customers).where(customerWhere).groupBy(customers.provinceCode),
    only
      ? []
      : db
          .select({ code: customers.provinceCode, n: count() })
          .from(visits)
          .innerJoin(customers, eq(customers.id, visits.customerId))
          .where(visitWhere)
          .groupBy(customers.provinceCode),
  ]);

  for (const row of orderRows) {
    const values = { orders: Number(row.n), revenue: Number(row.total) };
    bump(byAccount, row.accountId, values);
    Object.assign(company, addValues(company, { ...ZERO_KPI, ...values }));
  }
  for (const row of imported) {
    const values = { revenue: Number(row.revenue), orders: Number(row.orders) };
    bump(byAccount, row.accountId, values);
    bump(importedByAccount, row.accountId, values);
    Object.assign(company, addValues(company, { ...ZERO_KPI, ...values }));
  }
  for (const row of created) {
    if (row.accountId !== null) bump(byAccount, row.accountId, { new_customers: Number(row.n) });
    company.new_customers += Number(row.n);
  }
  for (const row of visited) {
    bump(byAccount, row.accountId, { visits: Number(row.n) });
    company.visits += Number(row.n);
  }

  const province = (code: string | null) => index.newCodeOf(code);
  for (const row of ordersByProvince) {
    const code = province(row.code);
    if (code) bump(byProvince, code, { orders: Number(row.n), revenue: Number(row.total) });
  }
  for (const row of customersByProvince) {
    const code = province(row.code);
    if (code) bump(byProvince, code, { new_customers: Number(row.n) });
  }
  for (const row of visitsByProvince) {
    const code = province(row.code);
    if (code) bump(byProvince, code, { visits: Number(row.n) });
  }
  return { byAccount, importedByAccount, byProvince, company };
}

/** A region's actuals: its provinces' figures plus the imported sales of its reps. */
export function regionActual(actuals: MonthActuals, provinceCodes: readonly string[], repIds: readonly number[]): KpiValues {
  let total: KpiValues = { ...ZERO_KPI };
  for (const code of provinceCodes) total = addValues(total, actuals.byProvince.get(code) ?? ZERO_KPI);
  for (const id of repIds) total = addValues(total, actuals.importedByAccount.get(id) ?? ZERO_KPI);
  return total;
}
