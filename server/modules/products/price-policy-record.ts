/** Price policies as records (contract PricePolicyRecord) for sync and lists. Implemented in issue #4. */
import type { PricePolicyRecord } from '../../../contract/pricing';
import type { Db } from '../../db/client';

export async function loadPricePolicyRecords(_db: Db, _companyId: number, _ids: string[]): Promise<Map<string, PricePolicyRecord>> {
  return new Map();
}
