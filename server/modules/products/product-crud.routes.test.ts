import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueOption, type ProductRecord, type VariantRecord, productPaths } from '@contract/products';
import { ean13 } from '@server/seed/ean13';
import { cursorNow, startCatalogueKit, type Kit } from '@server/testing/products.kit';

let kit: Kit;
let brand: CatalogueOption;
let category: CatalogueOption;
let group: CatalogueOption;
let serial = 0;

/** A fresh valid EAN-13 for each call (prefix 893 + a test range). */
function barcode(): string {
  serial += 1;
  return ean13(`8939900${String(serial).padStart(5, '0')}`);
}

function cough(overrides: Record<string, unknown> = {}) {
  return {
    company: kit.anKhang,
    name: 'Thuốc ho Bảo Thanh',
    active_ingredient: 'Xuyên bối mẫu, Tỳ bà diệp',
    strength: '125ml',
    registration_number: 'VD-12345-10',
    manufacturer: 'Dược phẩm Hoa Linh',
    country: 'Việt Nam',
    brand_id: brand.id,
    category_id: category.id,
    group_id: group.id,
    vat_rate: 5,
    variants: [
      {
        name: 'Chai 125ml',
        units: [
          { unit: 'chai', factor: 1, price: 45000, wholesale_price: 40000, barcode: barcode() },
          { unit: 'thùng', factor: 40, price: 1700000, barcode: barcode() },
        ],
      },
      {
        name: 'Gói 5ml',
        units: [
          { unit: 'gói', factor: 1, price: 3000 },
          { unit: 'hộp', factor: 20, price: 55000, barcode: barcode() },
        ],
      },
    ],
    ...overrides,
  };
}

