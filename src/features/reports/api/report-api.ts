/**
 * The report calls (contract/reports.ts reportPaths). Their answers are kept on the device for the
 * person and company (src/api/kept-answers.ts), so a rep's own figures read offline from the last
 * fetch ("Số liệu lúc 08:15 27/11/2026").
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportPaths } from '@contract/reports';
import { downloadFile } from '@/api/files';
import { cleanQuery, fetchKeeping, type Fetched, type KeptQuery } from '@/api/kept-answers';
import { useSession } from '@/session/session-store';

export type ReportQuery = KeptQuery;
export type { Fetched };

export function useReport<T>(path: string, query: ReportQuery, enabled = true) {
  const { account } = useSession();
  const accountId = account?.id ?? 0;
  return useQuery({
    queryKey: ['reports', query.company, path, cleanQuery(query)],
    enabled: enabled && Number(query.company) > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
    queryFn: () => fetchKeeping<T>(accountId, path, query),
  });
}

/** Downloads a report table as Excel: the filter, and the columns shown in their order. */
export function exportReport(table: string, columns: readonly string[], query: ReportQuery): Promise<string> {
  return downloadFile(
    reportPaths.export,
    { ...cleanQuery(query), table, columns: columns.join(',') } as Record<string, string>,
    `${table}.xlsx`,
  );
}
