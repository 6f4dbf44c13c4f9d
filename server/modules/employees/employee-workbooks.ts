/**
 * The .xlsx files of the people area: the two import templates (the columns, one example row, and
 * for staff a second sheet listing the company's roles and region codes) and the staff export,
 * whose columns are the staff template's plus the state, so an exported file can be edited and
 * imported back. A company's staff fit in memory, so these are written in one go.
 */
import ExcelJS from 'exceljs';
import { salesStaffLabel } from '@contract/company';
import { REVENUE_SHEET_COLUMNS, STAFF_SHEET_COLUMNS, employeeStateLabel, type EmployeeRecord } from '@contract/employees';
import { excelDay } from '@server/kernel/xlsx';

const WIDTHS: Record<string, number> = {
  'Mã NV': 12,
  'Họ tên': 28,
  'Số điện thoại': 16,
  Email: 28,
  Loại: 18,
  'Vai trò': 18,
  'Mã khu vực': 14,
  'SĐT quản lý': 16,
  'Ngày bắt đầu': 14,
  'Trạng thái': 22,
  Tháng: 12,
  'Doanh số': 18,
  'Số đơn': 10,
};

function addTable(workbook: ExcelJS.Workbook, name: string, headers: readonly string[], rows: (string | number | Date | null)[][]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({ header, key: header, width: WIDTHS[header] ?? 16 }));
  // Phone numbers, codes and months are text: Excel would drop a leading 0 or turn 03/2026 into a date.
  // The start day is a real date cell (it sorts and filters as one; the import reads either form).
  headers.forEach((header, index) => {
    if (header === 'Ngày bắt đầu') sheet.getColumn(index + 1).numFmt = 'dd/mm/yyyy';
    else if (header !== 'Doanh số' && header !== 'Số đơn') sheet.getColumn(index + 1).numFmt = '@';
  });
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  // Filtered like every sheet of server/kernel/xlsx.ts (these workbooks hold several sheets, so are written here).
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length + 1, column: Math.max(1, headers.length) } };
  return sheet;
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<ArrayBuffer> {
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as ArrayBuffer;
}

export async function staffTemplate(
  company: { type: string },
  roles: string[],
  regions: { code: string; name: string }[],
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Salesfield';
  const sales = salesStaffLabel(company.type);
  addTable(workbook, 'Nhân viên', STAFF_SHEET_COLUMNS, [
    [
      'TDV101',
      'Nguyễn Thị Mai',
      '0987654321',
      'mai.nguyen@example.com',
      sales,
      roles.includes('Trình dược viên') ? 'Trình dược viên' : (roles[0] ?? null),
      regions[0]?.code ?? null,
      null,
      excelDay('2026-04-01'),
    ],
  ]);
  const lists = workbook.addWorksheet('Danh mục');
  lists.columns = [
    { header: 'Loại', key: 'kind', width: 22 },
    { header: 'Vai trò', key: 'role', width: 22 },
    { header: 'Mã khu vực', key: 'code', width: 14 },
    { header: 'Tên khu vực', key: 'region', width: 28 },
  ];
  lists.getRow(1).font = { bold: true };
  const kinds = [sales, 'Văn phòng'];
  const length = Math.max(kinds.length, roles.length, regions.length);
  for (let i = 0; i < length; i += 1) {
    lists.addRow({ kind: kinds[i] ?? null, role: roles[i] ?? null, code: regions[i]?.code ?? null, region: regions[i]?.name ?? null });
  }
  lists.addRow({});
  lists.addRow({
    kind: 'Chỉ Số điện thoại là bắt buộc. Ngày bắt đầu theo dạng DD/MM/YYYY. SĐT quản lý là số của một nhân viên trong công ty.',
  });
  return toBuffer(workbook);
}

export async function revenueTemplate(): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Salesfield';
  addTable(workbook, 'Doanh số', REVENUE_SHEET_COLUMNS, [['TDV001', '', '03/2026', 125_000_000, 42]]);
  return toBuffer(workbook);
}

export async function staffExport(
  records: EmployeeRecord[],
  companyType: string,
  managerPhones: Map<number, string>,
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Salesfield';
  const sales = salesStaffLabel(companyType);
  addTable(
    workbook,
    'Nhân viên',
    [...STAFF_SHEET_COLUMNS, 'Trạng thái'],
    records.map((record) => [
      record.code,
      record.full_name,
      record.phone,
      record.email,
      record.staff_kind === 'sales' ? sales : 'Văn phòng',
      record.role?.name ?? null,
      record.region?.code ?? null,
      record.manager ? (managerPhones.get(record.manager.id) ?? null) : null,
      excelDay(record.start_date),
      employeeStateLabel(record),
    ]),
  );
  return toBuffer(workbook);
}
