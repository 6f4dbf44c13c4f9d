/**
 * Attendance over sync and HTTP (contract/attendance.ts): the self-claim op (applied, replayed,
 * refused with its reasons), its approval by the region manager within his reach, the timesheet
 * and its Excel sheet by scope, and the company's rule.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendancePaths, type AttendanceClaimRecord, type Timesheet } from '@contract/attendance';
import type { LoginAnswer } from '@contract/auth';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import type { PullAnswer, PushAnswer, OpResult } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { accounts } from '@server/kernel/db/schema';
import { startDemoServer, type DemoServer } from '@server/testing/test-server';

let demo: DemoServer;
let quan: LoginAnswer;
let trinh: LoginAnswer;
let hoa: LoginAnswer;
let trinhId: number;
const today = vietnamDay();
/** Days the demo leaves without a claim (server/seed/demo-attendance.ts uses 3 and 5 days back). */
const DAY = addDays(today, -2);

async function claim(token: string, payload: Record<string, unknown>): Promise<OpResult> {
  const answer = await demo.server.call<PushAnswer>('/sync/push', {
    token,
    body: {
      company: demo.anKhang,
      deviceId: uuidv7(),
      ops: [{ opId: uuidv7(), type: 'attendance.claim', schemaVersion: 1, clientCreatedAt: new Date().toISOString(), payload }],
    },
  });
  return answer.body.data.results[0]!;
}
const claimOf = (day: string, extra: Record<string, unknown> = {}) => ({
  claimId: uuidv7(),
  day,
  kind: 'full',
  reason: 'Máy hết pin, không check-in được',
  ...extra,
});
const decide = (id: string, token: string, action: 'approve' | 'reject', body: Record<string, unknown> = {}) =>
  demo.server.call<AttendanceClaimRecord>(attendancePaths[action](id), { token, body: { company: demo.anKhang, ...body } });

async function pulled(token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let cursor = 0; ;) {
    const page = await demo.server.call<PullAnswer>(`/sync/pull?company=${demo.anKhang}&cursor=${cursor}&limit=1000`, { token });
    ids.push(...page.body.data.changes.filter((change) => change.entity === 'attendance_claim').map((change) => change.id));
    cursor = page.body.data.cursor;
    if (!page.body.data.hasMore) return ids;
  }
}

beforeAll(async () => {
  demo = await startDemoServer();
  [quan, trinh, hoa] = await Promise.all([
    demo.server.login('0912000003'),
    demo.server.login('0912000001'),
    demo.server.login('0912000002'),
  ]);
  const [row] = await demo.server.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, '0912000001'));
  trinhId = row!.id;
});
afterAll(async () => {
  await demo?.server.stop();
});

describe('the demo (server/seed/demo-attendance.ts)', () => {
  it('has Trình’s claim waiting for Quân and Hoa’s approved', async () => {
    const claims = await demo.server.call<AttendanceClaimRecord[]>(`${attendancePaths.claims}?company=${demo.anKhang}`, {
      token: demo.an.access,
    });
    const byRep = (name: string) => claims.body.data.filter((claim) => claim.account_name === name).map((claim) => claim.status);
    expect(byRep('Lê Văn Trình')).toEqual(['waiting']);
    expect(byRep('Phạm Thị Hoa')).toEqual(['approved']);
  });
});

describe('attendance.claim', () => {
  let filed: string;

  it('is applied as a waiting claim, and the same claim sent again is the same fact', async () => {
    const payload = claimOf(DAY);
    const first = await claim(trinh.access, payload);
    expect(first.outcome, JSON.stringify(first.error)).toBe('applied');
    expect(first.entity?.data).toMatchObject({ id: payload.claimId, day: DAY, kind: 'full', status: 'waiting', account_id: trinhId });
    const again = await claim(trinh.access, payload);
    expect(again.outcome).toBe('applied');
    filed = payload.claimId;
  });

  it('is refused with reasons: a second claim for the day, a future day, a day too old, another rep’s id, a bad payload', async () => {
    const refused = async (token: string, payload: Record<string, unknown>) => {
      const result = await claim(token, payload);
      expect(result.outcome).toBe('rejected');
      return [result.error?.code, result.error?.message];
    };
    expect(await refused(trinh.access, claimOf(DAY, { kind: 'half' }))).toEqual([
      'CLAIM_TAKEN',
      'Ngày này đã có đơn xin chấm công đang chờ duyệt hoặc đã duyệt',
    ]);
    expect(await refused(trinh.access, claimOf(addDays(today, 1)))).toEqual([
      'CLAIM_DAY',
      'Không thể xin chấm công cho ngày trong tương lai',
    ]);
    expect(await refused(trinh.access, claimOf(addDays(today, -32)))).toEqual([
      'CLAIM_DAY',
      'Chỉ xin chấm công được trong vòng 31 ngày gần đây',
    ]);
    expect(await refused(hoa.access, claimOf(DAY, { claimId: filed }))).toEqual(['CLAIM_ID_TAKEN', 'Mã đơn xin chấm công đã được dùng']);
    const [, message] = await refused(trinh.access, claimOf(DAY, { reason: ' ' }));
    expect(message).toContain('Vui lòng nhập lý do');
  });

  it('is decided by the region manager for his region’s reps only, with a reason to reject, and the rep’s phone pulls it', async () => {
    expect((await decide(filed, trinh.access, 'approve')).status).toBe(403);
    const hoaClaim = claimOf(DAY);
    expect((await claim(hoa.access, hoaClaim)).outcome).toBe('applied');
    const outside = await decide(hoaClaim.claimId, quan.access, 'approve');
    expect([outside.status, outside.body.message]).toEqual([404, 'Không tìm thấy đơn xin chấm công']);
    // Bình approves visits at Minh Phát (server/seed/demo.ts): An Khang's claim is not found there.
    const binh = await demo.server.login('0907654321');
    const elsewhere = await demo.server.call(attendancePaths.approve(filed), { token: binh.access, body: { company: demo.minhPhat } });
    expect(elsewhere.status).toBe(404);
    expect((await decide('not-a-uuid', quan.access, 'approve')).status).toBe(404);
    const noReason = await decide(filed, quan.access, 'reject');
    expect([noReason.status, noReason.body.message]).toEqual([400, 'Vui lòng nhập lý do từ chối']);
    const approved = await decide(filed, quan.access, 'approve');
    expect(approved.body.data).toMatchObject({ status: 'approved', decided_by_name: 'Võ Minh Quân' });
    expect((await decide(filed, quan.access, 'approve')).status).toBe(200);
    const late = await decide(filed, quan.access, 'reject', { reason: 'Sai ngày' });
    expect([late.status, late.body.message]).toEqual([400, 'Đơn đã được xử lý, không từ chối được nữa']);
    expect(await pulled(trinh.access)).toContain(filed);
    expect(await pulled(hoa.access)).not.toContain(filed);
    const rejected = await decide(hoaClaim.claimId, demo.an.access, 'reject', { reason: 'Không có xác nhận của khách hàng' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: 'Không có xác nhận của khách hàng' });
    const waiting = await demo.server.call<AttendanceClaimRecord[]>(`${attendancePaths.claims}?company=${demo.anKhang}&status=waiting`, {
      token: quan.access,
    });
    expect(waiting.body.data.every((record) => record.status === 'waiting' && record.account_name !== 'Phạm Thị Hoa')).toBe(true);
  });
});

