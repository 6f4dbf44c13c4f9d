import type { ErrorCode } from '@contract/errors';

/** A failed call: `status` 0 means the network failed (offline, timeout) and nothing is known. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN',
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_MESSAGE = 'Không thể kết nối máy chủ. Vui lòng kiểm tra kết nối mạng.';

/** The message a failed call shows: the server's (or the network's), else the fallback. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
