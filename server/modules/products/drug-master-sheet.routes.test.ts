import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPaths, type ProductRecord } from '@contract/products';
import type { ProductImportAnswer, ProductSheetRow } from '@contract/products-files';
import { startCatalogueKit, type Kit } from '@server/testing/products.kit';

let kit: Kit;

/** The exported workbook as exceljs reads it, and its rows as the client's reader sends them (date cells as YYYY-MM-DD). */
async function exportSheet(search: string) {
  const params = new URLSearchParams({ company: String(kit.anKhang), search });
  const response = await fetch(`${kit.server.url}/api${productPaths.exportProducts}?${params}`, {
    headers: { authorization: `Bearer ${kit.an.access}` },
  });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const cells: Record<string, unknown>[] = [];
  const rows: ProductSheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = row.values as unknown[];
    const raw: Record<string, unknown> = {};
    const record: Record<string, unknown> = { _row: number };
    headers.forEach((header, i) => {
      const value = values[i + 1] ?? null;
      raw[header] = value;
      record[header] = value instanceof Date ? value.toISOString().slice(0, 10) : value;
    });
    cells.push(raw);
    rows.push(record as ProductSheetRow);
  });
  return { sheet, headers, cells, rows };
}

const importRows = (rows: ProductSheetRow[]) =>
  kit.send<ProductImportAnswer>('POST', productPaths.importProducts, { company: kit.anKhang, rows });

const product = async (search: string) =>
  (await kit.get<ProductRecord[]>(productPaths.products, { company: kit.anKhang, search, limit: 5 })).body.data[0];

const MASTER = {
  registration_expiry: '2027-03-31',
  prescription: true,
  essential: false,
  controlled_class: 'precursor',
  storage: 'cool',
  national_code: 'QG-0042',
} as const;

