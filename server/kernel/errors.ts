/**
 * The one way handlers refuse a request: throw an HttpError and the error middleware answers with
 * the envelope (status, machine code, Vietnamese message, field messages).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_MESSAGES, type ErrorCode } from '@contract/errors';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
  }
}

export const badRequest = (code: ErrorCode, message?: string, fields?: Record<string, string>) => new HttpError(400, code, message, fields);
export const unauthorized = (code: ErrorCode = 'UNAUTHENTICATED', message?: string) => new HttpError(401, code, message);
export const forbidden = (code: ErrorCode = 'FORBIDDEN', message?: string) => new HttpError(403, code, message);
export const notFound = (message?: string) => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message?: string, fields?: Record<string, string>) => new HttpError(409, 'CONFLICT', message, fields);
