/** A company's receivables settings: the policy over a credit limit, default credit days, aging buckets. */
import { eq } from 'drizzle-orm';
import { DEFAULT_RECEIVABLE_SETTINGS, type ReceivableSettings } from '@contract/receivables';
import type { CreditPolicy } from '@contract/receivables-ledger';
import type { Db } from '@server/kernel/db/client';
import { receivableSettings } from '@server/kernel/db/schema';
import { readOnce } from '@server/kernel/read-once';

async function readSettings(db: Db, companyId: number): Promise<ReceivableSettings> {
  const [row] = await db.select().from(receivableSettings).where(eq(receivableSettings.companyId, companyId));
  if (!row) return { ...DEFAULT_RECEIVABLE_SETTINGS, aging_bounds: [...DEFAULT_RECEIVABLE_SETTINGS.aging_bounds] };
  return { credit_policy: row.policy as CreditPolicy, default_credit_days: row.defaultCreditDays, aging_bounds: row.agingBounds };
}

/** Read once in an op's transaction (server/kernel/read-once.ts): an order's credit check and its due date both ask. */
export function settingsOf(db: Db, companyId: number): Promise<ReceivableSettings> {
  return readOnce(db, `receivable-settings:${companyId}`, () => readSettings(db, companyId));
}

export async function saveSettings(db: Db, companyId: number, settings: ReceivableSettings): Promise<void> {
  const values = {
    policy: settings.credit_policy,
    defaultCreditDays: settings.default_credit_days,
    agingBounds: settings.aging_bounds,
    updatedAt: new Date(),
  };
  await db
    .insert(receivableSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: receivableSettings.companyId, set: values });
}
