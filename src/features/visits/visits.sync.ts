/** The client's half of the visits sync domain (contract/visits.ts visitsSync). */
import { visitsSync, type VisitRecord } from '@contract/visits';
import { toLocalVisit } from '@/db/local-records';
import { clientSyncDomain } from '@/sync/domain';
import { byText, markRejected, syncedCompanyRows } from '@/sync/mirrors';
import { checkIn, checkOut } from './model/visit-actions';

export const visitsClientSync = clientSyncDomain(visitsSync, {
  mirrors: {
    visit: {
      table: (db) => db.visits,
      key: byText,
      toLocal: (record: VisitRecord) => toLocalVisit(record),
      ofCompany: (db, companyId) => syncedCompanyRows(db.visits, '[company+check_in_at]', companyId),
    },
  },
  writers: { 'visit.checkIn': checkIn, 'visit.checkOut': checkOut },
  onRejected: { visit: markRejected((db) => db.visits, true) },
});
