/**
 * The warehouse queries' cache keys and how a failed call reads, in a file of their own: the
 * order's page uses them without loading the office's calls (./warehouse-api.ts).
 */

export const warehouseKeys = {
  all: (companyId: number) => ['warehouse', companyId] as const,
  of: (companyId: number, ...rest: unknown[]) => ['warehouse', companyId, ...rest] as const,
};

/** The one reading of a failed call (src/api/api-error.ts), under this feature's name. */
export { apiErrorMessage as errorMessage } from '@/api/api-error';
