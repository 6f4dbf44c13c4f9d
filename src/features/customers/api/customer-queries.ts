/**
 * Reads of the customer area. Each one has one code path: the device's mirror for what
 * must work offline (group and level names, a customer's detail, the staff list last seen), the
 * server for the freshest copy when it answers. Queries run with networkMode 'always': offline
 * they must reach their own fallback, not sit paused until the network returns.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { companyPaths } from '@contract/api-paths';
import { isAcceptedMembership } from '@contract/company';
import {
  CUSTOMER_COLUMNS,
  customerPaths,
  DEFAULT_CUSTOMER_COLUMNS,
  type CustomerLevelRecord,
  type CustomerRecord,
  type CustomerTypeRecord,
  type CustomerTypeSummary,
} from '@contract/customers';
import { visitPaths, type VisitRecord } from '@contract/visits';
import { ApiError } from '@/api/api-error';
import { apiData } from '@/api/client';
import type { AppDb, LocalSyncState } from '@/db/app-db';
import { readMeta, writeMeta } from '@/db/device';
import { fold } from '@contract/fold';
import { useAskAgainAfterSync } from '@/sync/ask-again-after-sync';
import { customerKeys } from './customer-keys';
import { fetchPage } from '@/api/pages';
import { pageQuery } from '@/lib/page-query';
import { withUnsentFirst } from '@/sync/unsent-first';
import { useServerColumns } from '@/ui/list-page/use-server-columns';

const isNetwork = (error: unknown) => error instanceof ApiError && error.isNetwork;

/**
 * Groups and levels of the company: the device's mirror (names show offline), overlaid with the
 * server's lists when it answers (fresher, and complete even before the first pull has them).
 */
export function useCustomerGroupsAndLevels(db: AppDb, companyId: number) {
  const mirroredTypes = useLiveQuery(() => db.customerTypes.where('company').equals(companyId).toArray(), [db, companyId]);
  const mirroredLevels = useLiveQuery(() => db.customerLevels.where('company').equals(companyId).toArray(), [db, companyId]);
  const remoteTypes = useQuery({
    queryKey: [...customerKeys.types(companyId), 'all'],
    enabled: companyId > 0,
    retry: false,
    networkMode: 'always',
    staleTime: 60_000,
    queryFn: () => apiData<CustomerTypeSummary[]>(customerPaths.types, { query: { company: companyId, limit: 200 } }),
  });
  const remoteLevels = useCustomerLevels(db, companyId);
  return useMemo(() => {
    const types = new Map<number, CustomerTypeRecord>();
    for (const type of [...(mirroredTypes ?? []), ...(remoteTypes.data ?? [])]) types.set(type.id, type);
    const levels = new Map<number, CustomerLevelRecord>();
    for (const level of [...(mirroredLevels ?? []), ...(remoteLevels.data?.rows ?? [])]) levels.set(level.id, level);
    const typeList = [...types.values()].sort((a, b) => a.title.localeCompare(b.title, 'vi'));
    const levelList = [...levels.values()].sort((a, b) => a.rank - b.rank || a.id - b.id);
    return {
      types: typeList,
      levels: levelList,
      typeName: (id: number | null) => (id === null ? null : (types.get(id)?.title ?? null)),
      levelName: (id: number | null) => (id === null ? null : (levels.get(id)?.title ?? null)),
    };
  }, [mirroredTypes, mirroredLevels, remoteTypes.data, remoteLevels.data]);
}

export type StaffMember = { id: number; name: string; phone: string | null };

type MemberAnswer = {
  id: number;
  account: { id: number; full_name: string; phone: string | null };
  status_display: string;
  is_owner: boolean;
  /** False for a member the company deactivated: kept in history, offered in no picker. */
  is_active?: boolean;
};

const staffMetaKey = (companyId: number) => `customers.staff.${companyId}`;

/**
 * The company's accepted, active members, who can be assigned customers. The last list seen is kept on the
 * device, so the staff filter and select still work offline.
 */
