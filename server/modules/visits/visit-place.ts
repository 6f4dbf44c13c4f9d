/**
 * The server's look at where a check-in happened (contract/visits-place.ts): the company's rule
 * against the customer's pin, as the phone applied it, and the heuristics only the server can see
 * whole (the rep's previous fix from any device, another rep on the same device that day).
 */
import { and, desc, eq, gte, isNotNull, lt, ne } from 'drizzle-orm';
import { vietnamDay } from '@contract/price-policy';
import type { VisitCheckInPayload, VisitFlag } from '@contract/visits';
import { checkPlace, impossibleSpeed, sitsOnPin, type Fix, type PlaceCheck, type Pin, type VisitSettings } from '@contract/visits-place';
import type { Db } from '@server/kernel/db/client';
import { visits } from '@server/kernel/db/schema';
import type { OpContext } from '@server/kernel/sync/op-context';
import { customerPin } from '@server/modules/customers';
import { visitSettingsOf } from './settings';

export type CheckInPlace = { check: PlaceCheck; flags: VisitFlag[]; pin: Pin | null; settings: VisitSettings };

/** The rep's last fix before `at`: the check-out of their latest visit, or its check-in. */
async function previousFix(db: Db, companyId: number, accountId: number, at: Date): Promise<Fix | null> {
  const [row] = await db
    .select({
      inAt: visits.checkInAt,
      inLat: visits.checkInLat,
      inLng: visits.checkInLng,
      outAt: visits.checkOutAt,
      outLat: visits.checkOutLat,
      outLng: visits.checkOutLng,
    })
    .from(visits)
    .where(and(eq(visits.companyId, companyId), eq(visits.accountId, accountId), lt(visits.checkInAt, at), isNotNull(visits.checkInLat)))
    .orderBy(desc(visits.checkInAt))
    .limit(1);
  if (!row) return null;
  if (row.outAt && row.outAt <= at && row.outLat !== null && row.outLng !== null)
    return { lat: row.outLat, lng: row.outLng, at: row.outAt.toISOString() };
  return { lat: row.inLat!, lng: row.inLng!, at: row.inAt.toISOString() };
}

/** Another rep checked in from this device on the same day in Vietnam. */
async function sharedDevice(db: Db, context: OpContext, at: Date): Promise<boolean> {
  const dayStart = new Date(`${vietnamDay(at)}T00:00:00+07:00`);
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const [row] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.companyId, context.companyId),
        eq(visits.deviceId, context.deviceId),
        ne(visits.accountId, context.accountId),
        gte(visits.checkInAt, dayStart),
        lt(visits.checkInAt, dayEnd),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function checkInPlace(context: OpContext, payload: VisitCheckInPayload): Promise<CheckInPlace> {
  const { tx, companyId, accountId } = context;
  const at = new Date(payload.at);
  const [settings, pin, previous, shared] = await Promise.all([
    visitSettingsOf(tx, companyId),
    customerPin(tx, companyId, payload.customerId),
    payload.location ? previousFix(tx, companyId, accountId, at) : Promise.resolve(null),
    sharedDevice(tx, context, at),
  ]);
  const check = checkPlace(payload.location, pin, settings);
  const flags: VisitFlag[] = [...check.findings];
  if (payload.location && impossibleSpeed(previous, { ...payload.location, at: payload.at }) !== null) flags.push('IMPOSSIBLE_SPEED');
  if (shared) flags.push('SHARED_DEVICE');
  if (sitsOnPin(payload.location, pin)) flags.push('ON_PIN');
  return { check, flags, pin, settings };
}
