/**
 * The demo's attendance (docs/attendance.md): the month's days follow from the visit history
 * (server/seed/demo-history.ts); on top, Lê Văn Trình's self-claim waits for Võ Minh Quân and Phạm
 * Thị Hoa's was approved by him. Each is for the latest workday, three (Trình) or five (Hoa) days
 * back or earlier, that the visits left short of a full day, so the claim shows on the timesheet.
 */
import { and, eq, gte } from 'drizzle-orm';
import { attendanceDay, DEFAULT_ATTENDANCE_SETTINGS, isoWeekday } from '@contract/attendance';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { accounts, attendanceClaims, visits } from '@server/kernel/db/schema';
import { recordChanges } from '@server/kernel/sync/change-log';

const CLAIMS = [
  { rep: '0912000001', back: 3, kind: 'full', reason: 'Điện thoại hết pin cả ngày, vẫn đi tuyến Thủ Đức', approved: false },
  { rep: '0912000002', back: 5, kind: 'full', reason: 'Mất sóng GPS ở chợ Đồng Xuân, không check-in được', approved: true },
] as const;
const MANAGER = '0912000003';

async function accountId(db: Db, phone: string): Promise<number> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, phone));
  return row!.id;
}

/** The latest workday from `back` days ago (up to 20) that the rep's visits made less than full. */
async function shortDay(db: Db, companyId: number, repId: number, today: string, back: number): Promise<string> {
  const since = new Date(`${addDays(today, -20)}T00:00:00+07:00`);
  const rows = await db
    .select({ check_in_at: visits.checkInAt, check_out_at: visits.checkOutAt })
    .from(visits)
    .where(and(eq(visits.companyId, companyId), eq(visits.accountId, repId), gte(visits.checkInAt, since)));
  for (let i = back; i <= 20; i += 1) {
    const day = addDays(today, -i);
    if (!DEFAULT_ATTENDANCE_SETTINGS.workdays.includes(isoWeekday(day))) continue;
    const own = rows
      .filter((row) => vietnamDay(row.check_in_at) === day)
      .map((row) => ({ check_in_at: row.check_in_at.toISOString(), check_out_at: row.check_out_at?.toISOString() ?? null }));
    if (attendanceDay(day, today, DEFAULT_ATTENDANCE_SETTINGS, own).status !== 'full') return day;
  }
  return addDays(today, -back);
}

export async function seedDemoAttendance(db: Db, ids: { anKhangId: number }, now = Date.now()): Promise<void> {
  const companyId = ids.anKhangId;
  const today = vietnamDay(new Date(now));
  const manager = await accountId(db, MANAGER);
  await db.transaction(async (tx) => {
    for (const claim of CLAIMS) {
      const repId = await accountId(tx, claim.rep);
      const day = await shortDay(tx, companyId, repId, today, claim.back);
      const id = uuidv7();
      const filed = new Date(`${addDays(day, 1)}T08:05:00+07:00`);
      await tx.insert(attendanceClaims).values({
        id,
        companyId,
        accountId: repId,
        day,
        kind: claim.kind,
        reason: claim.reason,
        status: claim.approved ? 'approved' : 'waiting',
        decidedBy: claim.approved ? manager : null,
        decidedAt: claim.approved ? new Date(filed.getTime() + 3 * 3_600_000) : null,
        createdAt: filed,
      });
      // The rep's phone pulls their own claim (server/modules/attendance/claims.ts).
      await recordChanges(tx, [{ companyId, entity: 'attendance_claim', entityId: id, op: 'upsert', ownerAccountId: repId }]);
    }
  });
}
