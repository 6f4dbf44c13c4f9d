/**
 * Route plans as an Excel sheet (server/modules/visits/plans-sheet.ts): the import groups rows into
 * plans by rep and name, saves them all waiting for approval or none, and says what is wrong row by
 * row; the export writes one row per stop with real numbers and dates, within the caller's reach.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { planPaths, type RoutePlanRecord } from '@contract/visits-plans';
import { routePlans } from '@server/kernel/db/schema';
import { startDemoServer, type DemoServer } from '@server/testing/test-server';
import type { PlanImportAnswer } from './plans-sheet';

let demo: DemoServer;
let quan: LoginAnswer;
let trinh: LoginAnswer;

const row = (_row: number, cells: Record<string, string | number | null>) => ({ _row, ...cells });
const stop = (
  rep: string,
  plan: string,
  order: number,
  code: string,
  frequency: string,
  days: string,
  weeks: string | null,
  from: string,
) => ({
  'Mã NV': rep,
  Tuyến: plan,
  'Thứ tự': order,
  'Mã KH': code,
  'Tần suất': frequency,
  Thứ: days,
  Tuần: weeks,
  'Ngày áp dụng': from,
});

const importRows = (rows: unknown[], token = demo.an.access) =>
  demo.server.call<PlanImportAnswer>(planPaths.import, { token, body: { company: demo.anKhang, rows } });

async function plansNamed(name: string): Promise<RoutePlanRecord[]> {
  const answer = await demo.server.call<RoutePlanRecord[]>(`${planPaths.plans}?company=${demo.anKhang}`, { token: demo.an.access });
  return answer.body.data.filter((plan) => plan.name === name);
}

async function sheetRows(response: Response): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((line, number) => {
    rows.push((line.values as unknown[]).slice(1));
    expect(number).toBeGreaterThan(0);
  });
  return rows;
}

const download = (query: string, token = demo.an.access) =>
  fetch(`${demo.server.url}/api${planPaths.export}?company=${demo.anKhang}${query}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  demo = await startDemoServer();
  quan = await demo.server.login('0912000003');
  trinh = await demo.server.login('0912000001');
});
afterAll(async () => {
  await demo?.server.stop();
});

describe('importing route plans from Excel', () => {
  it('groups the rows into plans by rep and name, orders them by "Thứ tự" and saves them waiting for approval', async () => {
    const answer = await importRows([
      row(2, stop('TDV001', 'Tuyến nhập Quận 1', 2, 'KH000004', 'F8 – tuần 2 lần', 'T2, T5', null, '2026-12-07')),
      row(3, stop('TDV001', 'Tuyến nhập Quận 1', 1, 'kh000001', 'F1', 'Thứ 4', '2', '07/12/2026')),
      row(4, stop('tdv001', 'Tuyến nhập Quận 1', 3, 'KH000005', 'F2', 'CN', '1 và 3', '2026-12-07 00:00')),
      row(5, stop('0912000002', 'Tuyến nhập Hà Nội', 1, 'KH000002', '4', 'T3', null, '2026-12-14')),
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ created: 2, updated: 0, errors: [] });
    const [south] = await plansNamed('Tuyến nhập Quận 1');
    expect(south!.account_name).toBe('Lê Văn Trình');
    expect(south!.status).toBe('waiting');
    expect(south!.effective_from).toBe('2026-12-07');
    expect(south!.stops.map(({ frequency, weekdays, weeks }) => ({ frequency, weekdays, weeks }))).toEqual([
      { frequency: 'F1', weekdays: [3], weeks: [2] },
      { frequency: 'F8', weekdays: [1, 4], weeks: [] },
      { frequency: 'F2', weekdays: [7], weeks: [1, 3] },
    ]);
    const [north] = await plansNamed('Tuyến nhập Hà Nội');
    expect(north!.account_name).toBe('Phạm Thị Hoa');
    expect(north!.stops).toMatchObject([{ frequency: 'F4', weekdays: [2], weeks: [] }]);
  });

  it('replaces a plan of the same rep and name, which waits again while the approved stops stay in effect', async () => {
    const [before] = await plansNamed('Tuyến nhập Hà Nội');
    await demo.server.call(planPaths.approve(before!.id), { token: demo.an.access, body: { company: demo.anKhang } });
    const answer = await importRows([
      row(2, stop('0912000002', 'Tuyến nhập Hà Nội', 1, 'KH000002', 'F12', 'T2, T4, T6', null, '2026-12-21')),
      row(3, stop('0912000002', 'Tuyến nhập Hà Nội', 2, 'KH000003', 'F4', 'T7', null, '2026-12-21')),
    ]);
    expect(answer.body.data).toEqual({ created: 0, updated: 1, errors: [] });
    const plans = await plansNamed('Tuyến nhập Hà Nội');
    expect(plans).toHaveLength(1);
    expect(plans[0]!.id).toBe(before!.id);
    expect(plans[0]!.status).toBe('waiting');
    expect(plans[0]!.stops).toHaveLength(2);
    expect(plans[0]!.approved_stops).toHaveLength(1);
    expect(plans[0]!.approved_from).toBe('2026-12-14');
  });

  it('saves nothing when a row is wrong, and names every wrong row in Vietnamese', async () => {
    const count = async () => (await demo.server.deps.db.select().from(routePlans).where(eq(routePlans.companyId, demo.anKhang))).length;
    const before = await count();
    const answer = await importRows([
      row(2, stop('TDV001', 'Tuyến lỗi', 1, 'KH000001', 'F4', 'T2', null, '2026-12-07')),
      row(3, stop('TDV001', 'Tuyến lỗi', 2, 'KH999999', 'F4', 'T3', null, '2026-12-07')),
      row(4, stop('TDV001', 'Tuyến lỗi', 3, 'KH000004', 'F8', 'T3', null, '2026-12-07')),
      row(5, stop('TDV001', 'Tuyến lỗi', 4, 'KH000005', 'F2', 'T4', '2', '2026-12-07')),
      row(6, stop('TDV001', 'Tuyến lỗi', 5, 'KH000002', 'F9', 'T4', null, '2026-12-07')),
      row(7, stop('TDV001', 'Tuyến lỗi', 6, 'KH000003', 'F4', 'Thứ Tám', null, '2026-12-07')),
      row(8, stop('TDV001', 'Tuyến lỗi', 7, 'KH000001', 'F4', 'T5', null, '2026-12-07')),
      row(9, stop('KHONGCO', 'Tuyến khác', 1, 'KH000001', 'F4', 'T2', null, '31/02/2026')),
      row(10, stop('KHONGCO', 'Tuyến khác', 1, 'KH000001', 'F4', 'T2', null, '2026-12-07')),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Tệp có dòng lỗi, chưa lưu tuyến nào');
    expect(answer.body.data.created + answer.body.data.updated).toBe(0);
    expect(answer.body.data.errors.map((error) => error.message)).toEqual([
      'Dòng 3: không tìm thấy khách hàng mã KH999999',
      'Dòng 4: Tần suất F8 cần chọn 2 ngày trong tuần',
      'Dòng 5: Tần suất F2 cần chọn tuần 1 và 3, hoặc tuần 2 và 4',
      'Dòng 6: Tần suất phải là một trong F1, F2, F4, F8, F12, F24',
      'Dòng 7: Thứ không hợp lệ (VD: T2, T5 hoặc CN)',
      'Dòng 8: khách hàng KH000001 đã có ở dòng 2 của tuyến Tuyến lỗi',
      'Dòng 9: Ngày áp dụng không hợp lệ (DD/MM/YYYY)',
      'Dòng 10: không tìm thấy nhân viên KHONGCO trong công ty hoặc khu vực bạn phụ trách',
    ]);
    expect(answer.body.data.errors.find((error) => error.row === 4)!.field).toBe('Thứ');
    expect(answer.body.data.errors.find((error) => error.row === 5)!.field).toBe('Tuần');
    expect(await count()).toBe(before);
  });

  it('plans only for the reps within reach: a region manager not for another region, a rep not at all', async () => {
    const outside = await importRows(
      [row(2, stop('TDV002', 'Tuyến của vùng khác', 1, 'KH000002', 'F4', 'T2', null, '2026-12-07'))],
      quan.access,
    );
    expect(outside.body.data.errors).toEqual([
      {
        row: 2,
        field: 'Mã NV',
        message: 'Dòng 2: không tìm thấy nhân viên TDV002 trong công ty hoặc khu vực bạn phụ trách',
      },
    ]);
    const mine = await importRows([row(2, stop('TDV001', 'Tuyến vùng Nam', 1, 'KH000001', 'F4', 'T2', null, '2026-12-07'))], quan.access);
    expect(mine.body.data.created).toBe(1);
    const rep = await importRows([row(2, stop('TDV001', 'Tuyến tự lập', 1, 'KH000001', 'F4', 'T2', null, '2026-12-07'))], trinh.access);
    expect(rep.status).toBe(403);
  });

  it('refuses a body that is not rows', async () => {
    const empty = await importRows([]);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Tệp không có dòng dữ liệu nào');
  });
});

describe('exporting route plans to Excel', () => {
  it("writes one row per stop of the filter's plans, with the order a number and the day a date", async () => {
    const [south] = await plansNamed('Tuyến nhập Quận 1');
    const response = await download(`&account=${south!.account_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const [header, ...rows] = await sheetRows(response);
    expect(header).toEqual([
      'Nhân viên',
      'Mã NV',
      'Tuyến',
      'Thứ tự',
      'Mã KH',
      'Khách hàng',
      'Tần suất',
      'Thứ',
      'Tuần',
      'Ngày áp dụng',
      'Trạng thái',
      'Quy tắc',
    ]);
    const ours = rows.filter((line) => line[2] === 'Tuyến nhập Quận 1');
    expect(ours.map((line) => line.slice(0, 5).concat(line.slice(6, 9), [line[10]]))).toEqual([
      ['Lê Văn Trình', 'TDV001', 'Tuyến nhập Quận 1', 1, 'KH000001', 'F1', 'T4', '2', 'Chờ duyệt'],
      ['Lê Văn Trình', 'TDV001', 'Tuyến nhập Quận 1', 2, 'KH000004', 'F8', 'T2, T5', undefined, 'Chờ duyệt'],
      ['Lê Văn Trình', 'TDV001', 'Tuyến nhập Quận 1', 3, 'KH000005', 'F2', 'CN', '1, 3', 'Chờ duyệt'],
    ]);
    expect(ours[0]![9]).toEqual(new Date('2026-12-07T00:00:00Z'));
    expect(rows.every((line) => line[0] === 'Lê Văn Trình')).toBe(true);
  });

  it('gives a region manager only the reps of the region, and a rep no export', async () => {
    const rows = (await sheetRows(await download('', quan.access))).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((line) => line[0] === 'Phạm Thị Hoa')).toBe(false);
    expect((await download('', trinh.access)).status).toBe(403);
  });

  it('imports its own export back unchanged', async () => {
    const [south] = await plansNamed('Tuyến nhập Quận 1');
    const [header, ...rows] = await sheetRows(await download(`&account=${south!.account_id}`));
    const cells = rows
      .filter((line) => line[2] === 'Tuyến nhập Quận 1')
      .map((line, index) => ({
        _row: index + 2,
        ...Object.fromEntries(
          (header as string[]).map((name, at) => {
            const value = line[at];
            return [name, value instanceof Date ? value.toISOString().slice(0, 10) : ((value as string | number | undefined) ?? null)];
          }),
        ),
      }));
    const answer = await importRows(cells);
    expect(answer.body.data).toEqual({ created: 0, updated: 1, errors: [] });
    const [after] = await plansNamed('Tuyến nhập Quận 1');
    expect(after!.stops.map((item) => item.customer_id)).toEqual(south!.stops.map((item) => item.customer_id));
    expect(after!.stops).toEqual(south!.stops);
    const [saved] = await demo.server.deps.db
      .select()
      .from(routePlans)
      .where(and(eq(routePlans.companyId, demo.anKhang), eq(routePlans.id, south!.id)));
    expect(saved!.effectiveFrom).toBe('2026-12-07');
  });
});
