/** What the visit screens read from the device, live: the open visit, a customer's pin, the location notice, the day's plan. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { VisitPhoto } from '@contract/visits';
import type { AppDb, LocalVisit } from '@/db/app-db';
import { localPin, noticeAccepted, openVisit, type Visitor } from '../model/visit-actions';
import { dayPlanOnDevice, planStateOnDevice } from '../model/day-plan';
import { idleOnDevice } from '../model/idle-customers';
import { visitPhotosOnDevice } from '../model/visit-photos';

/** The visit this person has checked in to and not out of: undefined while reading, null when none. */
export function useOpenVisit(db: AppDb, companyId: number, accountId: number): LocalVisit | null | undefined {
  return useLiveQuery(
    () => (companyId && accountId ? openVisit(db, companyId, accountId) : Promise.resolve(null)),
    [db, companyId, accountId],
  );
}

/** The customer's pin as the device holds it: undefined while reading, null when it has none. */
export function useLocalPin(db: AppDb, customerId: string | null) {
  return useLiveQuery(() => (customerId ? localPin(db, customerId) : Promise.resolve(null)), [db, customerId]);
}

/** Whether this person accepted the current location notice here: undefined while reading. */
export function useNoticeAccepted(db: AppDb, companyId: number, accountId: number): boolean | undefined {
  return useLiveQuery(() => noticeAccepted(db, companyId, accountId), [db, companyId, accountId]);
}

/** Whether a check-in at the customer now is on the rep's route plan (null: no plan in effect); undefined while reading. */
export function usePlanState(db: AppDb, visitor: Pick<Visitor, 'companyId' | 'accountId'>, customerId: string | null) {
  return useLiveQuery(
    () => (customerId ? planStateOnDevice(db, visitor.companyId, visitor.accountId, customerId) : Promise.resolve(null)),
    [db, visitor.companyId, visitor.accountId, customerId],
  );
}

/** The rep's day ("Hôm nay", src/features/visits/model/day-plan.ts), live: undefined while reading. */
export function useDayPlan(db: AppDb, companyId: number, accountId: number) {
  return useLiveQuery(() => dayPlanOnDevice(db, companyId, accountId), [db, companyId, accountId]);
}

/** The customers of the rep's route gone idle (src/features/visits/model/idle-customers.ts), live; asked once `ready`. */
export function useIdleCustomers(db: AppDb, companyId: number, accountId: number, ready: boolean) {
  return useLiveQuery(
    () => (ready ? idleOnDevice(db, companyId, accountId) : Promise.resolve(undefined)),
    [db, companyId, accountId, ready],
  );
}

/** A visit's photos, the server's then this device's on their way (src/features/visits/model/visit-photos.ts), live. */
export function useVisitPhotos(db: AppDb, visitId: string, sent: VisitPhoto[] | undefined) {
  return useLiveQuery(() => visitPhotosOnDevice(db, visitId, sent), [db, visitId, sent]);
}
