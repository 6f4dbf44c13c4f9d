import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPaths, type ProductRecord } from '@contract/products';
import { PRODUCT_SHEET_COLUMNS, type ProductImportAnswer, type ProductSheetRow } from '@contract/products-files';
import { startCatalogueKit, type Kit } from '@server/testing/products.kit';

let kit: Kit;

async function download(query: Record<string, string | number>, token = kit.an.access) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return fetch(`${kit.server.url}/api${productPaths.exportProducts}?${params}`, { headers: { authorization: `Bearer ${token}` } });
}

/** The sheet's rows as the client reads them: header texts as keys, the sheet row number as `_row`. */
async function readSheet(response: Response): Promise<{ headers: string[]; rows: ProductSheetRow[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: ProductSheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = row.values as unknown[];
    const record: Record<string, unknown> = { _row: number };
    headers.forEach((header, i) => (record[header] = values[i + 1] ?? null));
    rows.push(record as ProductSheetRow);
  });
  return { headers, rows };
}

const importRows = (rows: ProductSheetRow[], company = kit.anKhang, token?: string) =>
  kit.send<ProductImportAnswer>('POST', productPaths.importProducts, { company, rows }, token);

const products = (search: string) => kit.get<ProductRecord[]>(productPaths.products, { company: kit.anKhang, search, limit: 50 });

