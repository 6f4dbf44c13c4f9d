/**
 * The office's calls for route plans (contract/visits-plans.ts, server/modules/visits/plans.routes.ts
 * and plans-sheet.ts): the list, the reps and customers the editor offers, the writes, and the Excel
 * export and import. Online only: the screens in ../components/office load with this file
 * (scripts/office-chunks.ts keeps them out of the phone's precache); the phone reads its approved plans from
 * the device (./visits-device.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { customerPaths, type CustomerRecord } from '@contract/customers';
import { employeePaths, type StaffOption } from '@contract/employees';
import { PLAN_SHEET_COLUMNS, planPaths, type PlanSheetColumn, type RoutePlanInput, type RoutePlanRecord } from '@contract/visits-plans';
import { apiData, apiRequest } from '@/api/client';
import { downloadFile, importSheetRows } from '@/api/files';
import { companyQueryKeys } from '@/api/query-keys';
import { columnReader, headerKey, mapSheet, type MappedSheet, type SheetRecord, type SheetRow } from '@/lib/import-sheet';

export const planKeys = companyQueryKeys('route-plans');

const write = { redirectOnForbidden: false } as const;

/** The plans of the company within the caller's reach, of one rep when `accountId` is given. */
export function usePlanList(companyId: number, accountId: number | null) {
  return useQuery({
    queryKey: planKeys.of(companyId, 'list', accountId),
    enabled: companyId > 0,
    retry: false,
    queryFn: ({ signal }) =>
      apiData<RoutePlanRecord[]>(planPaths.plans, { query: { company: companyId, account: accountId ?? undefined }, signal }),
  });
}

export type RepOption = { value: string; label: string };

/** The company's active members as the rep choices (any member may read them: `all_staff`). */
export function useRepOptions(companyId: number) {
  return useQuery({
    queryKey: planKeys.of(companyId, 'reps'),
    enabled: companyId > 0,
    retry: false,
    staleTime: 60_000,
    queryFn: async (): Promise<RepOption[]> =>
      (await apiData<StaffOption[]>(employeePaths.allStaff, { query: { company: companyId } })).map((member) => ({
        value: String(member.id),
        label: member.code ? `${member.full_name} (${member.code})` : member.full_name,
      })),
  });
}

/** Customers of the company by a typed search, for the editor's picker. */
export function useCustomerSearch(companyId: number, search: string) {
  return useQuery({
    queryKey: planKeys.of(companyId, 'customers', search),
    enabled: companyId > 0,
    retry: false,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      apiData<CustomerRecord[]>(customerPaths.customers, { query: { company: companyId, search, limit: 20 }, signal }),
  });
}

export type PlanWrites = ReturnType<typeof usePlanWrites>;

/** Each write answers the server's message and refreshes the plans. */
export function usePlanWrites(companyId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: planKeys.all(companyId) });
  const after = async (answer: Promise<{ message?: string }>) => {
    const { message } = await answer;
    await refresh();
    return message;
  };
  return {
    save: (id: string | null, input: RoutePlanInput) =>
      after(
        id
          ? apiRequest<RoutePlanRecord>(planPaths.plan(id), { ...write, method: 'PUT', body: input })
          : apiRequest<RoutePlanRecord>(planPaths.plans, { ...write, method: 'POST', body: input }),
      ),
    approve: (id: string) => after(apiRequest(planPaths.approve(id), { ...write, method: 'POST', body: { company: companyId } })),
    copy: (id: string, accountId: number) =>
      after(apiRequest(planPaths.copy(id), { ...write, method: 'POST', body: { company: companyId, account_id: accountId } })),
    remove: (id: string) => after(apiRequest(planPaths.plan(id), { ...write, method: 'DELETE', query: { company: companyId } })),
    exportSheet: (accountId: number | null) =>
      downloadFile(planPaths.export, { company: companyId, account: accountId ?? undefined }, 'tuyen-ghe-tham.xlsx'),
    importRows: (rows: SheetRecord<PlanSheetColumn>[], signal?: AbortSignal) =>
      importSheetRows<SheetRecord<PlanSheetColumn>, PlanImportAnswer>(planPaths.import, companyId, rows, signal),
    refresh,
  };
}

// ---- The sheet ----------------------------------------------------------------------------------

const REQUIRED: PlanSheetColumn[] = ['Mã NV', 'Tuyến', 'Mã KH', 'Tần suất', 'Thứ', 'Ngày áp dụng'];

export type PlanImportAnswer = { created: number; updated: number; errors: { row: number; field?: string; message: string }[] };

const columnOf = columnReader<PlanSheetColumn>(PLAN_SHEET_COLUMNS, {
  manv: 'Mã NV',
  manhanvien: 'Mã NV',
  email: 'Mã NV',
  tentuyen: 'Tuyến',
  stt: 'Thứ tự',
  makhachhang: 'Mã KH',
  tansuat: 'Tần suất',
  ngay: 'Thứ',
  thutrongtuan: 'Thứ',
  tuantrongthang: 'Tuần',
  ngayapdung: 'Ngày áp dụng',
  hieuluctu: 'Ngày áp dụng',
});

/** Sheet rows (header first) → import rows; the export's other columns (names, status) are left aside. */
export function mapPlanSheet(sheet: readonly SheetRow[]): MappedSheet<PlanSheetColumn> {
  const mapped = mapSheet(sheet, columnOf, REQUIRED);
  const known = new Set(['nhanvien', 'khachhang', 'trangthai', 'quytac']);
  return {
    ...mapped,
    unknownHeaders: mapped.unknownHeaders.filter((header) => !known.has(headerKey(header))),
  };
}
