/**
 * What a figure opens: the orders behind it (report/api/orders/), narrowed to the row's dimension
 * and key, counted the way the figure counts them (revenue: accepted orders; orders: those taken; a
 * status figure: all of them), over the report's filter or a bucket of its period.
 */
import type { DrillDimension, Period, ReportKind } from '@contract/reports';

export type DrillTarget = {
  report: ReportKind;
  /** The drawer's title: "Doanh thu – Nhà thuốc Minh Châu". */
  title: string;
  dimension?: DrillDimension;
  key?: string;
  measure: 'revenue' | 'taken' | 'all';
  /** A bucket of the period (a day, week or month of the orders report), instead of the whole period. */
  period?: Period;
  /** The staff report's route figures open a rep's visits instead of orders (components/office/parts/visit-drill.tsx). */
  visits?: VisitDrill;
};

export type VisitDrill = { account: number; kind: 'planned' | 'unplanned' | 'flagged' };

/** The staff report's route columns and the visits each opens. */
export const ROUTE_DRILLS: Record<string, VisitDrill['kind']> = {
  planned_done: 'planned',
  unplanned_visits: 'unplanned',
  place_flagged: 'flagged',
};

/** Revenue figures count accepted orders; order counts count orders taken. */
export function measureOf(column: string): DrillTarget['measure'] {
  return /revenue|value|total|discount|gift/.test(column) ? 'revenue' : 'taken';
}
