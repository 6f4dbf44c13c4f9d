/**
 * KPI by area (contract/regions.ts, contract/kpi.ts): the month's progress per region and per rep
 * (`views/`), the caller's own (`my-kpi/`), and saving targets (`configkpi/`). Order writes do not
 * know about these queries, so they are kept fresh for a minute and refetched when the window
 * regains focus.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { kpiPaths, type KpiValues } from '@contract/kpi';
import type { KpiConfigAnswer, KpiViewsAnswer, MyKpiAnswer } from '@contract/regions';
import { ApiError } from '@/api/api-error';
import { apiRequest } from '@/api/client';
import { companyQueryKeys } from '@/api/query-keys';

export const kpiKeys = companyQueryKeys('kpi');

export function useKpiViews(companyId: number, month: string, region: number | null = null) {
  return useQuery({
    queryKey: kpiKeys.of(companyId, 'views', month, region),
    enabled: companyId > 0,
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await apiRequest<KpiViewsAnswer>(kpiPaths.views, { query: { company: companyId, month, region: region ?? undefined } })).data,
  });
}

/**
 * The caller's own progress (the rep's dashboard). A member whose role cannot see KPI gets a 403:
 * it is answered as "nothing to show" here, never a trip to /403 from the dashboard.
 */
export function useMyKpi(companyId: number, month: string | null = null, enabled = true) {
  return useQuery({
    queryKey: kpiKeys.of(companyId, 'mine', month),
    enabled: enabled && companyId > 0,
    retry: false,
    staleTime: 60_000,
    queryFn: async (): Promise<MyKpiAnswer | null> => {
      try {
        return (
          await apiRequest<MyKpiAnswer>(kpiPaths.myKpi, {
            query: { company: companyId, month: month ?? undefined },
            redirectOnForbidden: false,
          })
        ).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
  });
}

export type TargetTarget = { region: number | null; account: number | null };

export function useKpiWrites(companyId: number) {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** Sets one target (all zeros removes it); answers the server's message. */
      async saveTarget(month: string, owner: TargetTarget, values: KpiValues): Promise<string | undefined> {
        const answer = await apiRequest<KpiConfigAnswer>(kpiPaths.configKpi, {
          method: 'POST',
          body: { company: companyId, month, targets: [{ ...owner, ...values }] },
          redirectOnForbidden: false,
        });
        await queryClient.invalidateQueries({ queryKey: kpiKeys.all(companyId) });
        return answer.message;
      },
    }),
    [companyId, queryClient],
  );
}
