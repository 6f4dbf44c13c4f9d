/** The client's half of the visits sync domain (contract/visits.ts visitsSync). */
import { visitsSync } from '@contract/visits';
import { toLocalVisit } from '@/db/local-records';
import { clientSyncDomain } from '@/sync/domain';
import { visitSeen } from '@/db/customer-seen';
import { asSentMirror, byNumber, byText, deviceRowsMirror, markRejected, noticingTable } from '@/sync/mirrors';
import { acceptLocationNotice, checkIn, checkOut } from './model/visit-actions';
import { addVisitPhoto } from './model/visit-photos';

export const visitsClientSync = clientSyncDomain(visitsSync, {
  mirrors: {
    visit: {
      ...deviceRowsMirror((db) => db.visits, byText, toLocalVisit, '[company+check_in_at]'),
      table: (db) => noticingTable(db, db.visits, visitSeen),
    },
    visit_settings: asSentMirror((db) => db.visitSettings, byNumber),
    route_plan: asSentMirror((db) => db.routePlans, byText),
  },
  writers: {
    'visit.checkIn': checkIn,
    'visit.checkOut': checkOut,
    'visit.addPhoto': addVisitPhoto,
    'visit.acceptLocationNotice': acceptLocationNotice,
  },
  onRejected: { visit: markRejected((db) => db.visits, true) },
});
