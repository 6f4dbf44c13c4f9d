/** The server's half of the attendance sync domain (contract/attendance.ts attendanceSync). */
import { attendanceSync } from '@contract/attendance';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { fileClaim, loadClaimRecords } from './claims';
import { loadAttendanceSettings } from './settings';

export const attendanceServerSync = serverSyncDomain(attendanceSync, {
  handlers: { 'attendance.claim': fileClaim },
  loaders: { attendance_claim: loadClaimRecords, attendance_settings: loadAttendanceSettings },
});
