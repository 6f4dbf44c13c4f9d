/** A company's pharma rule settings (contract/pharma.ts): read once per transaction, saved with a change the phones pull. */
import { eq } from 'drizzle-orm';
import { DEFAULT_PHARMA_SETTINGS, type PharmaSettings, type PharmaSettingsRecord } from '@contract/pharma';
import type { RuleMode } from '@contract/rule-modes';
import type { Db } from '@server/kernel/db/client';
import { pharmaSettings } from '@server/kernel/db/schema';
import { readOnce } from '@server/kernel/read-once';
import { recordUpserts } from '@server/kernel/sync/change-log';

async function readSettings(db: Db, companyId: number): Promise<PharmaSettings> {
  const [row] = await db.select().from(pharmaSettings).where(eq(pharmaSettings.companyId, companyId));
  if (!row) return { ...DEFAULT_PHARMA_SETTINGS };
  return {
    licence_rule: row.licenceRule as RuleMode,
    drug_class_rule: row.drugClassRule as RuleMode,
    registration_rule: row.registrationRule as RuleMode,
    expiry_notice_days: row.expiryNoticeDays,
  };
}

/** Read once in an op's transaction (server/kernel/read-once.ts): every line of an order asks. */
export function pharmaSettingsOf(db: Db, companyId: number): Promise<PharmaSettings> {
  return readOnce(db, `pharma-settings:${companyId}`, () => readSettings(db, companyId));
}

export async function savePharmaSettings(tx: Db, companyId: number, settings: PharmaSettings): Promise<void> {
  const values = {
    licenceRule: settings.licence_rule,
    drugClassRule: settings.drug_class_rule,
    registrationRule: settings.registration_rule,
    expiryNoticeDays: settings.expiry_notice_days,
    updatedAt: new Date(),
  };
  await tx
    .insert(pharmaSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: pharmaSettings.companyId, set: values });
  // The phones' carts decide with the settings they hold: they pull the new ones.
  await recordUpserts(tx, companyId, 'pharma_settings', [companyId]);
}

/** The sync loader: the one record of the company, whatever ids are asked. */
export async function loadPharmaSettings(db: Db, companyId: number, ids: string[]): Promise<Map<string, PharmaSettingsRecord>> {
  const wanted = ids.filter((id) => id === String(companyId));
  if (wanted.length === 0) return new Map();
  return new Map([[String(companyId), { company: companyId, ...(await readSettings(db, companyId)) }]]);
}
