/**
 * A company's switches (contract/company-switches.ts): the services it has turned on and the
 * reports it shows. A service that is off is refused by the server, not only hidden in the menu.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { SWITCH_LABELS, type SwitchCode } from '@contract/company-switches';
import type { Db } from './db/client';
import { companyFeatures } from './db/schema';
import { forbidden } from './errors';
import { keepRead, keepsReads, readOnce } from './read-once';
import { jsonColumn } from './sql';

async function readSwitches(db: Db, companyId: number): Promise<ReadonlyMap<string, boolean>> {
  const rows = await db
    .select({ code: companyFeatures.code, isEnabled: companyFeatures.isEnabled })
    .from(companyFeatures)
    .where(eq(companyFeatures.companyId, companyId));
  return new Map(rows.map((row) => [row.code, row.isEnabled]));
}

const switchesKey = (companyId: number) => `switches:${companyId}`;

/** The company's switches by code; read once in an op's transaction (read-once.ts). */
export function switchStates(db: Db, companyId: number): Promise<ReadonlyMap<string, boolean>> {
  return readOnce(db, switchesKey(companyId), () => readSwitches(db, companyId));
}

/**
 * The company's switches as one JSON object ({code: enabled}), for a statement that reads them
 * beside its own work: every pushed op asks for them, and its claim reads them (sync/push.ts).
 */
export function switchesJson(companyId: number): SQL {
  return sql`(select coalesce(json_object_agg(f.code, f.is_enabled), '{}') from company_features f where f.company_id = ${companyId})`;
}

/** Keeps switches read by switchesJson as the transaction's read of them. */
export function keepSwitches(tx: Db, companyId: number, json: Record<string, boolean> | string): void {
  keepRead(tx, switchesKey(companyId), new Map(Object.entries(jsonColumn(json))));
}

export async function isSwitchOn(db: Db, companyId: number, code: SwitchCode): Promise<boolean> {
  if (keepsReads(db)) return (await switchStates(db, companyId)).get(code) === true;
  const [row] = await db
    .select({ isEnabled: companyFeatures.isEnabled })
    .from(companyFeatures)
    .where(and(eq(companyFeatures.companyId, companyId), eq(companyFeatures.code, code)));
  return row?.isEnabled === true;
}

/** Refuses (403 FEATURE_OFF) a call to a service the company has not turned on. */
export async function requireSwitch(db: Db, companyId: number, code: SwitchCode): Promise<void> {
  if (!(await isSwitchOn(db, companyId, code))) throw forbidden('FEATURE_OFF', `Công ty chưa bật chức năng ${SWITCH_LABELS[code]}`);
}
