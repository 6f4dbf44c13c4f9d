/**
 * Calls of the people area. Lists and the form's options through TanStack Query; writes as plain
 * functions the components call (then invalidate the lists). Writes do not send the person to /403
 * on a refusal: the message says why (the owner cannot be deactivated, a role above theirs…).
 *
 * Uploads go through XMLHttpRequest, the one browser API that reports upload progress; downloads
 * (templates, export) through fetch. Both carry the access token and refresh it once on 401, like
 * the JSON client (src/api/client.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@contract/envelope';
import {
  employeePaths,
  type EmployeeCreateInput,
  type EmployeeListParams,
  type EmployeeOptions,
  type EmployeeRecord,
  type EmployeeUpdateInput,
  type EmployeeWriteAnswer,
  type RevenueImportAnswer,
  type StaffImportAnswer,
} from '@contract/employees';
import { ApiError, NETWORK_MESSAGE } from '@/api/api-error';
import { apiRequest, buildUrl, errorFromEnvelope, refreshAccessToken } from '@/api/client';
import { getAccessToken } from '@/session/session-store';
import { fetchPage } from '@/api/pages';
import { companyQueryKeys } from '@/api/query-keys';

export const employeeKeys = companyQueryKeys('employees');

export type EmployeePage = { rows: EmployeeRecord[]; count: number };

export function useEmployeeList(companyId: number, query: EmployeeListParams) {
  return useQuery({
    queryKey: employeeKeys.of(companyId, 'list', query),
    enabled: companyId > 0,
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }): Promise<EmployeePage> => fetchPage<EmployeeRecord>(employeePaths.employees, { query: { ...query }, signal }),
  });
}

export function useEmployeeOptions(companyId: number, enabled = true) {
  return useQuery({
    queryKey: employeeKeys.of(companyId, 'options'),
    enabled: companyId > 0 && enabled,
    retry: false,
    staleTime: 60_000,
    queryFn: async () => (await apiRequest<EmployeeOptions>(employeePaths.options, { query: { company: companyId } })).data,
  });
}

const write = { redirectOnForbidden: false } as const;

export type WriteResult<T> = { data: T; message: string };

async function withMessage<T>(promise: Promise<Envelope<T>>, fallback: string): Promise<WriteResult<T>> {
  const answer = await promise;
  return { data: answer.data, message: answer.message ?? fallback };
}

export const employeeWrites = {
  create: (input: EmployeeCreateInput) =>
    withMessage(apiRequest<EmployeeWriteAnswer>(employeePaths.adminCreate, { ...write, method: 'POST', body: input }), 'Đã gửi lời mời'),
  update: (accountId: number, input: EmployeeUpdateInput) =>
    withMessage(
      apiRequest<EmployeeWriteAnswer>(employeePaths.employee(accountId), { ...write, method: 'PUT', body: input }),
      'Cập nhật nhân viên thành công',
    ),
  setActive: (companyId: number, accountId: number, isActive: boolean) =>
    withMessage(
      apiRequest<EmployeeRecord>(employeePaths.inactiveStaff, {
        ...write,
        method: 'POST',
        body: { company: companyId, account: accountId, is_active: isActive },
      }),
      isActive ? 'Đã kích hoạt lại' : 'Đã ngừng hoạt động',
    ),
  resetPassword: (companyId: number, accountId: number, newPassword: string) =>
    withMessage(
      apiRequest<null>(employeePaths.adminUpdatePassword(accountId), {
        ...write,
        method: 'PUT',
        body: { company: companyId, new_password: newPassword },
      }),
      'Đã đặt mật khẩu mới',
    ),
};

/** A short message for a failed write: the server's, or the network's. */
export function writeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

// ---- Files --------------------------------------------------------------------------------------

export type UploadProgress = { phase: 'uploading'; loaded: number; total: number } | { phase: 'processing' };

type XhrAnswer = { status: number; body: Envelope<unknown> };

function sendForm(path: string, form: FormData, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: 'uploading', loaded: event.loaded, total: event.total });
    };
    // Every byte is sent: the server is reading the sheet now.
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onload = () => {
      let body: Envelope<unknown>;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<unknown>;
      } catch {
        body = { code: xhr.status, data: null, message: `Máy chủ trả lời lỗi ${xhr.status}` };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 0, 'NETWORK'));
    xhr.ontimeout = () => reject(new ApiError(NETWORK_MESSAGE, 0, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Đã hủy', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** A multipart upload with its progress, answering the envelope; refreshes the token once on 401. */
export async function uploadSheet<T>(
  path: string,
  fields: Record<string, string>,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Envelope<T>> {
  const form = () => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    data.set('file', file, file.name);
    return data;
  };
  let answer = await sendForm(path, form(), onProgress, signal);
  if (answer.status === 401 && (await refreshAccessToken().catch(() => false))) answer = await sendForm(path, form(), onProgress, signal);
  if (answer.status < 200 || answer.status >= 300) throw errorFromEnvelope(answer.status, answer.body);
  return answer.body as Envelope<T>;
}

export const importStaff = (
  companyId: number,
  file: File,
  password: string,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
) =>
  uploadSheet<StaffImportAnswer>(
    employeePaths.importStaff,
    { company: String(companyId), ...(password ? { password } : {}) },
    file,
    onProgress,
    signal,
  );

export const importRevenue = (companyId: number, file: File, onProgress: (p: UploadProgress) => void, signal?: AbortSignal) =>
  uploadSheet<RevenueImportAnswer>(employeePaths.importRevenue, { company: String(companyId) }, file, onProgress, signal);
