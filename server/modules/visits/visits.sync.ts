/** The server's half of the visits sync domain (contract/visits.ts visitsSync). */
import { visitsSync } from '@contract/visits';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { loadVisitSettings } from './settings';
import { acceptLocationNotice } from './location-notice';
import { addPhoto, checkIn, checkOut } from './visit-ops';
import { loadVisitRecords } from './visit-record';
import { loadPlanRecords } from './plans';

export const visitsServerSync = serverSyncDomain(visitsSync, {
  handlers: {
    'visit.checkIn': checkIn,
    'visit.checkOut': checkOut,
    'visit.addPhoto': addPhoto,
    'visit.acceptLocationNotice': acceptLocationNotice,
  },
  loaders: { visit: loadVisitRecords, visit_settings: loadVisitSettings, route_plan: loadPlanRecords },
});
