/**
 * The report calls (contract/reports.ts reportPaths) and what the device keeps of them: each answer
 * is kept in local storage for the person and company with the time it was fetched, so a rep's own
 * figures read offline from the last fetch ("Số liệu lúc 08:15 27/11/2026"). Without the network the
 * same question answers from the device; a question never asked on this device answers with the
 * latest answer of that report (its period said beside it). A logout clears local storage.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportPaths } from '@contract/reports';
import { ApiError } from '@/api/api-error';
import { apiData } from '@/api/client';
import { downloadFile } from '@/api/files';
import { useSession } from '@/session/session-store';

export type ReportQuery = Record<string, string | number | boolean | undefined>;
export type Fetched<T> = { data: T; fetchedAt: string; fromDevice: boolean; query: ReportQuery };

const PREFIX = 'report:';
/** Answers kept per person and company; the oldest go first. */
const KEPT = 24;

export const isOffline = (error: unknown) => error instanceof ApiError && error.isNetwork;

const clean = (query: ReportQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '' && value !== false));

function keyOf(accountId: number, path: string, query: ReportQuery): string {
  const sorted = Object.entries(clean(query)).sort(([a], [b]) => a.localeCompare(b));
  return `${PREFIX}${query.company}:${accountId}:${path}?${new URLSearchParams(sorted.map(([k, v]) => [k, String(v)])).toString()}`;
}

type Kept<T> = { data: T; fetchedAt: string; query: ReportQuery };

function read<T>(key: string): Kept<T> | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as Kept<T> | null;
  } catch {
    return null;
  }
}

function keep<T>(key: string, answer: Kept<T>): void {
  try {
    localStorage.setItem(key, JSON.stringify(answer));
    const mine = key.slice(0, key.indexOf('?'));
    const all = Object.keys(localStorage).filter((candidate) => candidate.startsWith(mine.slice(0, mine.lastIndexOf(':') + 1)));
    if (all.length > KEPT) {
      const byAge = all.map((candidate) => ({ candidate, at: read(candidate)?.fetchedAt ?? '' })).sort((a, b) => a.at.localeCompare(b.at));
      for (const { candidate } of byAge.slice(0, all.length - KEPT)) localStorage.removeItem(candidate);
    }
  } catch {
    // A full storage only costs the offline copy.
  }
}

/** The latest kept answer of a report for this person and company, whatever its filter. */
function latest<T>(accountId: number, path: string, company: unknown): Kept<T> | null {
  const start = `${PREFIX}${company}:${accountId}:${path}?`;
  let best: Kept<T> | null = null;
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(start)) continue;
    const kept = read<T>(key);
    if (kept && (!best || kept.fetchedAt > best.fetchedAt)) best = kept;
  }
  return best;
}

export async function fetchReport<T>(accountId: number, path: string, query: ReportQuery): Promise<Fetched<T>> {
  const key = keyOf(accountId, path, query);
  try {
    const data = await apiData<T>(path, { query: clean(query) as Record<string, string | number> });
    const answer = { data, fetchedAt: new Date().toISOString(), query };
    keep(key, answer);
    return { ...answer, fromDevice: false };
  } catch (error) {
    const kept = isOffline(error) ? (read<T>(key) ?? latest<T>(accountId, path, query.company)) : null;
    if (kept) return { ...kept, fromDevice: true };
    throw error;
  }
}

export function useReport<T>(path: string, query: ReportQuery, enabled = true) {
  const { account } = useSession();
  const accountId = account?.id ?? 0;
  return useQuery({
    queryKey: ['reports', query.company, path, clean(query)],
    enabled: enabled && Number(query.company) > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
    queryFn: () => fetchReport<T>(accountId, path, query),
  });
}

/** Downloads a report table as Excel: the filter, and the columns shown in their order. */
export function exportReport(table: string, columns: readonly string[], query: ReportQuery): Promise<string> {
  return downloadFile(
    reportPaths.export,
    { ...clean(query), table, columns: columns.join(',') } as Record<string, string>,
    `${table}.xlsx`,
  );
}