describe('the timesheet', () => {
  const month = DAY.slice(0, 7);
  const sheet = (token: string, query = `month=${month}`) =>
    demo.server.call<Timesheet>(`${attendancePaths.timesheet}?company=${demo.anKhang}&${query}`, { token });

  it('shows a rep their own month only, with the approved claim’s day full, and the region manager his region’s reps', async () => {
    const own = await sheet(trinh.access);
    expect(own.body.data.reps.map((rep) => rep.account_name)).toEqual(['Lê Văn Trình']);
    const day = own.body.data.reps[0]!.days.find((entry) => entry.day === DAY)!;
    expect(day).toMatchObject({ status: 'full', claim: { status: 'approved' } });
    const region = await sheet(quan.access);
    const names = region.body.data.reps.map((rep) => rep.account_name);
    expect(names).toContain('Lê Văn Trình');
    expect(names).not.toContain('Phạm Thị Hoa');
    const all = await sheet(demo.an.access);
    expect(all.body.data.reps.map((rep) => rep.account_name)).toEqual(expect.arrayContaining(['Lê Văn Trình', 'Phạm Thị Hoa']));
    const rep = all.body.data.reps.find((entry) => entry.account_name === 'Phạm Thị Hoa')!;
    expect(rep.totals.cong).toBe(rep.totals.full + rep.totals.half / 2);
  });

  it('refuses a bad month in Vietnamese, and exports the month to Excel for who may export visits', async () => {
    const bad = await sheet(quan.access, 'month=2026-13');
    expect([bad.status, bad.body.message]).toEqual([400, 'Tháng không hợp lệ (YYYY-MM)']);
    const path = `${attendancePaths.timesheetExport}?company=${demo.anKhang}&month=${month}`;
    expect((await demo.server.call(path, { token: trinh.access })).status).toBe(403);
    const sheetAnswer = await fetch(`${demo.server.url}/api${path}`, { headers: { authorization: `Bearer ${quan.access}` } });
    expect(sheetAnswer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await sheetAnswer.arrayBuffer());
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    const trinhDay = rows.find((row) => row[1] === 'Lê Văn Trình' && row[2] instanceof Date && row[2].toISOString().startsWith(DAY))!;
    // Real numbers and a real date, not text: the sheet sums in Excel.
    expect([trinhDay[3], trinhDay[4]]).toEqual(['Đủ công', 1]);
    expect(sheetAnswer.headers.get('content-type')).toContain('spreadsheetml');
  });
});

describe('the attendance rule', () => {
  it('is read by the reps, changed by who edits the settings, and refused in Vietnamese when malformed', async () => {
    const path = `${attendancePaths.settings}?company=${demo.anKhang}`;
    expect((await demo.server.call(path, { token: trinh.access })).body.data).toEqual({ noon: '12:00', workdays: [1, 2, 3, 4, 5, 6] });
    const put = (token: string, body: Record<string, unknown>) =>
      demo.server.call(attendancePaths.settings, { token, method: 'PUT', body: { company: demo.anKhang, ...body } });
    expect((await put(trinh.access, { noon: '13:00', workdays: [1, 2, 3, 4, 5] })).status).toBe(403);
    const bad = await put(demo.an.access, { noon: '25:00', workdays: [1] });
    expect([bad.status, bad.body.message]).toEqual([400, 'Mốc nửa ngày phải có dạng giờ:phút, ví dụ 12:00']);
    const saved = await put(demo.an.access, { noon: '13:00', workdays: [5, 1, 2, 3, 4] });
    expect(saved.body.data).toEqual({ noon: '13:00', workdays: [1, 2, 3, 4, 5] });
    await put(demo.an.access, { noon: '12:00', workdays: [1, 2, 3, 4, 5, 6] });
  });
});
