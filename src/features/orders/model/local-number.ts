/**
 * The number an order gets on the phone before the server gives its official code: the rep's
 * initials, this device's short code and a counter kept on the device, e.g. NVA-7F3A-12. Two
 * devices (or two tabs: the counter moves inside a Dexie transaction) never give the same number,
 * which is how Odoo POS lost orders (docs/offline-sync.md "Ops: named intents, exactly once").
 */
import { fold } from '@contract/fold';
import type { AppDb } from '@/db/app-db';
import { deviceIdentity } from '@/db/device';

export function initialsOf(fullName: string): string {
  const letters = fold(fullName)
    .split(' ')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .replace(/[^A-Z0-9]/g, '');
  return (letters || 'NV').slice(0, 6);
}

/** Call inside the transaction that writes the order (it must include db.meta). */
export async function nextLocalNo(db: AppDb, fullName: string): Promise<string> {
  const { deviceShort } = await deviceIdentity(db);
  const row = await db.meta.get('orderCounter');
  const next = ((row?.value as number | undefined) ?? 0) + 1;
  await db.meta.put({ key: 'orderCounter', value: next });
  return `${initialsOf(fullName)}-${deviceShort}-${next}`;
}