async function create(body: Record<string, unknown>) {
  const answer = await kit.send<ProductRecord>('POST', productPaths.products, body);
  if (answer.status !== 201) throw new Error(`create failed ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const list = (query: Record<string, string | number | undefined>, token?: string) =>
  kit.get<ProductRecord[]>(productPaths.products, { company: kit.anKhang, ...query }, token);

beforeAll(async () => {
  kit = await startCatalogueKit();
  const option = async (path: string, title: string) =>
    (await kit.send<CatalogueOption>('POST', path, { company: kit.anKhang, title })).body.data;
  brand = await option(productPaths.brands, 'Hoa Linh');
  category = await option(productPaths.categories, 'Ho, cảm cúm');
  group = await option(productPaths.groups, 'Đông dược');
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('POST product/', () => {
  it('creates a product with variants, units, a generated code and variant codes', async () => {
    const body = cough();
    const product = await create(body);
    expect(product.code).toMatch(/^SP\d{6}$/);
    expect(product).toMatchObject({
      company: kit.anKhang,
      name: 'Thuốc ho Bảo Thanh',
      brand_id: brand.id,
      brand_name: 'Hoa Linh',
      category_name: 'Ho, cảm cúm',
      group_name: 'Đông dược',
      vat_rate: 5,
      is_active: true,
      images: [],
    });
    expect(product.variants.map((v) => v.code)).toEqual([`${product.code}-1`, `${product.code}-2`]);
    expect(product.variants[0]!.units).toEqual([
      { unit: 'chai', factor: 1, price: 45000, wholesale_price: 40000, barcode: body.variants[0]!.units[0]!.barcode },
      { unit: 'thùng', factor: 40, price: 1700000, wholesale_price: null, barcode: body.variants[0]!.units[1]!.barcode },
    ]);
    expect(product.variants[1]).toMatchObject({ name: 'Gói 5ml', product_code: product.code, product_name: product.name, image_url: null });

    const read = await kit.get<ProductRecord>(productPaths.product(product.id), { company: kit.anKhang });
    expect(read.body.data).toEqual(product);
  });

  it('skips generated codes already taken by hand, and keeps codes people give', async () => {
    const first = await create(cough({ name: 'Mã tự sinh 1', variants: [{ units: [{ unit: 'viên', factor: 1, price: 100 }] }] }));
    const next = `SP${String(Number(first.code.slice(2)) + 1).padStart(6, '0')}`;
    const manual = await create(
      cough({ code: next, name: 'Mã tự nhập', variants: [{ code: 'TN-01', units: [{ unit: 'viên', factor: 1, price: 100 }] }] }),
    );
    expect(manual.code).toBe(next);
    expect(manual.variants[0]!.code).toBe('TN-01');
    const second = await create(cough({ name: 'Mã tự sinh 2', variants: [{ units: [{ unit: 'viên', factor: 1, price: 100 }] }] }));
    expect(second.code).toBe(`SP${String(Number(first.code.slice(2)) + 2).padStart(6, '0')}`);

    const taken = await kit.send(
      'POST',
      productPaths.products,
      cough({ code: next, variants: [{ units: [{ unit: 'viên', factor: 1, price: 1 }] }] }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.fields?.code).toBe(`Mã sản phẩm ${next} đã tồn tại`);
    const variantTaken = await kit.send(
      'POST',
      productPaths.products,
      cough({ variants: [{ code: 'TN-01', units: [{ unit: 'viên', factor: 1, price: 1 }] }] }),
    );
    expect(variantTaken.status).toBe(409);
    expect(variantTaken.body.fields?.['variants.0.code']).toBe('Mã biến thể TN-01 đã tồn tại');
  });

  it('refuses a barcode another product uses, naming it, and one repeated between variants', async () => {
    const owner = await create(cough({ name: 'Chủ mã vạch' }));
    const used = owner.variants[0]!.units[1]!.barcode!;
    const body = cough();
    body.variants[1]!.units[1]!.barcode = used;
    const clash = await kit.send('POST', productPaths.products, body);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`Mã vạch ${used} đã được dùng cho sản phẩm "Chủ mã vạch"`);
    expect(clash.body.fields?.['variants.1.units.1.barcode']).toBe(clash.body.message);

    const twice = cough();
    twice.variants[1]!.units[1]!.barcode = twice.variants[0]!.units[0]!.barcode;
    const repeated = await kit.send('POST', productPaths.products, twice);
    expect(repeated.status).toBe(409);
    expect(repeated.body.message).toContain('bị trùng giữa các biến thể');
    // Nothing of the refused products was written.
    expect((await list({ search: twice.variants[0]!.units[0]!.barcode! })).body.count).toBe(0);
  });

  it('refuses bad input with Vietnamese field messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 123 }, 'name', 'Tên sản phẩm phải là chuỗi ký tự'],
      [{ name: '  ' }, 'name', 'Vui lòng nhập tên sản phẩm'],
      [{ vat_rate: 7 }, 'vat_rate', 'Thuế suất VAT chỉ nhận 0, 5, 8 hoặc 10%'],
      [{ brand_id: 'a' }, 'brand_id', 'Thương hiệu không hợp lệ'],
      [{ variants: [] }, 'variants', 'Cần ít nhất một biến thể'],
      [{ variants: [{ units: [{ unit: 'viên', factor: 1, price: -1 }] }] }, 'variants.0.units.0.price', 'Giá bán không được âm'],
      [
        { variants: [{ units: [{ unit: 'viên', factor: 1, price: 1.5 }] }] },
        'variants.0.units.0.price',
        'Giá bán phải là số nguyên (đồng)',
      ],
      [{ variants: [{ units: [{ unit: 'viên', factor: 1, price: '100' }] }] }, 'variants.0.units.0.price', 'Giá bán phải là số'],
      [
        {
          variants: [
            {
              units: [
                { unit: 'viên', factor: 1, price: 1 },
                { unit: 'vỉ', factor: 1, price: 10 },
              ],
            },
          ],
        },
        'variants.0.units',
        'Cần đúng một đơn vị cơ bản (hệ số 1)',
      ],
      [
        {
          variants: [
            {
              units: [
                { unit: 'viên', factor: 1, price: 1 },
                { unit: 'vỉ', factor: 10, price: 10 },
                { unit: 'hộp', factor: 10, price: 10 },
              ],
            },
          ],
        },
        'variants.0.units',
        'Hai đơn vị tính không được có cùng hệ số',
      ],
      [
        {
          variants: [
            {
              units: [
                { unit: 'viên', factor: 1, price: 1 },
                { unit: 'Viên', factor: 10, price: 10 },
              ],
            },
          ],
        },
        'variants.0.units',
        'Đơn vị tính bị trùng',
      ],
      [{ variants: [{ units: [{ unit: 'viên', factor: 0, price: 1 }] }] }, 'variants.0.units.0.factor', 'Hệ số quy đổi tối thiểu là 1'],
      [
        { variants: [{ units: [{ unit: 'viên', factor: 1, price: 1, barcode: '89 3' }] }] },
        'variants.0.units.0.barcode',
        'Mã vạch chỉ gồm chữ, số, dấu gạch (4–64 ký tự)',
      ],
      [
        { variants: [{ units: [{ unit: 'viên', factor: 1, price: 1, barcode: '<script>' }] }] },
        'variants.0.units.0.barcode',
        'Mã vạch chỉ gồm chữ, số, dấu gạch (4–64 ký tự)',
      ],
      [
        { variants: [{ units: [{ unit: 'bao tải', factor: 1, price: 1 }] }] },
        'variants.0.units.0.unit',
        'Đơn vị tính "bao tải" chưa có trong danh mục đơn vị',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await kit.send('POST', productPaths.products, cough({ name: 'Không được lưu', ...overrides }));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.fields?.[field], JSON.stringify(answer.body)).toBe(message);
    }
    expect((await list({ search: 'khong duoc luu' })).body.count).toBe(0);

    const notJson = await kit.server.call(productPaths.products, {
      token: kit.an.access,
      method: 'POST',
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    const huge = await kit.send('POST', productPaths.products, cough({ description: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    const longDescription = await kit.send('POST', productPaths.products, cough({ description: 'x'.repeat(5001) }));
    expect(longDescription.body.fields?.description).toBe('Mô tả không được dài quá 5000 ký tự');
  });
});

describe('PUT and DELETE product/{id}/', () => {
  it('edits fields and variants by id; a variant left out becomes inactive; devices get the changes', async () => {
    const product = await create(cough({ name: 'Siro sửa đổi' }));
    const [keep, drop] = product.variants;
    const cursor = await cursorNow(kit, kit.anKhang);
    const answer = await kit.send<ProductRecord>('PUT', productPaths.product(product.id), {
      ...cough({ name: 'Siro đã sửa', vat_rate: 8 }),
      variants: [
        { id: keep!.id, name: 'Chai 125ml', units: [{ unit: 'chai', factor: 1, price: 47000, barcode: keep!.units[0]!.barcode }] },
        { name: 'Chai 60ml', units: [{ unit: 'chai', factor: 1, price: 26000 }] },
      ],
    });
    expect(answer.status).toBe(200);
    const edited = answer.body.data;
    expect(edited).toMatchObject({ name: 'Siro đã sửa', vat_rate: 8, code: product.code });
    expect(edited.variants.map((v) => [v.code, v.is_active])).toEqual([
      [keep!.code, true],
      [drop!.code, false],
      [`${product.code}-3`, true],
    ]);
    expect(edited.variants[0]!.units).toEqual([
      { unit: 'chai', factor: 1, price: 47000, wholesale_price: null, barcode: keep!.units[0]!.barcode },
    ]);
    // The dropped variant keeps its units (orders refer to them).
    expect(edited.variants[1]!.units).toEqual(drop!.units);

    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    const pulled = new Map(changes.filter((c) => c.entity === 'variant').map((c) => [c.id, c.data as VariantRecord]));
    expect(pulled.get(String(keep!.id))).toMatchObject({ product_name: 'Siro đã sửa', vat_rate: 8, units: edited.variants[0]!.units });
    expect(pulled.get(String(drop!.id))?.is_active).toBe(false);
    // Still found by the product's new name, as inactive.
    expect((await list({ search: 'siro da sua', is_active: 'true' })).body.data.map((p) => p.id)).toEqual([product.id]);
    const inactive = await kit.get<VariantRecord[]>(productPaths.variants, {
      company: kit.anKhang,
      search: 'siro da sua',
      is_active: 'false',
    });
    expect(inactive.body.data.map((v) => v.id)).toEqual([drop!.id]);
    expect(pulled.get(String(edited.variants[2]!.id))?.name).toBe('Chai 60ml');

    // The freed barcode of the removed thùng unit can now go to another product.
    const reused = await create(
      cough({ name: 'Dùng lại mã vạch', variants: [{ units: [{ unit: 'chai', factor: 1, price: 1, barcode: keep!.units[1]!.barcode }] }] }),
    );
    expect(reused.variants[0]!.units[0]!.barcode).toBe(keep!.units[1]!.barcode);
  });

  it('refuses variant ids of another product or company, and unknown products', async () => {
    const product = await create(cough({ name: 'Chủ biến thể' }));
    const other = await create(cough({ name: 'Sản phẩm khác' }));
    const foreign = await kit.send('PUT', productPaths.product(product.id), {
      ...cough(),
      variants: [{ id: other.variants[0]!.id, units: [{ unit: 'chai', factor: 1, price: 1 }] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields?.['variants.0.id']).toBe('Biến thể không thuộc sản phẩm này');
    const withId = await kit.send('POST', productPaths.products, {
      ...cough(),
      variants: [{ id: other.variants[0]!.id, units: [{ unit: 'chai', factor: 1, price: 1 }] }],
    });
    expect(withId.status).toBe(400);
    expect((await kit.send('PUT', productPaths.product(9_999_999), cough())).status).toBe(404);
    expect((await kit.get(productPaths.product(9_999_999), { company: kit.anKhang })).status).toBe(404);
  });

  it('DELETE makes the product and its variants inactive', async () => {
    const product = await create(cough({ name: 'Ngừng kinh doanh' }));
    const cursor = await cursorNow(kit, kit.anKhang);
    const answer = await kit.del<ProductRecord>(productPaths.product(product.id), { company: kit.anKhang });
    expect(answer.status).toBe(200);
    expect(answer.body.data.is_active).toBe(false);
    expect(answer.body.data.variants.every((v) => !v.is_active)).toBe(true);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    expect(changes.filter((c) => c.entity === 'variant').map((c) => [c.id, (c.data as VariantRecord).is_active])).toEqual(
      product.variants.map((v) => [String(v.id), false]),
    );
    expect((await list({ search: 'ngung kinh doanh', is_active: 'true' })).body.count).toBe(0);
    expect((await list({ search: 'ngung kinh doanh', is_active: 'false' })).body.count).toBe(1);
  });
});

describe('GET product/', () => {
  it('searches folded names, ingredients, codes, registration numbers, variant codes and barcodes', async () => {
    const product = await create(
      cough({ name: 'Thuốc ho Ích Nhi', registration_number: 'VD-54321-19', active_ingredient: 'Húng chanh, Núc nác' }),
    );
    const code = product.variants[1]!.code;
    const scan = product.variants[1]!.units[1]!.barcode!;
    for (const search of [
      'thuoc ho ich',
      'THUỐC HO ÍCH',
      'ich nhi',
      'hung chanh',
      'vd-54321',
      product.code.toLowerCase(),
      code,
      scan,
      'nhi thuoc',
    ]) {
      const answer = await list({ search, limit: 50 });
      expect(
        answer.body.data.map((p) => p.id),
        search,
      ).toContain(product.id);
    }
    // The demo's "Thuốc ho bổ phế Nam Hà" is found without diacritics too.
    const demo = await list({ search: 'thuoc ho bo phe' });
    expect(demo.body.data.map((p) => p.name)).toEqual(['Thuốc ho bổ phế Nam Hà chỉ khái lộ']);
    expect((await list({ search: 'khong co san pham nay' })).body).toMatchObject({ data: [], count: 0 });
    // `%` and `_` are plain characters: only the demo's "Betadine … 10%" has a percent sign.
    expect((await list({ search: '10%' })).body.data.map((p) => p.name)).toEqual(['Betadine Antiseptic Solution 10%']);
    expect((await list({ search: '_' })).body.count).toBe(0);
  });

  it('filters by brand, category, group and state, orders and pages with a count', async () => {
    const own = await kit.send<CatalogueOption>('POST', productPaths.brands, { company: kit.anKhang, title: 'Thương hiệu phân trang' });
    const names = ['Bột A', 'Bột C', 'Bột B', 'Bột E', 'Bột D'];
    for (const name of names)
      await create(cough({ name, brand_id: own.body.data.id, variants: [{ units: [{ unit: 'gói', factor: 1, price: 1000 }] }] }));
    const byBrand = await list({ brand: own.body.data.id, ordering: 'name', limit: 2 });
    expect(byBrand.body.count).toBe(5);
    expect(byBrand.body.data.map((p) => p.name)).toEqual(['Bột A', 'Bột B']);
    const page3 = await list({ brand: own.body.data.id, ordering: '-name', limit: 2, page: 3 });
    expect(page3.body.data.map((p) => p.name)).toEqual(['Bột A']);
    const byCode = await list({ brand: own.body.data.id, ordering: '-code' });
    expect(byCode.body.data.map((p) => p.name)).toEqual([...names].reverse());

    const combined = await list({ category: category.id, group: group.id, brand: own.body.data.id, search: 'bot', is_active: 'true' });
    expect(combined.body.count).toBe(5);
    const otherCategory = (
      await kit.send<CatalogueOption>('POST', productPaths.categories, { company: kit.anKhang, title: 'Danh mục rỗng' })
    ).body.data;
    expect((await list({ category: otherCategory.id, brand: own.body.data.id })).body).toMatchObject({ data: [], count: 0 });
    const demoAntibiotics = await list({ search: 'amoxicillin' });
    expect(demoAntibiotics.body.data[0]).toMatchObject({ category_name: 'Kháng sinh', group_name: 'Thuốc kê đơn' });

    for (const query of [
      { ordering: 'price' },
      { brand: 'x' },
      { is_active: 'yes' },
      { page: '0' },
      { limit: '500' },
      { search: 'x'.repeat(101) },
    ]) {
      expect((await list(query)).status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('productdetail/', () => {
  it('answers the products asked for, in order, leaving out other companies’ ids', async () => {
    const a = await create(cough({ name: 'Chi tiết A' }));
    const b = await create(cough({ name: 'Chi tiết B' }));
    const minhPhatProduct = (await kit.get<ProductRecord[]>(productPaths.products, { company: kit.minhPhat })).body.data[0]!;
    const answer = await kit.send<ProductRecord[]>('POST', productPaths.productDetail, {
      company: kit.anKhang,
      ids: [b.id, minhPhatProduct.id, a.id],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((p) => p.id)).toEqual([b.id, a.id]);
    const tooMany = await kit.send('POST', productPaths.productDetail, {
      company: kit.anKhang,
      ids: Array.from({ length: 201 }, (_, i) => i + 1),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields?.ids).toBe('Tối đa 200 sản phẩm mỗi lần');
    expect((await kit.send('POST', productPaths.productDetail, { company: kit.anKhang, ids: ['1'] })).status).toBe(400);
  });
});

describe('tenants', () => {
  it('refuses every product call to a non-member with 403 and no data', async () => {
    const product = await create(cough({ name: 'Bí mật An Khang' }));
    const token = kit.binh.access;
    const answers = [
      await list({}, token),
      await kit.get(productPaths.product(product.id), { company: kit.anKhang }, token),
      await kit.send('POST', productPaths.products, cough(), token),
      await kit.send('PUT', productPaths.product(product.id), cough(), token),
      await kit.del(productPaths.product(product.id), { company: kit.anKhang }, token),
      await kit.send('POST', productPaths.productDetail, { company: kit.anKhang, ids: [product.id] }, token),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: 'NOT_A_MEMBER', data: null });
    }
    expect((await kit.get<ProductRecord>(productPaths.product(product.id), { company: kit.anKhang })).body.data.is_active).toBe(true);
  });

  it('refuses another company’s brand, category and group ids and does not reach its products', async () => {
    const product = await create(cough({ name: 'Chỉ của An Khang' }));
    const inMinhPhat = { ...cough({ company: kit.minhPhat }), variants: [{ units: [{ unit: 'cái', factor: 1, price: 1000 }] }] };
    for (const field of ['brand_id', 'category_id', 'group_id'] as const) {
      const others = {
        brand_id: null,
        category_id: null,
        group_id: null,
        [field]: { brand_id: brand.id, category_id: category.id, group_id: group.id }[field],
      };
      // Bình owns Minh Phát and may create products there, but not with An Khang's catalogue.
      const answer = await kit.send('POST', productPaths.products, { ...inMinhPhat, ...others }, kit.binh.access);
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.[field]).toMatch(/không tồn tại trong công ty$/);
    }
    expect((await kit.get(productPaths.product(product.id), { company: kit.minhPhat })).status).toBe(404);
    expect(
      (
        await kit.send(
          'PUT',
          productPaths.product(product.id),
          { ...inMinhPhat, brand_id: null, category_id: null, group_id: null },
          kit.binh.access,
        )
      ).status,
    ).toBe(404);
    expect((await kit.del(productPaths.product(product.id), { company: kit.minhPhat }, kit.binh.access)).status).toBe(404);
    expect((await kit.get<ProductRecord[]>(productPaths.products, { company: kit.minhPhat, search: 'chi cua an khang' })).body.count).toBe(
      0,
    );
  });
});