export function useCompanyStaff(db: AppDb, companyId: number) {
  return useQuery({
    queryKey: customerKeys.staff(companyId),
    enabled: companyId > 0,
    staleTime: 5 * 60_000,
    retry: false,
    networkMode: 'always',
    queryFn: async (): Promise<StaffMember[]> => {
      try {
        const members = await apiData<MemberAnswer[]>(companyPaths.memberships, { query: { company: companyId } });
        const staff = members
          .filter((member) => isAcceptedMembership(member.status_display) && member.is_active !== false)
          .map((member) => ({ id: member.account.id, name: member.account.full_name, phone: member.account.phone ?? null }))
          .sort((a, b) => a.name.localeCompare(b.name, 'vi'));
        await writeMeta(db, staffMetaKey(companyId), staff);
        return staff;
      } catch (error) {
        if (isNetwork(error)) return (await readMeta<StaffMember[]>(db, staffMetaKey(companyId))) ?? [];
        throw error;
      }
    },
  });
}

export type CustomerDetail = {
  customer: CustomerRecord | null;
  syncState: LocalSyncState;
  /** Where the record on screen comes from. */
  source: 'server' | 'device' | null;
  loading: boolean;
  notFound: boolean;
  error: Error | null;
};

/**
 * One customer: the device's copy at once (works offline, and right after creating one here), the
 * server's when it answers. A copy with work still queued on this device wins: it is the newer one.
 */
export function useCustomerDetail(db: AppDb, companyId: number, id: string): CustomerDetail {
  const local = useLiveQuery(async () => {
    const row = await db.customers.get(id);
    return row && row.company === companyId ? row : null;
  }, [db, companyId, id]);
  const detailKey = customerKeys.detail(companyId, id);
  useAskAgainAfterSync(detailKey);
  const remote = useQuery({
    queryKey: detailKey,
    // Not while the device's copy is still queued: the server does not know it yet (404).
    enabled: companyId > 0 && local !== undefined && !(local && local.syncState !== 'synced'),
    retry: false,
    networkMode: 'always',
    placeholderData: keepPreviousData,
    queryFn: () => apiData<CustomerRecord>(customerPaths.customer(id), { query: { company: companyId } }),
  });
  const remoteError = remote.error;
  if (local && local.syncState !== 'synced') {
    return { customer: local, syncState: local.syncState, source: 'device', loading: false, notFound: false, error: null };
  }
  if (remote.data && remote.data.id === id) {
    return { customer: remote.data, syncState: 'synced', source: 'server', loading: false, notFound: false, error: null };
  }
  if (local) return { customer: local, syncState: local.syncState, source: 'device', loading: false, notFound: false, error: null };
  const waiting = local === undefined || remote.isPending;
  const notFound = local === null && remoteError instanceof ApiError && remoteError.status === 404;
  return {
    customer: null,
    syncState: 'synced',
    source: null,
    loading: waiting && !remoteError,
    notFound: notFound || (local === null && isNetwork(remoteError)),
    error: notFound || isNetwork(remoteError) ? null : remoteError,
  };
}

export type CustomerTypeRow = CustomerTypeRecord & { customer_count: number | null };
export type CustomerTypeList = { rows: CustomerTypeRow[]; count: number; source: 'server' | 'device' };

/** The groups with their customer counts (server); offline, the mirrored groups without counts. */
export function useCustomerTypeList(db: AppDb, companyId: number, query: { search: string; page: number; limit: number }) {
  return useQuery({
    queryKey: customerKeys.typeList(companyId, query),
    enabled: companyId > 0,
    retry: false,
    networkMode: 'always',
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<CustomerTypeList> => {
      try {
        const page = await fetchPage<CustomerTypeSummary>(customerPaths.types, { query: pageQuery(companyId, query) });
        return { ...page, source: 'server' };
      } catch (error) {
        if (!isNetwork(error)) throw error;
        const words = fold(query.search).split(' ').filter(Boolean);
        const all = (await db.customerTypes.where('company').equals(companyId).toArray())
          .filter((row) => words.every((word) => fold(row.title).includes(word)))
          .sort((a, b) => a.title.localeCompare(b.title, 'vi'));
        const start = (query.page - 1) * query.limit;
        return {
          rows: all.slice(start, start + query.limit).map((row) => ({ ...row, customer_count: null })),
          count: all.length,
          source: 'device',
        };
      }
    },
  });
}

