/**
 * The warehouse queries' cache keys and how a failed call reads, in a file of their own: the
 * order's page uses them without loading the office's calls (./warehouse-api.ts).
 */
import { ApiError } from '@/api/api-error';

export const warehouseKeys = {
  all: (companyId: number) => ['warehouse', companyId] as const,
  of: (companyId: number, ...rest: unknown[]) => ['warehouse', companyId, ...rest] as const,
};

/** The message a failed call shows: the server's, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
