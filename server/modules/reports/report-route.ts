/**
 * Route compliance in the staff report (docs/visits.md "Route compliance"): per rep, the calls their approved route
 * plans made in the period (contract/visits-plans.ts plannedCalls, up to today), how many of them
 * were made (a planned visit per customer and day, as the server judged each check-in), the visits
 * off the day's plan, and the check-ins whose place was flagged (server/modules/visits placeFlagged).
 * The visits are read under the report's filter and scope, as its other visit figures.
 */
import { sql } from 'drizzle-orm';
import { vietnamDay } from '@contract/price-policy';
import { plannedCalls } from '@contract/visits-plans';
import { reportVisitFacts as vf, visits } from '@server/kernel/db/schema';
import { rowsOf } from '@server/kernel/sql';
import { approvedPlansOf, placeFlagged } from '@server/modules/visits';
import { VISIT_FACTS, type ReportContext } from './report-context';

export type RouteFigures = { planned: number; plannedDone: number; unplanned: number; placeFlagged: number };

const num = (value: unknown) => Number(value ?? 0);

/** The visits' side: planned calls made, unplanned visits, flagged places, per rep. */
async function visitFigures(ctx: ReportContext): Promise<Map<number, Omit<RouteFigures, 'planned'>>> {
  const rows = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      select ${vf.accountId} as account_id,
             count(distinct (${vf.day}, ${vf.customerId})) filter (where ${visits.planState} = 'planned') as planned_done,
             count(*) filter (where ${visits.planState} = 'unplanned') as unplanned,
             count(*) filter (where ${placeFlagged}) as place_flagged
      from ${ctx.visitsFrom} join ${visits} on ${visits.id} = ${vf.visitId} and ${visits.companyId} = ${vf.companyId}
      where ${ctx.where(VISIT_FACTS)} group by ${vf.accountId}`),
  );
  return new Map(
    rows.map((row) => [
      num(row.account_id),
      { plannedDone: num(row.planned_done), unplanned: num(row.unplanned), placeFlagged: num(row.place_flagged) },
    ]),
  );
}

/** Each rep's route figures for the report's period; a rep without plans or visits has zeros. */
export async function routeFigures(
  ctx: ReportContext,
  accountIds: readonly number[],
  today = vietnamDay(),
): Promise<Map<number, RouteFigures>> {
  const [plans, byVisits] = await Promise.all([approvedPlansOf(ctx.db, ctx.company, accountIds), visitFigures(ctx)]);
  // Days still to come are not planned calls yet.
  const to = ctx.period.to < today ? ctx.period.to : today;
  return new Map(
    accountIds.map((id) => {
      const done = byVisits.get(id) ?? { plannedDone: 0, unplanned: 0, placeFlagged: 0 };
      return [id, { planned: plannedCalls(plans, id, ctx.period.from, to), ...done }];
    }),
  );
}
