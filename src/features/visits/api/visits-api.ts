/**
 * The company's visits from the server (office view), with the device's own unsent ones on top; the
 * check-in rules; a rep's day with positions and the log of who viewed them (contract/visits-positions.ts).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { type VisitRecord, visitPaths } from '@contract/visits';
import { visitSettingsPaths, type LocationNoticeRow, type VisitSettings } from '@contract/visits-place';
import { positionPaths, type PositionDay, type PositionViewRecord } from '@contract/visits-positions';
import { apiData, apiRequest } from '@/api/client';
import { ApiError } from '@/api/api-error';
import type { AppDb, LocalVisit } from '@/db/app-db';
import { useAskAgainAfterSync } from '@/sync/ask-again-after-sync';
import { fetchPage } from '@/api/pages';
import { withUnsentFirst } from '@/sync/unsent-first';

export type VisitFilter = { companyId: number; accountId: number | null; page: number; limit: number };

export type VisitRow = VisitRecord & { syncState: LocalVisit['syncState']; error: string | null };

export type VisitListResult = { rows: VisitRow[]; count: number; source: 'server' | 'device'; loading: boolean };

/**
 * One code path for the visit list: the server's list while it answers; the device's
 * mirror when it does not (offline), where only this person's visits are known.
 */
export function useVisitList(db: AppDb, filter: VisitFilter, myAccountId: number): VisitListResult {
  const local = useLiveQuery(
    () =>
      db.visits
        .where('[company+check_in_at]')
        .between([filter.companyId, ''], [filter.companyId, '\uffff'])
        .reverse()
        .filter((visit) => filter.accountId === null || visit.account_id === filter.accountId)
        .toArray(),
    [db, filter.companyId, filter.accountId],
  );
  // Each finished sync may have brought new visits: read the server's list again.
  const queryKey = ['visits', filter];
  useAskAgainAfterSync(queryKey);
  const remote = useQuery({
    queryKey,
    queryFn: () =>
      fetchPage<VisitRecord>(visitPaths.list, {
        query: { company: filter.companyId, account: filter.accountId ?? undefined, page: filter.page, limit: filter.limit },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const offline = remote.isError && remote.error instanceof ApiError && remote.error.isNetwork;
  const localRows = local ?? [];
  if (remote.data && !offline) {
    // Visits recorded here and not yet acknowledged show first (on the first page), with their chip.
    return { ...withUnsentFirst(remote.data, localRows, filter.page === 1), source: 'server', loading: false };
  }
  const mine = localRows.filter((row) => row.account_id === myAccountId);
  const start = (filter.page - 1) * filter.limit;
  return {
    rows: mine.slice(start, start + filter.limit),
    count: mine.length,
    source: 'device',
    loading: local === undefined || (remote.isPending && !offline),
  };
}

const settingsKey = (companyId: number) => ['visits', companyId, 'settings'] as const;

export function useVisitSettings(companyId: number, enabled = true) {
  return useQuery({
    queryKey: settingsKey(companyId),
    queryFn: () => apiData<VisitSettings>(visitSettingsPaths.settings, { query: { company: companyId } }),
    enabled,
    retry: false,
  });
}

export function useSaveVisitSettings(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: VisitSettings) =>
      apiRequest(visitSettingsPaths.settings, { method: 'PUT', body: { company: companyId, ...settings }, redirectOnForbidden: false }),
    onSuccess: () => void client.invalidateQueries({ queryKey: settingsKey(companyId) }),
  });
}

/** Who accepted which version of the location notice (the office's record). */
export function useLocationNotices(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['visits', companyId, 'location-notices'] as const,
    queryFn: () => apiData<LocationNoticeRow[]>(visitSettingsPaths.locationNotices, { query: { company: companyId } }),
    enabled,
    retry: false,
  });
}

/**
 * A rep's day with its positions ("Vị trí trong ngày"): each answer to someone other than the rep is
 * logged on the server, so it is asked once per opening (no retry, no refetch on focus) and kept.
 */
export function usePositionDay(companyId: number, accountId: number, date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['visits', companyId, 'positions', accountId, date] as const,
    queryFn: () => apiData<PositionDay>(positionPaths.day, { query: { company: companyId, account: accountId, date } }),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The log of who viewed whose positions: all of it for its keepers, one's own entries for a rep. */
export function usePositionViews(companyId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['visits', companyId, 'position-views', page] as const,
    queryFn: () => fetchPage<PositionViewRecord>(positionPaths.views, { query: { company: companyId, page, limit: POSITION_VIEWS_LIMIT } }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export const POSITION_VIEWS_LIMIT = 20;
