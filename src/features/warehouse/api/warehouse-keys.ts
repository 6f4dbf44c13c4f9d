/**
 * The warehouse queries' cache keys and how a failed call reads, in a file of their own: the
 * order's page uses them without loading the office's calls (./warehouse-api.ts).
 */
import { companyQueryKeys } from '@/api/query-keys';

export const warehouseKeys = companyQueryKeys('warehouse');

/** The one reading of a failed call (src/api/api-error.ts), under this feature's name. */
export { apiErrorMessage as errorMessage } from '@/api/api-error';
