/** A company's attendance rule (contract/attendance.ts): read once per transaction, saved with a change the phones pull. */
import { eq } from 'drizzle-orm';
import { DEFAULT_ATTENDANCE_SETTINGS, type AttendanceSettings, type AttendanceSettingsRecord } from '@contract/attendance';
import type { Db } from '@server/kernel/db/client';
import { attendanceSettings } from '@server/kernel/db/schema';
import { readOnce } from '@server/kernel/read-once';
import { recordUpserts } from '@server/kernel/sync/change-log';

async function readSettings(db: Db, companyId: number): Promise<AttendanceSettings> {
  const [row] = await db.select().from(attendanceSettings).where(eq(attendanceSettings.companyId, companyId));
  return row ? { noon: row.noon, workdays: row.workdays } : { ...DEFAULT_ATTENDANCE_SETTINGS };
}

export function attendanceSettingsOf(db: Db, companyId: number): Promise<AttendanceSettings> {
  return readOnce(db, `attendance-settings:${companyId}`, () => readSettings(db, companyId));
}

export async function saveAttendanceSettings(tx: Db, companyId: number, settings: AttendanceSettings): Promise<void> {
  const values = { noon: settings.noon, workdays: settings.workdays, updatedAt: new Date() };
  await tx
    .insert(attendanceSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: attendanceSettings.companyId, set: values });
  // The phones judge the rep's own month with the settings they hold.
  await recordUpserts(tx, companyId, 'attendance_settings', [companyId]);
}

/** The sync loader: the one record of the company, whatever ids are asked. */
export async function loadAttendanceSettings(db: Db, companyId: number, ids: string[]): Promise<Map<string, AttendanceSettingsRecord>> {
  if (!ids.includes(String(companyId))) return new Map();
  return new Map([[String(companyId), { company: companyId, ...(await readSettings(db, companyId)) }]]);
}
