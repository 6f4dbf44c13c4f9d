/**
 * A server page of records this device also writes (visits): the device's rows the server has not
 * got yet come first, and each server row shows the device's sync state for it, so its chip shows.
 */
import type { LocalSyncState } from '@/db/app-db';

export type DeviceState = { syncState: LocalSyncState; error: string | null };

export function withUnsentFirst<Sent extends { id: string }, Local extends Sent & DeviceState>(
  page: { rows: Sent[]; count: number },
  localRows: readonly Local[],
  includeUnsent = true,
): { rows: (Sent & DeviceState)[]; count: number } {
  const onServer = new Set(page.rows.map((row) => row.id));
  const states = new Map(localRows.map((row) => [row.id, row]));
  const unsent = includeUnsent ? localRows.filter((row) => row.syncState !== 'synced' && !onServer.has(row.id)) : [];
  const sent = page.rows.map((row) => ({
    ...row,
    syncState: states.get(row.id)?.syncState ?? 'synced',
    error: states.get(row.id)?.error ?? null,
  }));
  return { rows: [...unsent, ...sent], count: page.count + unsent.length };
}
