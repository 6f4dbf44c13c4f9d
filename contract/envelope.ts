/**
 * The response envelope every API call answers with (docs/architecture.md "The API").
 * `code` repeats the HTTP status so clients written against the original product keep working.
 */
import type { ErrorCode } from './errors';

export type Envelope<T> = {
  code: number;
  data: T;
  /** Total number of rows for paged lists. */
  count?: number;
  /** Human-readable Vietnamese text; always present on errors. */
  message?: string;
  /** Extra summary for some lists (order totals, inventory sums). */
  bonus?: unknown;
  /** Stable machine code on errors. */
  error?: ErrorCode;
  /** Per-field Vietnamese messages on validation errors, keyed by field path ("lines.0.quantity"). */
  fields?: Record<string, string>;
};

export type Paged<T> = { rows: T[]; count: number };

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 200;
