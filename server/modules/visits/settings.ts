/** A company's check-in rules (contract/visits-place.ts): read once per transaction, saved with a change the phones pull. */
import { eq } from 'drizzle-orm';
import { DEFAULT_SUGGESTION_SETTINGS, type SuggestionSettings } from '@contract/visits-suggest';
import type { RuleMode } from '@contract/rule-modes';
import { DEFAULT_VISIT_SETTINGS, type VisitSettings, type VisitSettingsRecord } from '@contract/visits-place';
import type { Db } from '@server/kernel/db/client';
import { visitSettings } from '@server/kernel/db/schema';
import { readOnce } from '@server/kernel/read-once';
import { recordUpserts } from '@server/kernel/sync/change-log';
import type { PermissionPair } from '@server/modules/roles';

/** Who reads the settings of the rep's day (check-in, attendance): who visits or watches visits, and who keeps settings. */
export const VISIT_SETTINGS_READERS: readonly PermissionPair[] = [
  ['visits', 'create'],
  ['visits', 'view'],
  ['settings', 'view'],
];

async function readSettings(db: Db, companyId: number): Promise<VisitSettings> {
  const [row] = await db.select().from(visitSettings).where(eq(visitSettings.companyId, companyId));
  if (!row) return { ...DEFAULT_VISIT_SETTINGS };
  return {
    place_rule: row.placeRule as RuleMode,
    radius_m: row.radiusM,
    accuracy_limit_m: row.accuracyLimitM,
    position_days: row.positionDays,
  };
}

/** Read once in an op's transaction (server/kernel/read-once.ts): a push of many check-ins asks once. */
export function visitSettingsOf(db: Db, companyId: number): Promise<VisitSettings> {
  return readOnce(db, `visit-settings:${companyId}`, () => readSettings(db, companyId));
}

/** Writes some of the row's settings (the rest keep theirs); the phones decide with the settings they hold, so they pull the new ones. */
async function saveRow(tx: Db, companyId: number, values: Partial<typeof visitSettings.$inferInsert>): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await tx
    .insert(visitSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: visitSettings.companyId, set });
  await recordUpserts(tx, companyId, 'visit_settings', [companyId]);
}

export function saveVisitSettings(tx: Db, companyId: number, settings: VisitSettings): Promise<void> {
  return saveRow(tx, companyId, {
    placeRule: settings.place_rule,
    radiusM: settings.radius_m,
    accuracyLimitM: settings.accuracy_limit_m,
    positionDays: settings.position_days,
  });
}

/** What to suggest at a stop (contract/visits-suggest.ts), kept on the check-in rules' row. */
export async function suggestionSettingsOf(db: Db, companyId: number): Promise<SuggestionSettings> {
  const [row] = await db
    .select({ must_carry: visitSettings.mustCarry, idle_days: visitSettings.idleDays, push_expiry_days: visitSettings.pushExpiryDays })
    .from(visitSettings)
    .where(eq(visitSettings.companyId, companyId));
  return row ?? { ...DEFAULT_SUGGESTION_SETTINGS, must_carry: [] };
}

export function saveSuggestionSettings(tx: Db, companyId: number, settings: SuggestionSettings): Promise<void> {
  return saveRow(tx, companyId, {
    mustCarry: settings.must_carry,
    idleDays: settings.idle_days,
    pushExpiryDays: settings.push_expiry_days,
  });
}

/** The sync loader: the one record of the company, whatever ids are asked. */
export async function loadVisitSettings(db: Db, companyId: number, ids: string[]): Promise<Map<string, VisitSettingsRecord>> {
  if (!ids.includes(String(companyId))) return new Map();
  const [rules, suggestions] = await Promise.all([readSettings(db, companyId), suggestionSettingsOf(db, companyId)]);
  return new Map([[String(companyId), { company: companyId, ...rules, ...suggestions }]]);
}
