/** Price-policy items whose unit a variant no longer sells are removed, and their policies re-sent. */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';
import { recordUpserts } from '@server/kernel/sync/change-log';

export async function removeOrphanPolicyItems(tx: Db, companyId: number, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  const removed = rowsOf<{ policy_id: number }>(
    await tx.execute(sql`
      delete from price_policy_items item
      where item.company_id = ${companyId} and item.variant_id = any(${sql.param([...variantIds])}::int[])
        and not exists (
          select 1 from variant_units unit where unit.variant_id = item.variant_id and lower(unit.unit) = lower(item.unit))
      returning item.policy_id`),
  );
  if (removed.length === 0) return;
  const policyIds = [...new Set(removed.map((row) => Number(row.policy_id)))];
  await tx.execute(sql`update price_policies set updated_at = now() where id = any(${sql.param(policyIds)}::int[])`);
  await recordUpserts(tx, companyId, 'price_policy', policyIds);
}
