/**
 * A company's switches (contract/company-switches.ts): the services it has turned on and the
 * reports it shows. A service that is off is refused by the server, not only hidden in the menu.
 */
import { and, eq } from 'drizzle-orm';
import { SWITCH_LABELS, type SwitchCode } from '@contract/company-switches';
import type { Db } from './db/client';
import { companyFeatures } from './db/schema';
import { forbidden } from './errors';
import { keepsReads, readOnce } from './read-once';

async function readSwitches(db: Db, companyId: number): Promise<ReadonlyMap<string, boolean>> {
  const rows = await db
    .select({ code: companyFeatures.code, isEnabled: companyFeatures.isEnabled })
    .from(companyFeatures)
    .where(eq(companyFeatures.companyId, companyId));
  return new Map(rows.map((row) => [row.code, row.isEnabled]));
}

/** The company's switches by code; read once in an op's transaction (read-once.ts). */
export function switchStates(db: Db, companyId: number): Promise<ReadonlyMap<string, boolean>> {
  return readOnce(db, `switches:${companyId}`, () => readSwitches(db, companyId));
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
