/** Customer groups (types) and levels as records, for sync and lists. */
import { and, eq, inArray } from 'drizzle-orm';
import type { CustomerLevelRecord, CustomerTypeRecord } from '@contract/customers';
import type { Db } from '@server/kernel/db/client';
import { customerLevels, customerTypes } from '@server/kernel/db/schema';

export function toCustomerTypeRecord(row: typeof customerTypes.$inferSelect): CustomerTypeRecord {
  return {
    id: row.id,
    company: row.companyId,
    title: row.title,
    description: row.description,
    is_wholesale: row.isWholesale,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toCustomerLevelRecord(row: typeof customerLevels.$inferSelect): CustomerLevelRecord {
  return { id: row.id, company: row.companyId, title: row.title, rank: row.rank, note: row.note, updated_at: row.updatedAt.toISOString() };
}

export async function loadCustomerTypeRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, CustomerTypeRecord>> {
  const numeric = ids.map(Number).filter(Number.isInteger);
  if (numeric.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customerTypes)
    .where(and(eq(customerTypes.companyId, companyId), inArray(customerTypes.id, numeric)));
  return new Map(rows.map((row) => [String(row.id), toCustomerTypeRecord(row)]));
}

export async function loadCustomerLevelRecords(db: Db, companyId: number, ids: string[]): Promise<Map<string, CustomerLevelRecord>> {
  const numeric = ids.map(Number).filter(Number.isInteger);
  if (numeric.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customerLevels)
    .where(and(eq(customerLevels.companyId, companyId), inArray(customerLevels.id, numeric)));
  return new Map(rows.map((row) => [String(row.id), toCustomerLevelRecord(row)]));
}
