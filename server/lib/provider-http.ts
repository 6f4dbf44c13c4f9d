/**
 * The one way provider clients (carriers, Zalo, e-invoices, accounting, SMS) call out: fetch with a
 * timeout, the answer read as JSON, and every failure turned into a ProviderError that says whether
 * trying again may help. Vietnamese messages for people come from each client, which knows its
 * provider's codes; this layer only classifies.
 */

export type ProviderFailure =
  /** No answer in time: the call may or may not have happened at the provider. */
  | 'timeout'
  /** The connection failed before an answer. */
  | 'network'
  /** 5xx, or a body that is not what the provider documents. */
  | 'server'
  /** 429, or the provider's own rate or quota code. */
  | 'rate_limited'
  /** The provider refused the credentials. */
  | 'auth'
  /** The provider refused the request itself (bad input, a state that does not allow it). */
  | 'rejected';

const RETRYABLE: ReadonlySet<ProviderFailure> = new Set(['timeout', 'network', 'server', 'rate_limited']);

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    message: string,
    readonly details: { status?: number; providerCode?: string | number; retryAfterMs?: number; body?: unknown } = {},
  ) {
    super(message);
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.failure);
  }
}

export type ProviderRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  timeoutMs?: number;
};

export type ProviderAnswer = { status: number; headers: Headers; body: unknown; bytes: Uint8Array };

export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

function withQuery(url: string, query: ProviderRequest['query']): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/**
 * Calls the provider. A transport failure, a timeout, 429 and 5xx throw; any other status is
 * returned for the client to read, since providers answer refusals in their own shapes (often 200).
 */
export async function providerFetch(url: string, request: ProviderRequest = {}): Promise<ProviderAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.form) {
    body = new URLSearchParams(request.form).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  }
  let response: Response;
  try {
    response = await fetch(withQuery(url, request.query), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError('timeout', 'Hết thời gian chờ phản hồi từ đối tác');
    throw new ProviderError('network', 'Không kết nối được tới đối tác');
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch {
    throw new ProviderError('timeout', 'Phản hồi từ đối tác bị ngắt giữa chừng', { status: response.status });
  }
  if (response.status === 429) {
    throw new ProviderError('rate_limited', 'Đối tác đang giới hạn số lần gọi, sẽ thử lại sau', {
      status: 429,
      retryAfterMs: retryAfterMs(response.headers),
    });
  }
  if (response.status >= 500) throw new ProviderError('server', `Đối tác đang gặp lỗi (${response.status})`, { status: response.status });
  let parsed: unknown = null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new ProviderError('server', 'Đối tác trả về dữ liệu không đọc được', { status: response.status });
    }
  }
  return { status: response.status, headers: response.headers, body: parsed, bytes };
}