beforeAll(async () => {
  kit = await startCatalogueKit();
  const answer = await kit.send('POST', productPaths.products, {
    company: kit.anKhang,
    code: 'DM-XLS-1',
    name: 'Ephedrin 10mg dmsheet',
    registration_number: 'VD-4242-20',
    is_medicine: true,
    ...MASTER,
    variants: [
      {
        units: [
          { unit: 'viên', factor: 1, price: 500 },
          { unit: 'hộp', factor: 10, price: 4800 },
        ],
      },
    ],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('the drug master in the product sheet', () => {
  it('exports every field: the expiry as a real date cell, classes and storage as Vietnamese labels', async () => {
    const { sheet, headers, cells } = await exportSheet('dmsheet');
    expect(headers).toEqual(
      expect.arrayContaining([
        'Hết hạn số đăng ký',
        'Thuốc kê đơn',
        'Thuốc thiết yếu',
        'Nhóm kiểm soát',
        'Điều kiện bảo quản',
        'Mã thuốc quốc gia',
      ]),
    );
    expect(cells).toHaveLength(2);
    expect(cells[0]).toMatchObject({
      'Hết hạn số đăng ký': new Date('2027-03-31T00:00:00Z'),
      'Thuốc kê đơn': 'Có',
      'Thuốc thiết yếu': 'Không',
      'Nhóm kiểm soát': 'Thuốc tiền chất',
      'Điều kiện bảo quản': 'Mát (8–15 °C)',
      'Mã thuốc quốc gia': 'QG-0042',
    });
    const column = headers.indexOf('Hết hạn số đăng ký') + 1;
    expect(sheet.getRow(2).getCell(column).numFmt).toBe('dd/mm/yyyy');
  });

  it('round-trips: the exported sheet imported back changes nothing, an edited cell changes its field', async () => {
    const before = (await product('dmsheet'))!;
    const { rows } = await exportSheet('dmsheet');
    expect((await importRows(rows)).body.data).toEqual({ created: 0, updated: 1, errors: [] });
    const same = (await product('dmsheet'))!;
    expect({ ...same, updated_at: undefined, variants: undefined }).toEqual({ ...before, updated_at: undefined, variants: undefined });

    const edited = rows.map((row) => ({
      ...row,
      'Hết hạn số đăng ký': '15/09/2029',
      'Nhóm kiểm soát': 'thuốc hướng thần',
      'Điều kiện bảo quản': 'Lạnh',
      'Thuốc thiết yếu': 'x',
    }));
    expect((await importRows(edited)).body.data).toEqual({ created: 0, updated: 1, errors: [] });
    expect(await product('dmsheet')).toMatchObject({
      registration_expiry: '2029-09-15',
      controlled_class: 'psychotropic',
      storage: 'cold',
      essential: true,
      prescription: true,
      national_code: 'QG-0042',
    });
  });

  it('creates a medicine from labels; a sheet without the columns keeps what is stored', async () => {
    const row: ProductSheetRow = {
      'Mã SP': 'DM-XLS-2',
      'Tên sản phẩm': 'Insulin dmnew',
      'Là thuốc': 'Có',
      'Đơn vị': 'lọ',
      'Giá bán': 150000,
      'Hết hạn số đăng ký': 46_000,
      'Thuốc kê đơn': 'Có',
      'Thuốc thiết yếu': 'Có',
      'Nhóm kiểm soát': 'Không',
      'Điều kiện bảo quản': 'Lạnh (2–8 °C)',
      'Mã thuốc quốc gia': 'QG-INS-1',
    };
    expect((await importRows([row])).body.data).toEqual({ created: 1, updated: 0, errors: [] });
    const created = { registration_expiry: '2025-12-09', prescription: true, essential: true, controlled_class: 'none', storage: 'cold' };
    expect(await product('dmnew')).toMatchObject({ ...created, national_code: 'QG-INS-1', is_medicine: true });
    expect((await product('dmnew'))!.variants[0]).toMatchObject(created);

    const old: ProductSheetRow = { 'Mã SP': 'DM-XLS-2', 'Tên sản phẩm': 'Insulin dmnew', 'Đơn vị': 'lọ', 'Giá bán': 160000 };
    expect((await importRows([old])).body.data).toEqual({ created: 0, updated: 1, errors: [] });
    expect(await product('dmnew')).toMatchObject({ ...created, national_code: 'QG-INS-1' });
  });

  it('refuses unreadable drug master cells with the row and column, and changes nothing', async () => {
    const before = (await product('dmsheet'))!;
    const base = {
      'Mã SP': 'DM-XLS-1',
      'Tên sản phẩm': 'Ephedrin 10mg dmsheet',
      'Đơn vị': 'viên',
      'Giá bán': 999,
      'Thương hiệu': 'Hãng mới dmsheet',
    };
    const answer = await importRows([
      { ...base, 'Nhóm kiểm soát': 'Thuốc độc', _row: 5 },
      { ...base, 'Mã SP': 'DM-XLS-3', 'Tên sản phẩm': 'Sai hạn', 'Hết hạn số đăng ký': '31/02/2027', _row: 6 },
      { ...base, 'Mã SP': 'DM-XLS-4', 'Tên sản phẩm': 'Sai bảo quản', 'Điều kiện bảo quản': 'Nóng', _row: 7 },
      { ...base, 'Mã SP': 'DM-XLS-5', 'Tên sản phẩm': 'Sai kê đơn', 'Thuốc kê đơn': 'có lẽ', _row: 8 },
      // A product-level cell read while building the product (VAT) is a row error too, not a failed call.
      { ...base, 'Mã SP': 'DM-XLS-6', 'Tên sản phẩm': 'Sai VAT', 'VAT (%)': 'mười', _row: 9 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.created + answer.body.data.updated).toBe(0);
    expect(answer.body.data.errors).toEqual([
      {
        row: 5,
        field: 'Nhóm kiểm soát',
        message:
          'Dòng 5: Nhóm kiểm soát "Thuốc độc" không hợp lệ (chọn một trong: "Không", "Thuốc gây nghiện", "Thuốc hướng thần", "Thuốc tiền chất", "Hạn chế bán lẻ")',
      },
      {
        row: 6,
        field: 'Hết hạn số đăng ký',
        message: 'Dòng 6: Hết hạn số đăng ký "31/02/2027" không hợp lệ (nhập theo dạng DD/MM/YYYY)',
      },
      { row: 7, field: 'Điều kiện bảo quản', message: expect.stringMatching(/^Dòng 7: Điều kiện bảo quản "Nóng" không hợp lệ/) },
      { row: 8, field: 'Thuốc kê đơn', message: 'Dòng 8: cột Thuốc kê đơn chỉ nhận "Có" hoặc "Không"' },
      { row: 9, field: 'VAT (%)', message: 'Dòng 9: VAT (%) phải là số nguyên' },
    ]);
    const after = (await product('dmsheet'))!;
    expect(after).toEqual(before);
    // The brand the refused rows named was not created either.
    const brands = await kit.get<{ title: string }[]>(productPaths.brands, { company: kit.anKhang, search: 'dmsheet' });
    expect(brands.body.data).toEqual([]);
    expect(await product('Sai hạn')).toBeUndefined();
  });
});
