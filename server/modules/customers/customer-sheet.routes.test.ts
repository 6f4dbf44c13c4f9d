/**
 * The customer sheet: the export carries the licence papers with real date cells,
 * the import reads them back (a round trip changes nothing), creates and updates customers, and a
 * malformed day is a Vietnamese row error that changes nothing.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import { CUSTOMER_SHEET_COLUMNS, customerSheetPaths, type CustomerImportAnswer, type CustomerSheetRow } from '@contract/customers-sheet';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let an: LoginAnswer;
let rep: LoginAnswer;
let anKhang: number;

beforeAll(async () => {
  ({ server, an, anKhang } = await startDemoServer());
  rep = await server.login(DEMO_STAFF.repSouth);
});
afterAll(async () => {
  await server?.stop();
});

async function download(query: string, token = an.access) {
  return fetch(`${server.url}/api${customerSheetPaths.exportCustomers}?company=${anKhang}${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The sheet's rows as the client's reader gives them: header texts as keys, a date cell as its ISO day. */
async function readSheet(response: Response): Promise<{ headers: string[]; rows: CustomerSheetRow[]; raw: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: CustomerSheetRow[] = [];
  const raw: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    raw.push(values);
    const record: Record<string, unknown> = { _row: number };
    headers.forEach((header, i) => {
      const value = values[i] ?? null;
      record[header] = value instanceof Date ? value.toISOString().slice(0, 10) : value;
    });
    rows.push(record as CustomerSheetRow);
  });
  return { headers, rows, raw };
}

const importRows = (rows: CustomerSheetRow[], token = an.access) =>
  server.call<CustomerImportAnswer>(customerSheetPaths.importCustomers, { token, body: { company: anKhang, rows } });

async function byCode(code: string): Promise<CustomerRecord> {
  const answer = await server.call<CustomerRecord[]>(`/customer/api/customer/?company=${anKhang}&search=${code}`, { token: an.access });
  return answer.body.data.find((customer) => customer.code === code)!;
}

async function setLicence(code: string, patch: Record<string, unknown>) {
  const customer = await byCode(code);
  const body = {
    company: anKhang,
    code: customer.code,
    name: customer.name,
    kind: customer.kind,
    phone: customer.phone,
    tax_code: customer.tax_code,
    owner_name: customer.owner_name,
    address: customer.address,
    staff_id: customer.staff_id,
    customer_type_id: customer.customer_type_id,
    level_id: customer.level_id,
    status: customer.status,
    lat: customer.lat,
    lng: customer.lng,
    note: customer.note,
    drug_business: customer.drug_business,
    ...patch,
  };
  const saved = await server.call<CustomerRecord>(`/customer/api/customer/${customer.id}/`, { method: 'PUT', token: an.access, body });
  expect(saved.status).toBe(200);
  return saved.body.data;
}

