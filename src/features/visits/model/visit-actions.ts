/**
 * Check-in and check-out, recorded on the device first: the visit row and its outbox op are written
 * in one transaction, so the visit exists (and shows "Chờ đồng bộ") whether or not there is signal.
 */
import type { GeoLocation, VisitRecord } from '@contract/visits';
import type { PlanState, UnplannedReason } from '@contract/visits-plans';
import { canPinHere, checkPlace, DEFAULT_VISIT_SETTINGS, LOCATION_NOTICE, type PlaceCheck, type Pin } from '@contract/visits-place';
import { readMeta, writeMeta } from '@/db/device';
import { uuidv7 } from '@contract/uuid';
import type { AppDb, LocalCustomer, LocalVisit } from '@/db/app-db';
import { noteSeen, visitSeen } from '@/db/customer-seen';
import { toLocalVisit } from '@/db/local-records';
import { writeWithOp } from '@/sync/local-write';
import { enqueueOp, unappliedOpFor } from '@/sync/outbox';

export type Visitor = { companyId: number; accountId: number; accountName: string };

/** The customer's pin as the device holds it, or null (contract/visits-place.ts). */
export async function localPin(db: AppDb, customerId: string): Promise<Pin | null> {
  const customer = await db.customers.get(customerId);
  return customer && customer.lat !== null && customer.lng !== null ? { lat: customer.lat, lng: customer.lng } : null;
}

export type DevicePlace = PlaceCheck & { canPin: boolean };

/** The check-in against today's route plan as the device saw it, and the rep's reason when it is not on it. */
export type DevicePlanState = { state: PlanState | null; reason: UnplannedReason | null };

/** The check-in's place by the rules the device pulled, as the server will judge it when the op arrives. */
export async function placeOnDevice(db: AppDb, companyId: number, customerId: string, location: GeoLocation | null): Promise<DevicePlace> {
  const settings = (await db.visitSettings.get(companyId)) ?? DEFAULT_VISIT_SETTINGS;
  const pin = await localPin(db, customerId);
  return { ...checkPlace(location, pin, settings), canPin: !pin && canPinHere(location, settings) };
}

export async function checkIn(
  db: AppDb,
  visitor: Visitor,
  customer: Pick<LocalCustomer, 'id' | 'name'>,
  details: { note: string | null; location: GeoLocation | null; place?: DevicePlace; pin?: boolean; plan?: DevicePlanState },
  now = new Date(),
): Promise<LocalVisit> {
  const pin = Boolean(details.pin && details.place?.canPin);
  const planState = details.plan?.state ?? null;
  const unplannedReason = planState === 'unplanned' ? (details.plan?.reason ?? null) : null;
  const visitId = uuidv7(now.getTime());
  const at = now.toISOString();
  const record: VisitRecord = {
    id: visitId,
    company: visitor.companyId,
    customer_id: customer.id,
    customer_name: customer.name,
    account_id: visitor.accountId,
    account_name: visitor.accountName,
    check_in_at: at,
    check_in_location: details.location,
    check_in_note: details.note,
    check_in_distance_m: details.place?.distance ?? null,
    plan_state: planState,
    unplanned_reason: unplannedReason,
    check_out_at: null,
    check_out_location: null,
    check_out_note: null,
    // What the device saw; the server's answer brings its own look (speed, shared device).
    flags: [...(details.place?.findings ?? []), ...(pin ? (['PIN_SET'] as const) : [])],
    received_at: at,
  };
  const visit = toLocalVisit(record, 'pending');
  await writeWithOp(db, [db.visits, db.customerSeen], async () => {
    await db.visits.add(visit);
    await noteSeen(db, [visitSeen(visit)]);
    await enqueueOp(
      db,
      {
        type: 'visit.checkIn',
        companyId: visitor.companyId,
        accountId: visitor.accountId,
        entity: { type: 'visit', id: visitId },
        payload: { visitId, customerId: customer.id, at, location: details.location, note: details.note, pin, unplannedReason },
      },
      now,
    );
  });
  return visit;
}

export async function checkOut(
  db: AppDb,
  visitor: Visitor,
  visitId: string,
  details: { note: string | null; location: GeoLocation | null },
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await writeWithOp(db, [db.visits], async () => {
    const visit = await db.visits.get(visitId);
    if (!visit) throw new Error('Không tìm thấy lượt check-in');
    if (visit.check_out_at) throw new Error('Lượt ghé thăm này đã check-out');
    // The check-out must reach the server after its check-in, even if that is still queued.
    const checkInOp = await unappliedOpFor(db, visitId, 'visit.checkIn');
    await db.visits.update(visitId, {
      check_out_at: at,
      check_out_location: details.location,
      check_out_note: details.note,
      syncState: 'pending',
    });
    await enqueueOp(
      db,
      {
        type: 'visit.checkOut',
        companyId: visitor.companyId,
        accountId: visitor.accountId,
        entity: { type: 'visit', id: visitId },
        dependsOn: checkInOp ? [checkInOp] : [],
        payload: { visitId, at, location: details.location, note: details.note },
      },
      now,
    );
  });
}

const noticeKey = (companyId: number, accountId: number) => `location-notice:${companyId}:${accountId}`;

/** Whether this person accepted the current location notice on this device. */
export async function noticeAccepted(db: AppDb, companyId: number, accountId: number): Promise<boolean> {
  return (await readMeta<string>(db, noticeKey(companyId, accountId))) === LOCATION_NOTICE.version;
}

/** The rep accepts the location notice: kept on the device at once, and sent for the company's record. */
export async function acceptLocationNotice(db: AppDb, visitor: Visitor, now = new Date()): Promise<void> {
  await writeWithOp(db, [db.meta], async () => {
    await writeMeta(db, noticeKey(visitor.companyId, visitor.accountId), LOCATION_NOTICE.version);
    await enqueueOp(
      db,
      {
        type: 'visit.acceptLocationNotice',
        companyId: visitor.companyId,
        accountId: visitor.accountId,
        payload: { version: LOCATION_NOTICE.version, at: now.toISOString() },
      },
      now,
    );
  });
}

/** The visit this person has checked in to and not yet out of, or null. */
export async function openVisit(db: AppDb, companyId: number, accountId: number): Promise<LocalVisit | null> {
  const recent = await db.visits
    .where('[company+check_in_at]')
    .between([companyId, ''], [companyId, '\uffff'])
    .reverse()
    .filter((visit) => visit.account_id === accountId && visit.check_out_at === null && visit.syncState !== 'rejected')
    .first();
  return recent ?? null;
}

/**
 * Reads the position when the person allows it; never blocks a check-in for long. A fresh fix every
 * time (no cached one): the rule measures where the rep stands now, and a rep refused 500 m away
 * walks to the shop and tries again within the minute.
 */
export function currentLocation(timeoutMs = 8_000): Promise<GeoLocation | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ lat: position.coords.latitude, lng: position.coords.longitude, accuracy: Math.round(position.coords.accuracy) }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}
