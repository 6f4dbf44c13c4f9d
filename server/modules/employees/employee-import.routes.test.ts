import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employeePaths,
  REVENUE_SHEET_COLUMNS,
  STAFF_SHEET_COLUMNS,
  type EmployeeOptions,
  type EmployeeRecord,
  type RevenueImportAnswer,
  type StaffImportAnswer,
} from '@contract/employees';
import { staffSales } from '@server/kernel/db/schema';
import { freshPhone } from '@server/testing/fixtures';
import { startEmployeeKit, STAFF, workbookBytes, type EmployeeKit } from '@server/testing/employees.kit';

let kit: EmployeeKit;
let options: EmployeeOptions;
let oversized: { bomb: Uint8Array; emptyRows: Uint8Array };

const HEADERS = [...STAFF_SHEET_COLUMNS];

/**
 * A zip bomb and a sheet of 300,000 empty rows, each under the 1 MB body limit: the staff template
 * as Excel writes it, its first sheet's rows replaced. Made before the server starts: zipping 64 MB
 * holds the event loop for seconds on a loaded machine, and a request sent right after such a pause
 * went out on a kept-alive connection the server was closing at that moment (ECONNRESET).
 */
async function oversizedSheets(): Promise<{ bomb: Uint8Array; emptyRows: Uint8Array }> {
  const template = unzipSync(await workbookBytes([HEADERS, ['', 'Người Mới', freshPhone()]]));
  const sheetName = Object.keys(template).find((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name))!;
  const original = strFromU8(template[sheetName]!);
  const withRows = (extra: string) => {
    const header = /<row r="1"[\s\S]*?<\/row>/.exec(original)![0];
    const xml = original.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${header}${extra}</sheetData>`);
    return zipSync({ ...template, [sheetName]: strToU8(xml) });
  };
  return {
    bomb: withRows(' '.repeat(64 * 1024 * 1024)),
    emptyRows: withRows(Array.from({ length: 300_000 }, (_, i) => `<row r="${i + 2}"/>`).join('')),
  };
}

beforeAll(async () => {
  oversized = await oversizedSheets();
  kit = await startEmployeeKit();
  options = (await kit.get<EmployeeOptions>(employeePaths.options, { company: kit.anKhang })).body.data;
});
afterAll(async () => {
  await kit?.stop();
});

async function download(path: string, token = kit.an.access) {
  const response = await fetch(`${kit.server.url}/api${path}?company=${kit.anKhang}`, { headers: { authorization: `Bearer ${token}` } });
  return response;
}

async function sheetOf(response: Response, index = 0) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[index]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const byPhone = async (phone: string) =>
  (await kit.get<EmployeeRecord[]>(employeePaths.employees, { company: kit.anKhang, search: phone })).body.data[0] ?? null;

describe('templates', () => {
  it('serves the staff template with the import columns and the company’s roles and region codes', async () => {
    const response = await download(employeePaths.staffTemplate);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mau-nhap-nhan-vien.xlsx"');
    const [headers, example] = await sheetOf(response.clone());
    expect(headers).toEqual(HEADERS);
    expect(example).toEqual([
      'TDV101',
      'Nguyễn Thị Mai',
      '0987654321',
      'mai.nguyen@example.com',
      'Trình dược viên',
      'Trình dược viên',
      'HN',
      undefined,
      new Date('2026-04-01T00:00:00Z'),
    ]);
    const lists = await sheetOf(response, 1);
    expect(lists.map((row) => row[1]).slice(1, 6)).toEqual(options.roles.map((role) => role.name));
    expect(lists.map((row) => row[2]).slice(1, 4)).toEqual(['HN', 'MN', 'MT']);
  });

  it('serves the sales template, and refuses members without the permission', async () => {
    const response = await download(employeePaths.revenueTemplate);
    expect(response.status).toBe(200);
    expect((await sheetOf(response))[0]).toEqual([...REVENUE_SHEET_COLUMNS]);
    expect((await download(employeePaths.staffTemplate, kit.manager.access)).status).toBe(403);
    expect((await download(employeePaths.revenueTemplate, kit.accountant.access)).status).toBe(403);
    expect((await download(employeePaths.revenueTemplate, kit.binh.access)).status).toBe(403);
  });
});

describe('import-data-sales/', () => {
  it('invites new people, updates members, and reports every bad row without changing it', async () => {
    const newPhone = freshPhone();
    const linked = '0907654321';
    const sheet = [
      HEADERS,
      // 2: a new rep, phone typed as a number (Excel drops the 0), date as a date cell.
      ['', 'Hồ Thị Nhập', Number(newPhone), 'nhap@example.com', 'Trình dược viên', '', 'mt', STAFF.manager, new Date(Date.UTC(2026, 3, 1))],
      // 3: an existing member: region and start date change, the rest stays.
      ['', '', STAFF.repHanoi, '', '', '', 'MN', '', '15/06/2025'],
      // 4: an account that exists elsewhere: linked and invited as office staff with a role.
      ['NV-BINH', 'Bỏ qua tên này', linked, '', 'Văn phòng', 'ke toan', '', '', ''],
      // 5: a bad phone.
      ['', 'Sai Số', '12345', '', '', '', '', '', ''],
      // 6: an existing member with an unknown region: nothing of the row is applied.
      ['TDV-SAI', '', STAFF.rep, '', '', '', 'ZZ', '', '01/01/2020'],
      // 7: an unknown role.
      ['', 'Người Mới', freshPhone(), '', '', 'Giám đốc', '', '', ''],
      // 8: a code already taken.
      ['KT001', 'Người Mới', freshPhone(), '', '', '', '', '', ''],
      // 9: a bad date and 10: an unknown kind.
      ['', 'Người Mới', freshPhone(), '', '', '', '', '', '31/02/2026'],
      ['', 'Người Mới', freshPhone(), '', 'Giám đốc', '', '', '', ''],
      // 11: a manager phone nobody has.
      ['', 'Người Mới', freshPhone(), '', '', '', '', '0999999999', ''],
      // 12: an empty row is skipped; 13: a new account without a name.
      ['', '', '', '', '', '', '', '', ''],
      ['', '', freshPhone(), '', '', '', '', '', ''],
    ];
    const answer = await kit.upload<StaffImportAnswer>(employeePaths.importStaff, sheet, {
      company: String(kit.anKhang),
      password: 'Khoi@dau2026',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Đã mời 2, cập nhật 1 nhân viên, 8 dòng lỗi');
    expect(answer.body.data).toMatchObject({ total: 11, invited: 2, updated: 1, failed: 8 });
    expect(answer.body.data.rows).toEqual([
      { row: 2, ok: true, message: 'Đã tạo tài khoản và mời Hồ Thị Nhập (TDV003)' },
      { row: 3, ok: true, message: 'Đã cập nhật Phạm Thị Hoa' },
      { row: 4, ok: true, message: 'Đã mời Trần Thị Bình (NV-BINH)' },
      { row: 5, ok: false, column: 'Số điện thoại', message: 'Số điện thoại: số điện thoại không hợp lệ' },
      { row: 6, ok: false, column: 'Mã khu vực', message: 'Mã khu vực "ZZ" không có trong công ty' },
      { row: 7, ok: false, column: 'Vai trò', message: 'Vai trò "Giám đốc" không có trong công ty' },
      { row: 8, ok: false, column: 'Mã NV', message: 'Mã nhân viên đã tồn tại' },
      { row: 9, ok: false, column: 'Ngày bắt đầu', message: 'Ngày bắt đầu không hợp lệ (nhập theo dạng DD/MM/YYYY)' },
      { row: 10, ok: false, column: 'Loại', message: 'Loại chỉ nhận "Trình dược viên" (hoặc "Nhân viên bán hàng") hoặc "Văn phòng"' },
      { row: 11, ok: false, column: 'SĐT quản lý', message: 'Không có người quản lý nào có số điện thoại 0999999999' },
      { row: 13, ok: false, column: 'Họ tên', message: 'Vui lòng nhập họ và tên cho tài khoản mới' },
    ]);
    expect(await byPhone(newPhone)).toMatchObject({
      full_name: 'Hồ Thị Nhập',
      email: 'nhap@example.com',
      staff_kind: 'sales',
      region: { code: 'MT' },
      manager: { full_name: 'Võ Minh Quân' },
      start_date: '2026-04-01',
      status_display: 'invited',
      role: { name: 'Trình dược viên' },
    });
    await kit.server.login(newPhone, 'Khoi@dau2026');
    expect(await byPhone(STAFF.repHanoi)).toMatchObject({
      code: 'TDV002',
      region: { code: 'MN' },
      start_date: '2025-06-15',
      staff_kind: 'sales',
    });
    expect(await byPhone(linked)).toMatchObject({
      full_name: 'Trần Thị Bình',
      code: 'NV-BINH',
      staff_kind: 'office',
      role: { name: 'Kế toán' },
    });
    expect(await byPhone(STAFF.rep)).toMatchObject({ code: 'TDV001', region: { code: 'MN' }, start_date: '2025-03-01' });
  });

  it('asks for an initial password only where a new account is needed', async () => {
    const sheet = [
      HEADERS,
      ['', 'Không Mật Khẩu', freshPhone(), '', '', '', '', '', ''],
      ['', '', STAFF.repHanoi, '', '', '', 'HN', '', ''],
    ];
    const answer = await kit.upload<StaffImportAnswer>(employeePaths.importStaff, sheet, { company: String(kit.anKhang) });
    expect(answer.body.data.rows).toEqual([
      { row: 2, ok: false, message: 'Số điện thoại chưa có tài khoản: cần nhập mật khẩu ban đầu cho tài khoản mới khi tải tệp lên' },
      { row: 3, ok: true, message: 'Đã cập nhật Phạm Thị Hoa' },
    ]);
    const weak = await kit.upload(employeePaths.importStaff, sheet, { company: String(kit.anKhang), password: '12345678' });
    expect([weak.status, weak.body.fields?.password]).toEqual([400, 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác']);
  });

  it('accepts other header spellings and refuses files that are not a usable sheet', async () => {
    const spelled = await kit.upload<StaffImportAnswer>(
      employeePaths.importStaff,
      [
        ['SĐT', 'Khu vực'],
        [STAFF.repHanoi, 'HN'],
      ],
      { company: String(kit.anKhang) },
    );
    expect([spelled.status, spelled.body.data.updated]).toEqual([200, 1]);
    const refusals: [Uint8Array | string, string][] = [
      ['not a workbook', 'Tệp không phải tệp Excel .xlsx hợp lệ'],
      [
        await workbookBytes([
          ['Họ tên', 'Email'],
          ['A', 'a@b.cd'],
        ]),
        'Tệp thiếu cột: Số điện thoại. Hãy dùng tệp mẫu.',
      ],
      [await workbookBytes([HEADERS]), 'Tệp không có dòng dữ liệu nào dưới dòng tiêu đề'],
      [
        await workbookBytes([HEADERS, ...Array.from({ length: 2001 }, () => ['', 'A', freshPhone()])]),
        'Mỗi lần nhập tối đa 2000 dòng; hãy chia tệp thành nhiều phần',
      ],
    ];
    for (const [bytes, message] of refusals) {
      const refused = await kit.uploadBytes(employeePaths.importStaff, bytes, { company: String(kit.anKhang) });
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
    const noFile = await kit.server.call(employeePaths.importStaff, { token: kit.an.access, body: { company: kit.anKhang } });
    expect([noFile.status, noFile.body.message]).toEqual([400, 'Vui lòng tải lên tệp Excel (.xlsx) dạng multipart/form-data']);
    const form = new FormData();
    form.set('company', String(kit.anKhang));
    const empty = await fetch(`${kit.server.url}/api${employeePaths.importStaff}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${kit.an.access}` },
      body: form,
    });
    expect([empty.status, ((await empty.json()) as { message: string }).message]).toEqual([400, 'Vui lòng chọn tệp Excel (.xlsx)']);
    const company = await kit.upload(employeePaths.importStaff, [HEADERS, ['', '', STAFF.rep]], {});
    expect([company.status, company.body.fields?.company]).toEqual([400, 'Vui lòng nhập công ty']);
  });

  it('measures an upload before unzipping it: a zip bomb and a sheet of empty rows are refused without being read', async () => {
    const { bomb, emptyRows } = oversized;
    expect(bomb.length, 'within the 1 MB body limit').toBeLessThan(1024 * 1024);
    expect(emptyRows.length).toBeLessThan(1024 * 1024);
    for (const [bytes, message] of [
      [bomb, 'Tệp Excel quá lớn khi giải nén (tối đa 20 MB); hãy bỏ các trang tính, hình ảnh không cần thiết hoặc chia tệp'],
      [emptyRows, 'Mỗi lần nhập tối đa 2000 dòng; hãy chia tệp thành nhiều phần'],
    ] as const) {
      const started = Date.now();
      const refused = await kit.uploadBytes(employeePaths.importStaff, bytes, { company: String(kit.anKhang) });
      expect([refused.status, refused.body.message, refused.body.fields?.file]).toEqual([400, message, message]);
      expect(Date.now() - started, 'refused without exceljs building the sheet').toBeLessThan(10_000);
    }
  });

  it('refuses members without the create permission and other companies', async () => {
    const sheet = [HEADERS, ['', 'Người Mới', freshPhone(), '', '', '', '', '', '']];
    for (const who of [kit.manager, kit.accountant, kit.rep]) {
      const refused = await kit.upload(
        employeePaths.importStaff,
        sheet,
        { company: String(kit.anKhang), password: 'Khoi@dau2026' },
        who.access,
      );
      expect([refused.status, refused.body.message]).toEqual([403, 'Bạn không có quyền thêm mới mục Nhân viên']);
    }
    const stranger = await kit.upload(employeePaths.importStaff, sheet, { company: String(kit.anKhang) }, kit.binh.access);
    expect([stranger.status, stranger.body.error]).toEqual([403, 'NOT_A_MEMBER']);
  });
});

describe('import-revenua-sales/', () => {
  const sales = (accountId: number) =>
    kit.server.deps.db
      .select({ month: staffSales.month, revenue: staffSales.revenue, orders: staffSales.orders })
      .from(staffSales)
      .where(and(eq(staffSales.companyId, kit.anKhang), eq(staffSales.accountId, accountId)))
      .orderBy(staffSales.month);

  it('writes monthly figures by code or phone, replaces them on a second import, and reports bad rows', async () => {
    const sheet = [
      [...REVENUE_SHEET_COLUMNS],
      ['TDV001', '', '03/2026', 125_000_000, 42],
      ['', STAFF.repHanoi, '2026-03', '98.500.000', '30'],
      ['tdv001', STAFF.rep, new Date(Date.UTC(2026, 1, 1)), '1,000,000 ₫', ''],
      ['XX999', '', '03/2026', 1, 1],
      ['TDV001', STAFF.repHanoi, '03/2026', 1, 1],
      ['TDV001', '', '13/2026', 1, 1],
      ['TDV001', '', '04/2026', -5, 1],
      ['TDV001', '', '04/2026', 1.5, 1],
      ['TDV001', '', '', 1, 1],
      ['', '', '04/2026', 1, 1],
    ];
    const answer = await kit.upload<RevenueImportAnswer>(employeePaths.importRevenue, sheet, { company: String(kit.anKhang) });
    expect([answer.status, answer.body.message]).toEqual([200, 'Đã lưu doanh số 3 dòng, 7 dòng lỗi']);
    expect(answer.body.data.rows).toEqual([
      { row: 2, ok: true, message: 'Đã lưu doanh số tháng 03/2026 của Lê Văn Trình' },
      { row: 3, ok: true, message: 'Đã lưu doanh số tháng 03/2026 của Phạm Thị Hoa' },
      { row: 4, ok: true, message: 'Đã lưu doanh số tháng 02/2026 của Lê Văn Trình' },
      { row: 5, ok: false, column: 'Mã NV', message: 'Không có nhân viên nào có mã XX999' },
      { row: 6, ok: false, column: 'Số điện thoại', message: 'Mã NV và số điện thoại không phải của cùng một nhân viên' },
      { row: 7, ok: false, column: 'Tháng', message: 'Tháng không hợp lệ (nhập theo dạng MM/YYYY)' },
      { row: 8, ok: false, column: 'Doanh số', message: 'Doanh số phải là số nguyên không âm' },
      { row: 9, ok: false, column: 'Doanh số', message: 'Doanh số phải là số nguyên không âm' },
      { row: 10, ok: false, column: 'Tháng', message: 'Vui lòng nhập Tháng (MM/YYYY)' },
      { row: 11, ok: false, column: 'Mã NV', message: 'Vui lòng nhập Mã NV hoặc Số điện thoại' },
    ]);
    expect(await sales(kit.rep.account.id)).toEqual([
      { month: '2026-02', revenue: 1_000_000, orders: 0 },
      { month: '2026-03', revenue: 125_000_000, orders: 42 },
    ]);
    expect(await sales(kit.repHanoi.account.id)).toEqual([{ month: '2026-03', revenue: 98_500_000, orders: 30 }]);

    const again = await kit.upload<RevenueImportAnswer>(
      employeePaths.importRevenue,
      [[...REVENUE_SHEET_COLUMNS], ['TDV001', '', '03/2026', 130_000_000, 45]],
      {
        company: String(kit.anKhang),
      },
    );
    expect(again.body.data.saved).toBe(1);
    expect((await sales(kit.rep.account.id))[1]).toEqual({ month: '2026-03', revenue: 130_000_000, orders: 45 });
  });

  it('lets a regional manager import only for the staff of their region', async () => {
    const sheet = [[...REVENUE_SHEET_COLUMNS], ['TDV001', '', '01/2026', 10, 1], ['KT001', '', '01/2026', 10, 1]];
    const answer = await kit.upload<RevenueImportAnswer>(
      employeePaths.importRevenue,
      sheet,
      { company: String(kit.anKhang) },
      kit.manager.access,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.rows.map((row) => [row.row, row.ok, row.message])).toEqual([
      [2, true, 'Đã lưu doanh số tháng 01/2026 của Lê Văn Trình'],
      [3, false, 'Nhân viên này không thuộc khu vực bạn phụ trách'],
    ]);
  });

  it('refuses a sheet without the needed columns, members without the edit permission and other companies', async () => {
    const missing = await kit.upload(
      employeePaths.importRevenue,
      [
        ['Tháng', 'Doanh số'],
        ['03/2026', 1],
      ],
      { company: String(kit.anKhang) },
    );
    expect([missing.status, missing.body.message]).toEqual([400, 'Tệp thiếu cột: Mã NV hoặc Số điện thoại. Hãy dùng tệp mẫu.']);
    const sheet = [[...REVENUE_SHEET_COLUMNS], ['TDV001', '', '03/2026', 1, 1]];
    for (const who of [kit.accountant, kit.rep]) {
      const refused = await kit.upload(employeePaths.importRevenue, sheet, { company: String(kit.anKhang) }, who.access);
      expect([refused.status, refused.body.message]).toEqual([403, 'Bạn không có quyền sửa mục Nhân viên']);
    }
    expect((await kit.upload(employeePaths.importRevenue, sheet, { company: String(kit.anKhang) }, kit.binh.access)).status).toBe(403);
    expect((await sales(kit.rep.account.id)).find((row) => row.month === '2026-03')).toEqual({
      month: '2026-03',
      revenue: 130_000_000,
      orders: 45,
    });
  });
});