/** One group: the server's copy with its count, or the mirrored one offline. */
export function useCustomerType(db: AppDb, companyId: number, id: number) {
  return useQuery({
    queryKey: customerKeys.type(companyId, id),
    enabled: companyId > 0 && id > 0,
    retry: false,
    networkMode: 'always',
    queryFn: async (): Promise<CustomerTypeRow> => {
      try {
        return await apiData<CustomerTypeSummary>(customerPaths.type(id), { query: { company: companyId } });
      } catch (error) {
        if (!isNetwork(error)) throw error;
        const local = await db.customerTypes.get(id);
        if (!local || local.company !== companyId) throw new ApiError('Không tìm thấy nhóm khách hàng', 404, 'NOT_FOUND');
        return { ...local, customer_count: null };
      }
    },
  });
}

/** Levels ordered by rank (server); offline, the mirrored ones. */
export function useCustomerLevels(db: AppDb, companyId: number) {
  return useQuery({
    queryKey: customerKeys.levels(companyId),
    enabled: companyId > 0,
    retry: false,
    networkMode: 'always',
    queryFn: async (): Promise<{ rows: CustomerLevelRecord[]; source: 'server' | 'device' }> => {
      try {
        const rows = await apiData<CustomerLevelRecord[]>(customerPaths.levels, { query: { company: companyId } });
        return { rows: [...rows].sort((a, b) => a.rank - b.rank || a.id - b.id), source: 'server' };
      } catch (error) {
        if (!isNetwork(error)) throw error;
        const rows = await db.customerLevels.where('company').equals(companyId).toArray();
        return { rows: rows.sort((a, b) => a.rank - b.rank || a.id - b.id), source: 'device' };
      }
    },
  });
}

export type CustomerVisitRow = VisitRecord & { syncState: LocalSyncState; error: string | null };
export type CustomerVisits = { rows: CustomerVisitRow[]; count: number; source: 'server' | 'device'; loading: boolean };

/**
 * The customer's latest visits: the server's (every rep's) when it answers, with this device's
 * unsent ones on top; offline, the visits this device knows of.
 */
export function useCustomerVisits(db: AppDb, companyId: number, customerId: string, limit = 5): CustomerVisits {
  const local = useLiveQuery(
    async () =>
      (await db.visits.where('[company+customer_id]').equals([companyId, customerId]).toArray()).sort((a, b) =>
        b.check_in_at.localeCompare(a.check_in_at),
      ),
    [db, companyId, customerId],
  );
  const visitsKey = [...customerKeys.visits(companyId, customerId), limit];
  useAskAgainAfterSync(visitsKey);
  const remote = useQuery({
    queryKey: visitsKey,
    enabled: companyId > 0,
    retry: false,
    networkMode: 'always',
    placeholderData: keepPreviousData,
    queryFn: () => fetchPage<VisitRecord>(visitPaths.list, { query: { company: companyId, customer: customerId, limit } }),
  });
  const localRows = local ?? [];
  if (remote.data) {
    const { rows, count } = withUnsentFirst(remote.data, localRows);
    return { rows: rows.slice(0, limit), count, source: 'server', loading: false };
  }
  return {
    rows: localRows.slice(0, limit),
    count: localRows.length,
    source: 'device',
    loading: local === undefined || (remote.isPending && !isNetwork(remote.error)),
  };
}

/** The customer table's columns chosen by this person (customer-table/), defaults until the server answers. */
export function useCustomerColumns(companyId: number) {
  return useServerColumns({
    path: customerPaths.tableView,
    companyId,
    queryKey: customerKeys.columns(companyId),
    all: CUSTOMER_COLUMNS,
    defaults: DEFAULT_CUSTOMER_COLUMNS,
  });
}
