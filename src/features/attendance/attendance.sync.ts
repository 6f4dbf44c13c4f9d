/** The client's half of the attendance sync domain (contract/attendance.ts attendanceSync). */
import { attendanceSync, type AttendanceClaimRecord } from '@contract/attendance';
import type { LocalAttendanceClaim } from '@/db/app-db';
import { clientSyncDomain } from '@/sync/domain';
import { asSentMirror, byNumber, byText, deviceRowsMirror, markRejected } from '@/sync/mirrors';
import { fileClaim } from './model/claim-actions';

const toLocalClaim = (record: AttendanceClaimRecord): LocalAttendanceClaim => ({ ...record, syncState: 'synced', error: null });

export const attendanceClientSync = clientSyncDomain(attendanceSync, {
  mirrors: {
    attendance_claim: deviceRowsMirror((db) => db.attendanceClaims, byText, toLocalClaim, '[company+day]'),
    attendance_settings: asSentMirror((db) => db.attendanceSettings, byNumber),
  },
  writers: { 'attendance.claim': fileClaim },
  onRejected: { attendance_claim: markRejected((db) => db.attendanceClaims, true) },
});
