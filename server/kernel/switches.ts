/**
 * A company's switches (contract/company-switches.ts): the services it has turned on and the
 * reports it shows. A service that is off is refused by the server, not only hidden in the menu.
 */
import { and, eq } from 'drizzle-orm';
import { SWITCH_LABELS, type SwitchCode } from '@contract/company-switches';
import type { Db } from './db/client';
import { companyFeatures } from './db/schema';
import { forbidden } from './errors';

async function readSwitches(db: Db, companyId: number): Promise<ReadonlyMap<string, boolean>> {
  const rows = await db
    .select({ code: companyFeatures.code, isEnabled: companyFeatures.isEnabled })
    .from(companyFeatures)
    .where(eq(companyFeatures.companyId, companyId));
  return new Map(rows.map((row) => [row.code, row.isEnabled]));
}

/**
 * Transactions whose switch reads are read once: an op's savepoint (server/kernel/sync/push.ts). No
 * op changes a switch, and order.submit asks four times (its types, its prices, its promotions, its
 * credit), each a round trip. Keyed by the transaction object: a read elsewhere is never kept.
 */
const kept = new WeakMap<Db, Map<number, Promise<ReadonlyMap<string, boolean>>>>();

export function readSwitchesOnce(tx: Db): void {
  kept.set(tx, new Map());
}

export function switchStates(db: Db, companyId: number): Promise<ReadonlyMap<string, boolean>> {
  const reads = kept.get(db);
  if (!reads) return readSwitches(db, companyId);
  let states = reads.get(companyId);
  if (!states) {
    states = readSwitches(db, companyId);
    reads.set(companyId, states);
  }
  return states;
}

export async function isSwitchOn(db: Db, companyId: number, code: SwitchCode): Promise<boolean> {
  if (kept.has(db)) return (await switchStates(db, companyId)).get(code) === true;
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
