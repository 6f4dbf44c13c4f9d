/** The client's half of the visits sync domain (contract/visits.ts visitsSync). */
import { visitsSync } from '@contract/visits';
import { toLocalVisit } from '@/db/local-records';
import { clientSyncDomain } from '@/sync/domain';
import { byText, deviceRowsMirror, markRejected } from '@/sync/mirrors';
import { checkIn, checkOut } from './model/visit-actions';

export const visitsClientSync = clientSyncDomain(visitsSync, {
  mirrors: {
    visit: deviceRowsMirror((db) => db.visits, byText, toLocalVisit, '[company+check_in_at]'),
  },
  writers: { 'visit.checkIn': checkIn, 'visit.checkOut': checkOut },
  onRejected: { visit: markRejected((db) => db.visits, true) },
});
