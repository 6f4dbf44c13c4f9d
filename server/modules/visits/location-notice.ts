/**
 * The location notice each rep accepts before a first check-in (contract/visits-place.ts
 * LOCATION_NOTICE): the op that records it, and the office's list of who accepted which version.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { LocationNoticeAcceptPayload } from '@contract/visits';
import type { LocationNoticeRow } from '@contract/visits-place';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, locationNoticeAcceptances } from '@server/kernel/db/schema';
import type { OpHandler } from '@server/kernel/sync/op-context';

/** A rep's acceptance is a fact: kept once per version, with the phone's time (never later than its arrival). */
export const acceptLocationNotice: OpHandler<LocationNoticeAcceptPayload> = async (context, payload) => {
  const at = new Date(payload.at);
  await context.tx
    .insert(locationNoticeAcceptances)
    .values({
      companyId: context.companyId,
      accountId: context.accountId,
      version: payload.version,
      acceptedAt: at > context.now ? context.now : at,
      receivedAt: context.now,
      deviceId: context.deviceId,
    })
    .onConflictDoNothing();
  return { outcome: 'applied' };
};

/** The company's active members, each with the latest version they accepted. */
export async function locationNoticeRows(db: Db, companyId: number): Promise<LocationNoticeRow[]> {
  const rows = await db
    .select({
      accountId: accountCompanies.accountId,
      fullName: accounts.fullName,
      version: locationNoticeAcceptances.version,
      acceptedAt: locationNoticeAcceptances.acceptedAt,
    })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .leftJoin(
      locationNoticeAcceptances,
      and(eq(locationNoticeAcceptances.companyId, companyId), eq(locationNoticeAcceptances.accountId, accountCompanies.accountId)),
    )
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.status, 'accept'), eq(accountCompanies.isActive, true)))
    .orderBy(asc(accounts.fullName));
  const latest = new Map<number, LocationNoticeRow>();
  for (const row of rows) {
    const known = latest.get(row.accountId);
    if (known?.version && (!row.version || row.version <= known.version)) continue;
    latest.set(row.accountId, {
      account_id: row.accountId,
      full_name: row.fullName,
      version: row.version,
      accepted_at: row.acceptedAt?.toISOString() ?? null,
    });
  }
  return [...latest.values()];
}
