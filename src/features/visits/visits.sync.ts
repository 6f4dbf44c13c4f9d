/** The client's half of the visits sync domain (contract/visits.ts visitsSync). */
import { visitsSync, type VisitRecord } from '@contract/visits';
import { toLocalVisit } from '@/db/local-records';
import { clientSyncDomain } from '@/sync/domain';
import { byText, companyRows } from '@/sync/mirrors';
import { checkIn, checkOut } from './model/visit-actions';

export const visitsClientSync = clientSyncDomain(visitsSync, {
  mirrors: {
    visit: {
      table: (db) => db.visits,
      key: byText,
      toLocal: (record: VisitRecord) => toLocalVisit(record),
      ofCompany: (db, companyId) => companyRows(db.visits, '[company+check_in_at]', companyId).and((row) => row.syncState === 'synced'),
    },
  },
  writers: { 'visit.checkIn': checkIn, 'visit.checkOut': checkOut },
  onRejected: {
    visit: async (db, id, result) => {
      await db.visits.update(id, { syncState: 'rejected', error: result.error?.message ?? 'Bị từ chối' });
    },
  },
});
