/**
 * The dashboard's state in the URL: whose figures (scope=mine|company) and which days (from, to as
 * YYYY-MM-DD). Read by the route at start-up, so it imports nothing but valibot.
 */
import * as v from 'valibot';

export const DASHBOARD_SCOPES = ['mine', 'company'] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];
export const SCOPE_LABELS: Record<DashboardScope, string> = { mine: 'Của tôi', company: 'Toàn công ty' };

const isoDay = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

export const DashboardSearchSchema = v.object({
  scope: v.fallback(v.optional(v.picklist(DASHBOARD_SCOPES)), undefined),
  from: isoDay,
  to: isoDay,
});
export type DashboardSearch = v.InferOutput<typeof DashboardSearchSchema>;

export function parseDashboardSearch(search: unknown): DashboardSearch {
  return v.parse(DashboardSearchSchema, typeof search === 'object' && search !== null ? search : {});
}
