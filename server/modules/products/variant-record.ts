/** Variants as records (contract VariantRecord) for sync and lists. Implemented in issue #4. */
import type { VariantRecord } from '../../../contract/product';
import type { Db } from '../../db/client';

export async function loadVariantRecords(_db: Db, _companyId: number, _ids: string[]): Promise<Map<string, VariantRecord>> {
  return new Map();
}