beforeAll(async () => {
  kit = await startCatalogueKit();
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('product/export/', () => {
  it('streams an .xlsx with one row per variant unit and the contract’s columns', async () => {
    const response = await download({ company: kit.anKhang, search: 'vitamin c 1000' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="san-pham-\d{8}\.xlsx"$/);
    const { headers, rows } = await readSheet(response);
    expect(headers).toEqual([...PRODUCT_SHEET_COLUMNS]);
    const product = (await products('vitamin c 1000')).body.data[0]!;
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      'Mã SP': product.code,
      'Tên sản phẩm': 'Vitamin C 1000mg sủi',
      'Hoạt chất': 'Acid ascorbic',
      'Số đăng ký': 'VD-28111-17',
      'Nhà sản xuất': 'Stada Việt Nam',
      'Thương hiệu': 'Stada',
      'Danh mục': 'Vitamin và khoáng chất',
      'VAT (%)': 5,
      'Mã biến thể': product.variants[0]!.code,
      'Tên biến thể': 'Hương cam',
      'Đơn vị': 'viên',
      'Hệ số quy đổi': 1,
      'Giá bán': 4000,
      'Giá sỉ': 3400,
      'Đang bán': 'Có',
    });
    expect(rows[1]).toMatchObject({ 'Đơn vị': 'tuýp', 'Hệ số quy đổi': 10, 'Mã vạch': product.variants[0]!.units[1]!.barcode });
    expect(rows.map((row) => row['Tên biến thể'])).toEqual(['Hương cam', 'Hương cam', 'Hương chanh', 'Hương chanh']);
  });

  it('exports the whole catalogue, and refuses non-members', async () => {
    const { rows } = await readSheet(await download({ company: kit.anKhang }));
    const all = await kit.get<ProductRecord[]>(productPaths.products, { company: kit.anKhang, limit: 200 });
    const units = all.body.data.reduce((total, p) => total + p.variants.reduce((n, v) => n + v.units.length, 0), 0);
    expect(rows).toHaveLength(units);
    const refused = await download({ company: kit.anKhang }, kit.binh.access);
    expect(refused.status).toBe(403);
    expect((await download({ company: kit.anKhang, brand: 'x' })).status).toBe(400);
  });
});

describe('product/import/', () => {
  it('creates and updates products from rows; one bad row reports exactly that row and stops only its product', async () => {
    const row = (values: ProductSheetRow): ProductSheetRow => ({ 'VAT (%)': 5, 'Hệ số quy đổi': 1, ...values });
    const sheet: ProductSheetRow[] = [
      row({
        'Tên sản phẩm': 'Cao dán Tiger Balm',
        'Đơn vị': 'miếng',
        'Giá bán': '3.000',
        'Nhà sản xuất': 'Haw Par',
        'Nước SX': 'Singapore',
        'Thương hiệu': 'Tiger Balm',
      }),
      row({
        'Tên sản phẩm': 'Cao dán Tiger Balm',
        'Đơn vị': 'hộp',
        'Hệ số quy đổi': 10,
        'Giá bán': 28000,
        'Giá sỉ': '25,000',
        'Mã vạch': '8938505970013',
      }),
      row({
        'Mã SP': 'NK-001',
        'Tên sản phẩm': 'Men vi sinh Enterogermina',
        'Hoạt chất': 'Bacillus clausii',
        'Mã biến thể': 'NK-001-5ML',
        'Tên biến thể': 'Ống 5ml',
        'Đơn vị': 'ống',
        'Giá bán': 7500,
        'Danh mục': 'Tiêu hóa',
      }),
      row({
        'Mã SP': 'NK-001',
        'Tên sản phẩm': 'Men vi sinh Enterogermina',
        'Mã biến thể': 'NK-001-5ML',
        'Đơn vị': 'hộp',
        'Hệ số quy đổi': 20,
        'Giá bán': 145000,
      }),
      row({
        'Mã SP': 'NK-001',
        'Tên sản phẩm': 'Men vi sinh Enterogermina',
        'Mã biến thể': 'NK-001-GOI',
        'Tên biến thể': 'Gói bột',
        'Đơn vị': 'gói',
        'Giá bán': 6000,
        'Đang bán': 'Không',
      }),
      row({ 'Mã SP': 'NK-002', 'Tên sản phẩm': 'Băng cá nhân Urgo', 'Đơn vị': 'bao tải', 'Giá bán': 1000 }),
      row({ 'Mã SP': 'NK-003', 'Tên sản phẩm': 'Nước muối sinh lý 0,9%', 'Đơn vị': 'chai', 'Giá bán': 5000, Nhóm: 'Vật tư y tế' }),
    ];
    const answer = await importRows(sheet);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      created: 3,
      updated: 0,
      errors: [{ row: 7, field: 'Đơn vị', message: 'Dòng 7: Đơn vị tính "bao tải" chưa có trong danh mục đơn vị' }],
    });
    const balm = (await products('cao dan tiger')).body.data[0]!;
    expect(balm).toMatchObject({ code: expect.stringMatching(/^SP\d{6}$/), brand_name: 'Tiger Balm', country: 'Singapore' });
    expect(balm.variants[0]!.units).toEqual([
      { unit: 'miếng', factor: 1, price: 3000, wholesale_price: null, barcode: null },
      { unit: 'hộp', factor: 10, price: 28000, wholesale_price: 25000, barcode: '8938505970013' },
    ]);
    const entero = (await products('NK-001')).body.data[0]!;
    expect(entero.variants.map((v) => [v.code, v.name, v.is_active, v.units.length])).toEqual([
      ['NK-001-5ML', 'Ống 5ml', true, 2],
      ['NK-001-GOI', 'Gói bột', false, 1],
    ]);
    expect(entero.category_name).toBe('Tiêu hóa');
    expect((await products('NK-002')).body.count).toBe(0);
    expect((await products('nuoc muoi sinh ly')).body.data[0]!.group_name).toBe('Vật tư y tế');
  });

  it('round-trips an exported sheet: edited prices update the products, nothing else changes', async () => {
    const { rows } = await readSheet(await download({ company: kit.anKhang, search: 'smecta' }));
    const before = (await products('smecta')).body.data[0]!;
    rows[1]!['Giá bán'] = 125000;
    const answer = await importRows(rows);
    expect(answer.body.data).toEqual({ created: 0, updated: 1, errors: [] });
    const after = (await products('smecta')).body.data[0]!;
    expect(after.variants[0]!.units.map((u) => u.price)).toEqual([before.variants[0]!.units[0]!.price, 125000]);
    expect({ ...after, variants: undefined, updated_at: undefined }).toEqual({ ...before, variants: undefined, updated_at: undefined });
    expect(after.variants[0]!.units.map((u) => u.barcode)).toEqual(before.variants[0]!.units.map((u) => u.barcode));
  });

  it('reports unreadable cells by row and column', async () => {
    const answer = await importRows([
      { 'Mã SP': 'NK-010', 'Tên sản phẩm': 'Hàng lỗi 1', 'Đơn vị': 'hộp', 'Giá bán': 'mười nghìn' },
      { 'Mã SP': 'NK-011', 'Tên sản phẩm': 'Hàng lỗi 2', 'Đơn vị': 'hộp', 'Giá bán': -5 },
      { 'Mã SP': 'NK-012', 'Tên sản phẩm': 'Hàng lỗi 3', 'Đơn vị': 'hộp', 'Giá bán': 5, 'VAT (%)': 7, _row: 40 },
      { 'Mã SP': 'NK-013', 'Tên sản phẩm': 'Hàng lỗi 4', 'Giá bán': 5 },
      { 'Mã SP': 'NK-014', 'Tên sản phẩm': 'Hàng lỗi 5', 'Đơn vị': 'hộp', 'Giá bán': 5, 'Mã vạch': '8938505970013' },
      { 'Mã SP': 'NK-015', 'Tên sản phẩm': 'Hàng lỗi 6', 'Đơn vị': 'hộp', 'Giá bán': 5, 'Đang bán': 'có lẽ' },
    ]);
    expect(answer.body.data.created).toBe(0);
    expect(answer.body.data.errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'Giá bán'],
      [3, 'Giá bán'],
      [5, 'Đơn vị'],
      [6, 'Mã vạch'],
      [7, 'Đang bán'],
      [40, 'VAT (%)'],
    ]);
    expect(answer.body.data.errors[0]!.message).toBe('Dòng 2: Giá bán phải là số nguyên');
    expect(answer.body.data.errors[1]!.message).toBe('Dòng 3: Giá bán không được âm');
    expect(answer.body.data.errors[3]!.message).toBe('Dòng 6: Mã vạch 8938505970013 đã được dùng cho sản phẩm "Cao dán Tiger Balm"');
  });

  it('refuses non-members, other tenants’ codes, and oversized or malformed bodies', async () => {
    const row: ProductSheetRow = { 'Tên sản phẩm': 'Không nhập', 'Đơn vị': 'hộp', 'Giá bán': 1 };
    const refused = await importRows([row], kit.anKhang, kit.binh.access);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeNull();
    // Codes are per company: Minh Phát's SP000001 is untouched by An Khang's import of its own SP000001.
    const theirsBefore = (await kit.get<ProductRecord[]>(productPaths.products, { company: kit.minhPhat, search: 'SP000001' })).body
      .data[0]!;
    const mine = await importRows([{ ...row, 'Mã SP': 'SP000001' }]);
    expect(mine.body.data).toEqual({ created: 0, updated: 1, errors: [] });
    expect((await products('SP000001')).body.data[0]!.name).toBe('Không nhập');
    const theirsAfter = (await kit.get<ProductRecord[]>(productPaths.products, { company: kit.minhPhat, search: 'SP000001' })).body
      .data[0]!;
    expect(theirsAfter).toEqual(theirsBefore);

    const tooMany = await importRows(Array.from({ length: 501 }, () => row));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields?.rows).toBe('Mỗi lần nhập tối đa 500 dòng');
    expect((await kit.send('POST', productPaths.importProducts, { company: kit.anKhang, rows: [{ 'Giá bán': { x: 1 } }] })).status).toBe(
      400,
    );
    expect((await kit.send('POST', productPaths.importProducts, { company: kit.anKhang, rows: 'abc' })).status).toBe(400);
  });
});
