/**
 * The /order-groups list state in the URL (page, limit, status). Read by the route at start-up, so
 * it repeats the contract's group statuses (checked by the type and a test) instead of loading the
 * whole order contract with its schemas.
 */
import * as v from 'valibot';
import type { OrderGroupStatus } from '@contract/orders-groups';

export const GROUP_STATUSES = ['open', 'delivering', 'done', 'cancelled'] as const satisfies readonly OrderGroupStatus[];

export const GroupSearchSchema = v.object({
  page: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  limit: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)), 10),
  status: v.fallback(v.optional(v.picklist(GROUP_STATUSES)), undefined),
});
export type GroupSearch = v.InferOutput<typeof GroupSearchSchema>;

export function parseGroupSearch(search: unknown): GroupSearch {
  return v.parse(GroupSearchSchema, typeof search === 'object' && search !== null ? search : {});
}