describe('customer-export/ and customer-import/', () => {
  it('exports the licence papers with date cells, and importing the file back changes nothing', async () => {
    const before = await setLicence('KH000001', {
      licence_number: '0123/ĐKKDD-HCM',
      licence_issuer: 'Sở Y tế Thành phố Hồ Chí Minh',
      licence_date: '2024-05-02',
      controlled_scope: true,
      gpp_number: '456/GPP',
      gpp_expiry: '2027-05-02',
      outlet_code: 'HCM-0001',
    });
    const response = await download('&search=KH000001');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="khach-hang-\d{8}\.xlsx"$/);
    const { headers, rows, raw } = await readSheet(response);
    expect(headers).toEqual([...CUSTOMER_SHEET_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Mã KH': 'KH000001',
      'Số GCN đủ ĐKKD dược': '0123/ĐKKDD-HCM',
      'Ngày cấp': '2024-05-02',
      'Thuốc kiểm soát đặc biệt': 'Có',
      'Hết hạn GPP/GDP': '2027-05-02',
      'Mã cơ sở': 'HCM-0001',
    });
    // Real date cells (they sort and filter in Excel), not text.
    const dayColumn = headers.indexOf('Hết hạn GPP/GDP');
    expect(raw[0]![dayColumn]).toBeInstanceOf(Date);

    const again = await importRows(rows);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ created: 0, updated: 1, errors: [] });
    const after = await byCode('KH000001');
    const { updated_at: _a, ...kept } = after;
    const { updated_at: _b, ...was } = before;
    expect(kept).toEqual(was);
  });

  it('creates and updates from typed cells (DD/MM/YYYY, Có/Không), the ward and province read from their names', async () => {
    const answer = await importRows([
      {
        _row: 2,
        'Mã KH': 'KH000002',
        'Ngày cấp': '15/01/2025',
        'Hết hạn GPP/GDP': '15/01/2028',
        'Thuốc kiểm soát đặc biệt': 'không',
        'Số GCN đủ ĐKKD dược': 'QT-02',
      },
      {
        _row: 3,
        'Tên khách hàng': 'Nhà thuốc Nhập Từ Excel',
        'Loại hình kinh doanh': 'nha thuoc',
        'Số nhà, đường': '12 Lê Lợi',
        'Phường/xã': 'Bến Thành',
        'Tỉnh/thành phố': 'TP. Hồ Chí Minh',
        'Số GCN đủ ĐKKD dược': 'NT-03',
        'Hết hạn GPP/GDP': 46753,
      },
    ]);
    expect(answer.body.data).toEqual({ created: 1, updated: 1, errors: [] });
    expect(await byCode('KH000002')).toMatchObject({
      licence_number: 'QT-02',
      licence_date: '2025-01-15',
      gpp_expiry: '2028-01-15',
      controlled_scope: false,
    });
    const list = await server.call<CustomerRecord[]>(`/customer/api/customer/?company=${anKhang}&search=nhap tu excel`, {
      token: an.access,
    });
    expect(list.body.data[0]).toMatchObject({
      kind: 'Nhà thuốc',
      licence_number: 'NT-03',
      gpp_expiry: '2028-01-01',
      address: { province_code: '79', ward_name: 'Phường Bến Thành', street: '12 Lê Lợi' },
    });
  });

  it('refuses a bad day, a bad kind or another rep’s customer row by row, in Vietnamese, changing nothing', async () => {
    const before = await byCode('KH000003');
    const answer = await importRows([
      { _row: 2, 'Mã KH': 'KH000003', 'Số GCN đủ ĐKKD dược': 'DOI-SO', 'Hết hạn GPP/GDP': '31/02/2027' },
      { _row: 3, 'Mã KH': 'KH000003', 'Ngày cấp': 'hôm qua' },
      { _row: 4, 'Tên khách hàng': 'Ngân hàng', 'Loại hình kinh doanh': 'Ngân hàng' },
      { _row: 5, 'Mã KH': 'KH000003', 'Thuốc kiểm soát đặc biệt': 'có lẽ' },
    ]);
    expect(answer.body.data.created + answer.body.data.updated).toBe(0);
    expect(answer.body.data.errors).toEqual([
      { row: 2, field: 'Hết hạn GPP/GDP', message: 'Dòng 2: Hết hạn GPP/GDP "31/02/2027" không hợp lệ (nhập theo dạng DD/MM/YYYY)' },
      { row: 3, field: 'Ngày cấp', message: 'Dòng 3: Ngày cấp "hôm qua" không hợp lệ (nhập theo dạng DD/MM/YYYY)' },
      { row: 4, field: 'Loại hình kinh doanh', message: expect.stringMatching(/^Dòng 4: Loại hình kinh doanh "Ngân hàng" không hợp lệ/) },
      { row: 5, field: 'Thuốc kiểm soát đặc biệt', message: 'Dòng 5: cột Thuốc kiểm soát đặc biệt chỉ nhận "Có" hoặc "Không"' },
    ]);
    expect(await byCode('KH000003')).toEqual(before);

    const outside = await importRows([{ _row: 2, 'Mã KH': 'KH000007', 'Số GCN đủ ĐKKD dược': 'X' }], rep.access);
    expect(outside.body.data.errors).toEqual([
      { row: 2, field: 'Mã KH', message: 'Dòng 2: khách hàng KH000007 không thuộc phạm vi bạn phụ trách' },
    ]);
    expect((await byCode('KH000007')).licence_number).not.toBe('X');
  });

  it('refuses members without the permission and malformed bodies', async () => {
    expect((await download('', rep.access)).status).toBe(403);
    const empty = await server.call(customerSheetPaths.importCustomers, { token: an.access, body: { company: anKhang, rows: [] } });
    expect([empty.status, empty.body.message]).toEqual([400, 'Tệp không có dòng dữ liệu nào']);
    const bad = await download('&licence=soon');
    expect(bad.status).toBe(400);
  });
});
