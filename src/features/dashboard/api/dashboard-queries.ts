/**
 * The dashboard's figures (GET getdashboard/): the company's, or one person's (account filter).
 * The last answer to the same question is kept on the device (src/api/kept-answers.ts): a visit
 * paints it at once and refreshes it from the server once that paint is on screen, and without the
 * network it stays, with the time it was fetched.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardPaths, type DashboardSummary } from '@contract/dashboard';
import { fetchKeeping, keptAnswer } from '@/api/kept-answers';
import { useAfterFirstPaint } from '@/ui/after-first-paint';
import type { dashboardQuery } from '../model/dashboard-format';

export function useDashboard(query: ReturnType<typeof dashboardQuery>, accountId: number) {
  const painted = useAfterFirstPaint();
  return useQuery({
    // Under ['dashboard', company]: order writes invalidate it.
    queryKey: ['dashboard', query.company, query],
    enabled: query.company > 0 && painted,
    placeholderData: keepPreviousData,
    retry: false,
    // An answer from the device (kept, or the offline fallback) is asked again at the next chance:
    // a mount, a focus, the network coming back.
    staleTime: (query) => (query.state.data?.fromDevice ? 0 : 60_000),
    initialData: () => keptAnswer<DashboardSummary>(accountId, dashboardPaths.figures, query),
    queryFn: () => fetchKeeping<DashboardSummary>(accountId, dashboardPaths.figures, query),
  });
}
