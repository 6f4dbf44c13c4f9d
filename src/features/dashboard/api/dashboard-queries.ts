/** The dashboard's figures (GET getdashboard/): the company's, or one person's (account filter). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@contract/dashboard';
import { orderPaths } from '@contract/orders';
import { apiData } from '@/api/client';
import type { dashboardQuery } from '../model/dashboard-format';

export function useDashboard(query: ReturnType<typeof dashboardQuery>) {
  return useQuery({
    // Under ['dashboard', company]: order writes invalidate it.
    queryKey: ['dashboard', query.company, query],
    enabled: query.company > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
    queryFn: () => apiData<DashboardSummary>(orderPaths.dashboard, { query }),
  });
}
