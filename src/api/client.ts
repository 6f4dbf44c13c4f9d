/**
 * The one HTTP client of the app (docs/architecture.md "The client"). It adds the access token, reads the
 * envelope, and on 401 refreshes the token once and retries (product-spec.md §8); when the refresh itself is
 * refused the session is over. A 403 sends the user to /403 unless the caller opts out.
 * Navigation is not done here: the app registers what to do through `setApiHandlers`.
 */
import { API_PREFIX, refreshTokenPath } from '@contract/api-paths';
import type { RefreshAnswer } from '@contract/auth';
import type { Envelope } from '@contract/envelope';
import { isErrorCode } from '@contract/errors';
import { getAccessToken, setAccessToken } from '@/session/session-store';
import { ApiError, NETWORK_MESSAGE } from './api-error';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send the access token (default true). */
  auth?: boolean;
  /** Go to /403 on a 403 answer (default true). */
  redirectOnForbidden?: boolean;
  /** On 401, refresh the token and retry once (default true). */
  refreshOnUnauthorized?: boolean;
  timeoutMs?: number;
  /** Told the headers of a successful answer before its body is read. */
  onHeaders?: (headers: Headers) => void;
};

type Handlers = { onForbidden: () => void; onSessionExpired: () => void };
let handlers: Handlers = { onForbidden: () => undefined, onSessionExpired: () => undefined };

export function setApiHandlers(next: Handlers): void {
  handlers = next;
}

export const API_ENV: string = import.meta.env.VITE_API_ENV ?? 'local';

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  if (!signal) return timeout;
  // AbortSignal.any is missing before Safari 17.4; the caller's signal then wins alone.
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token && options.auth !== false) headers.authorization = `Bearer ${token}`;
  const signal = withTimeout(options.signal, options.timeoutMs ?? 30_000);
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return { code: response.status, data: null as T, message: response.ok ? undefined : `Máy chủ trả lời lỗi ${response.status}` };
  }
}

/** Spec §8: the error message comes from `message`, then `data`, then the whole answer. */
export function errorFromEnvelope(status: number, body: Envelope<unknown>): ApiError {
  const fromData = typeof body.data === 'string' ? body.data : null;
  const message = body.message || fromData || `Đã có lỗi xảy ra (mã ${status})`;
  return new ApiError(message, status, isErrorCode(body.error) ? body.error : 'UNKNOWN', body.fields ?? {});
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh at a time in this tab, and across tabs through a Web Lock: two tabs spending the same
 * refresh token would look like token theft to the server and end the session.
 */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const tokenBefore = getAccessToken();
    const run = async () => {
      // Another tab may have refreshed while we waited for the lock.
      const current = getAccessToken();
      if (current && current !== tokenBefore) return true;
      const response = await send(refreshTokenPath(API_ENV), { method: 'POST', auth: false }, null);
      if (!response.ok) return false;
      const body = await readEnvelope<RefreshAnswer>(response);
      if (!body.data?.access) return false;
      setAccessToken(body.data.access);
      return true;
    };
    try {
      return 'locks' in navigator ? await navigator.locks.request('auth-refresh', run) : await run();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  let response = await send(path, options, getAccessToken());
  if (response.status === 401 && options.auth !== false && options.refreshOnUnauthorized !== false) {
    let refreshed = false;
    try {
      refreshed = await refreshAccessToken();
    } catch (error) {
      // Offline while refreshing: nothing is known about the session, keep it.
      if (error instanceof ApiError && error.isNetwork) throw error;
    }
    if (!refreshed) {
      const body = await readEnvelope<T>(response);
      handlers.onSessionExpired();
      throw errorFromEnvelope(401, body);
    }
    response = await send(path, options, getAccessToken());
  }
  if (response.ok) options.onHeaders?.(response.headers);
  const body = await readEnvelope<T>(response);
  if (response.status === 403 && options.redirectOnForbidden !== false) handlers.onForbidden();
  if (!response.ok) throw errorFromEnvelope(response.status, body);
  return body;
}

/** The `data` of a successful call. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
