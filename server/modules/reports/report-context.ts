/**
 * What every report call starts from: the caller's access (reports/view, their data scope), the
 * report's switch (a report that is off is refused, not only hidden), the period (this month by
 * default) and the filter's conditions on a fact table (server/kernel/db/schema/reports.ts).
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { vietnamDay } from '@contract/price-policy';
import { REPORT_SWITCH, type Period, type ReportFilter, type ReportKind } from '@contract/reports';
import type { AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { customers, reportLineFacts, reportOrderFacts, reportVisitFacts } from '@server/kernel/db/schema';
import { requireSwitch } from '@server/kernel/switches';
import { anyText } from '@server/kernel/sql';
import { regionAddressCodes } from '@server/modules/regions';
import { requirePermission, scopeFilter, type Access } from '@server/modules/roles';

/** The columns the two fact tables share, so one filter serves both. */
type FactColumns = {
  companyId: AnyPgColumn;
  day: AnyPgColumn;
  accountId: AnyPgColumn;
  provinceCode: AnyPgColumn;
  customerTypeId: AnyPgColumn;
};

export type ReportContext = {
  db: Db;
  company: number;
  access: Access;
  period: Period;
  filter: ReportFilter;
  /** The address province codes of the filter's region; null without a region filter. */
  regionCodes: string[] | null;
  /** The filter's and the scope's conditions on a fact table, for `period` (or another one). */
  where: (facts: FactColumns, period?: Period) => SQL;
  /** The same without the period (a customer's last order, ever). */
  whereAnyTime: (facts: FactColumns) => SQL;
  /**
   * What visit figures read from (with `where(VISIT_FACTS)`): the check-ins' facts, and their
   * customers when the filter or the scope needs the customer's region or group.
   */
  visitsFrom: SQL;
};

export const ORDER_FACTS: FactColumns = reportOrderFacts;
export const LINE_FACTS: FactColumns = reportLineFacts;
/** A visit's region and group are its customer's, as the visit screens show them. */
export const VISIT_FACTS: FactColumns = {
  companyId: reportVisitFacts.companyId,
  day: reportVisitFacts.day,
  accountId: reportVisitFacts.accountId,
  provinceCode: customers.provinceCode,
  customerTypeId: customers.customerTypeId,
};

/** `('a', 'b')`: a fixed list of statuses written into a query. */
export const inList = (statuses: readonly string[]) => sql.raw(`(${statuses.map((status) => `'${status}'`).join(', ')})`);

/** The first instant of a Vietnam day. */
export const vnStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

/** This month so far in Vietnam, when the filter names no period. */
export function periodOf(filter: Pick<ReportFilter, 'date_from' | 'date_to'>, now = new Date()): Period {
  const today = vietnamDay(now);
  const to = filter.date_to ?? (filter.date_from && filter.date_from > today ? filter.date_from : today);
  const from = filter.date_from ?? `${to.slice(0, 8)}01`;
  return { from, to };
}

export async function reportContext(db: Db, auth: AuthInfo, filter: ReportFilter, report: ReportKind | null): Promise<ReportContext> {
  const access = await requirePermission(db, auth, filter.company, 'reports', 'view');
  if (report) await requireSwitch(db, filter.company, REPORT_SWITCH[report]);
  const region = filter.region !== undefined ? await regionAddressCodes(db, filter.company, filter.region) : null;
  const period = periodOf(filter);
  const base = async (facts: FactColumns) => {
    const conditions: (SQL | undefined)[] = [eq(facts.companyId, filter.company)];
    conditions.push((await scopeFilter(db, access, { owners: [facts.accountId], province: facts.provinceCode })) ?? undefined);
    if (region) conditions.push(region.length ? anyText(facts.provinceCode, region) : sql`false`);
    if (filter.staff !== undefined) conditions.push(eq(facts.accountId, filter.staff));
    if (filter.customer_type !== undefined) conditions.push(eq(facts.customerTypeId, filter.customer_type));
    return conditions;
  };
  // The scope needs the region's provinces (a query): worked out once per table and kept.
  const conditions = new Map<FactColumns, (SQL | undefined)[]>();
  for (const facts of [ORDER_FACTS, LINE_FACTS, VISIT_FACTS]) conditions.set(facts, await base(facts));
  const conditionsOf = (facts: FactColumns) => conditions.get(facts)!;
  return {
    db,
    company: filter.company,
    access,
    period,
    filter,
    regionCodes: region,
    where: (facts, within = period) => and(...conditionsOf(facts), gte(facts.day, within.from), lte(facts.day, within.to))!,
    whereAnyTime: (facts) => and(...conditionsOf(facts))!,
    visitsFrom: sql`${reportVisitFacts} ${
      region || filter.customer_type !== undefined || (!access.isAdmin && access.scope === 'region')
        ? sql`join ${customers} on ${customers.id} = ${reportVisitFacts.customerId}`
        : sql``
    }`,
  };
}
