/**
 * Calls the JSON client (src/api/client.ts) cannot make: multipart uploads, file downloads (the
 * Excel exports and templates) and image bytes. Same rules: the access token, one refresh and
 * retry on 401, the envelope's message on failure (the server sends the envelope instead of the
 * file when it refuses), NETWORK when nothing answered.
 */
import { ApiError, NETWORK_MESSAGE } from './api-error';
import { apiData, buildUrl, errorFromEnvelope, refreshAccessToken, type RequestOptions } from './client';
import type { Envelope } from '@contract/envelope';
import { getAccessToken } from '@/session/session-store';

type FetchOptions = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: BodyInit; query?: RequestOptions['query']; signal?: AbortSignal };

async function send(path: string, options: FetchOptions): Promise<Response> {
  const token = getAccessToken();
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: options.body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
  }
}

/** A successful response (2xx), after one token refresh on 401; otherwise the answer's error. */
export async function authedFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  let response = await send(path, options);
  if (response.status === 401 && (await refreshAccessToken().catch(() => false))) response = await send(path, options);
  if (response.ok) return response;
  let body: Envelope<unknown>;
  try {
    body = (await response.json()) as Envelope<unknown>;
  } catch {
    body = { code: response.status, data: null, message: `Máy chủ trả lời lỗi ${response.status}` };
  }
  throw errorFromEnvelope(response.status, body);
}

/** A multipart call answering the JSON envelope. */
export async function postForm<T>(path: string, form: FormData): Promise<Envelope<T>> {
  const response = await authedFetch(path, { method: 'POST', body: form });
  return (await response.json()) as Envelope<T>;
}

/**
 * Reads a download to the end, reporting bytes received (and the total when the server sends
 * one: a streamed export does not know it in advance).
 */
export async function readWithProgress(response: Response, onProgress: (received: number, total: number | null) => void): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) {
    const blob = await response.blob();
    onProgress(blob.size, blob.size);
    return blob;
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(parts as BlobPart[], { type });
}

/** `attachment; filename="don-hang-20261121.xlsx"` (or RFC 5987 filename*=) → the name. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export type DownloadProgress = { received: number; total: number | null };

/**
 * Downloads a file the server makes (an export, a template) and hands it to the browser; answers
 * its name. With `onProgress`, bytes received are reported as they arrive (a large export).
 */
export async function downloadFile(
  path: string,
  query: RequestOptions['query'],
  fallbackName: string,
  options: { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const response = await authedFetch(path, { query, signal: options.signal });
  const filename = filenameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const { onProgress } = options;
  saveBlob(
    onProgress ? await readWithProgress(response, (received, total) => onProgress({ received, total })) : await response.blob(),
    filename,
  );
  return filename;
}

/** One call of a sheet import (at most the contract's rows a call): the rows to the company, its answer. */
export function importSheetRows<Row, Answer>(path: string, companyId: number, rows: Row[], signal?: AbortSignal): Promise<Answer> {
  return apiData<Answer>(path, {
    method: 'POST',
    body: { company: companyId, rows },
    signal,
    redirectOnForbidden: false,
    timeoutMs: 120_000,
  });
}
