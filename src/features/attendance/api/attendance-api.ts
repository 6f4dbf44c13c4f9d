/**
 * Attendance on the client (contract/attendance.ts, server/modules/attendance): the month's
 * timesheet, the claims and their decision, and the Excel sheet from the server; the rep's own month
 * from the device (their visits, claims and the company's rule), judged by the same functions, offline.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  DEFAULT_ATTENDANCE_SETTINGS,
  attendanceMonth,
  attendancePaths,
  type AttendanceClaimRecord,
  type Timesheet,
  type TimesheetRep,
} from '@contract/attendance';
import { vietnamDay } from '@contract/price-policy';
import { apiData, apiRequest } from '@/api/client';
import { downloadFile } from '@/api/files';
import { companyQueryKeys } from '@/api/query-keys';
import type { AppDb } from '@/db/app-db';
import { deviceClaims } from '../model/claim-actions';

export const attendanceKeys = companyQueryKeys('attendance');
const write = { redirectOnForbidden: false } as const;

export function useTimesheet(companyId: number, month: string, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.of(companyId, 'timesheet', month),
    enabled: enabled && companyId > 0,
    retry: false,
    queryFn: ({ signal }) => apiData<Timesheet>(attendancePaths.timesheet, { query: { company: companyId, month }, signal }),
  });
}

/** The claims waiting for a decision within the caller's reach. */
export function useWaitingClaims(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.of(companyId, 'claims', 'waiting'),
    enabled: enabled && companyId > 0,
    retry: false,
    queryFn: ({ signal }) =>
      apiData<AttendanceClaimRecord[]>(attendancePaths.claims, { query: { company: companyId, status: 'waiting' }, signal }),
  });
}

export function useClaimDecisions(companyId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: attendanceKeys.all(companyId) });
  const decide = async (path: string, body: Record<string, unknown>) => {
    const answer = await apiRequest<AttendanceClaimRecord>(path, { method: 'POST', body: { company: companyId, ...body }, ...write });
    await refresh();
    return answer.message ?? '';
  };
  return {
    approve: (id: string) => decide(attendancePaths.approve(id), {}),
    reject: (id: string, reason: string) => decide(attendancePaths.reject(id), { reason }),
  };
}

export function exportTimesheet(companyId: number, month: string): Promise<string> {
  return downloadFile(attendancePaths.timesheetExport, { company: companyId, month }, `cham-cong-${month.replace('-', '')}.xlsx`);
}

/** The signed-in rep's month as the device knows it: undefined while reading. */
export function useDeviceMonth(db: AppDb, rep: { companyId: number; accountId: number; name: string }, month: string) {
  return useLiveQuery(async (): Promise<TimesheetRep> => {
    const { companyId, accountId } = rep;
    const from = new Date(`${month}-01T00:00:00+07:00`).toISOString();
    const visits = await db.visits
      .where('[company+check_in_at]')
      .between([companyId, ''], [companyId, '\uffff'])
      .filter((visit) => visit.account_id === accountId && visit.syncState !== 'rejected' && visit.check_in_at >= from)
      .toArray();
    const claims = (await deviceClaims(db, companyId, accountId)).filter((claim) => claim.syncState !== 'rejected');
    const settings = (await db.attendanceSettings.get(companyId)) ?? DEFAULT_ATTENDANCE_SETTINGS;
    const judged = attendanceMonth(month, vietnamDay(), settings, visits, claims);
    return { account_id: accountId, account_name: rep.name, ...judged };
  }, [db, rep.companyId, rep.accountId, rep.name, month]);
}

/** The rep's claims on this device, newest day first: undefined while reading. */
export function useDeviceClaims(db: AppDb, companyId: number, accountId: number) {
  return useLiveQuery(() => deviceClaims(db, companyId, accountId), [db, companyId, accountId]);
}
