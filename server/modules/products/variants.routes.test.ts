import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductRecord, type ScanAnswer, type VariantRecord, productPaths } from '@contract/products';
import { and, eq } from 'drizzle-orm';
import { companyFeatures } from '@server/kernel/db/schema';
import { ean13 } from '@server/seed/ean13';
import { cursorNow, startCatalogueKit, type Kit } from '@server/testing/products.kit';

let kit: Kit;
let product: ProductRecord;
let serial = 0;

function barcode(): string {
  serial += 1;
  return ean13(`8939800${String(serial).padStart(5, '0')}`);
}

async function create(name: string, variants: unknown[]) {
  const answer = await kit.send<ProductRecord>('POST', productPaths.products, {
    company: kit.anKhang,
    name,
    active_ingredient: 'Ibuprofen',
    variants,
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

const variants = (query: Record<string, string | number | undefined>, token?: string) =>
  kit.get<VariantRecord[]>(productPaths.variants, { company: kit.anKhang, ...query }, token);

beforeAll(async () => {
  kit = await startCatalogueKit();
  product = await create('Ibuprofen Đức Giang 400mg', [
    {
      name: 'Viên nén',
      units: [
        { unit: 'viên', factor: 1, price: 800, barcode: barcode() },
        { unit: 'vỉ', factor: 10, price: 7500, wholesale_price: 6800, barcode: barcode() },
        { unit: 'hộp', factor: 100, price: 70000, barcode: barcode() },
      ],
    },
    { name: 'Siro trẻ em', units: [{ unit: 'chai', factor: 1, price: 32000, barcode: barcode() }] },
  ]);
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('GET variant/', () => {
  it('lists variants with their product, searched without diacritics, filtered, paged and counted', async () => {
    const found = await variants({ search: 'ibuprofen duc giang' });
    expect(found.body.count).toBe(2);
    expect(found.body.data.map((v) => v.name)).toEqual(['Siro trẻ em', 'Viên nén']);
    expect(found.body.data[1]).toMatchObject({
      product_id: product.id,
      product_name: 'Ibuprofen Đức Giang 400mg',
      active_ingredient: 'Ibuprofen',
    });
    expect((await variants({ search: 'siro tre em ibuprofen' })).body.data.map((v) => v.id)).toEqual([product.variants[1]!.id]);
    // A searched page counts what the search found with its page; one past the end still counts them.
    const secondFound = await variants({ search: 'ibuprofen duc giang', limit: 1, page: 2 });
    expect([secondFound.body.count, secondFound.body.data.map((v) => v.name)]).toEqual([2, ['Viên nén']]);
    const pastTheEnd = await variants({ search: 'ibuprofen duc giang', limit: 1, page: 3 });
    expect([pastTheEnd.body.count, pastTheEnd.body.data]).toEqual([2, []]);
    const byBarcode = await variants({ barcode: product.variants[0]!.units[2]!.barcode! });
    expect(byBarcode.body.data.map((v) => v.id)).toEqual([product.variants[0]!.id]);
    expect((await variants({ barcode: '0000000000000' })).body.count).toBe(0);

    const all = await variants({ limit: 200, ordering: 'code' });
    expect(all.body.count).toBeGreaterThanOrEqual(30);
    const page = await variants({ limit: 5, page: 2, ordering: 'code' });
    expect(page.body.count).toBe(all.body.count);
    expect(page.body.data.map((v) => v.id)).toEqual(all.body.data.slice(5, 10).map((v) => v.id));
    const codes = all.body.data.map((v) => v.code);
    expect(codes).toEqual([...codes].sort());

    // Category names are not searched words; the category filter is how to list them.
    expect((await variants({ search: 'khang sinh' })).body.count).toBe(0);
    const demo = await variants({ search: 'amoxicillin' });
    const byCategory = await variants({ category: demo.body.data[0]!.category_id!, limit: 50 });
    expect(byCategory.body.data.every((v) => v.category_name === 'Kháng sinh')).toBe(true);
    expect(byCategory.body.count).toBe(2);
    expect((await variants({ barcode: 'x'.repeat(65) })).status).toBe(400);
  });

  it('pages variants in their product’s name order, and a renamed product’s variants move with it', async () => {
    const inNameOrder = async () => (await variants({ limit: 200, ordering: 'name' })).body.data;
    const before = await inNameOrder();
    const names = before.map((v) => [v.product_name, v.name]);
    // By the product's name (a copy kept on each variant, migration 0028), then the variant's, in code-unit
    // order: the test databases' collation (C.UTF-8).
    expect(names).toEqual([...names].sort((a, b) => (a[0]! === b[0]! ? (a[1]! < b[1]! ? -1 : 1) : a[0]! < b[0]! ? -1 : 1)));
    const moving = await create('Paracetamol Sẽ Đổi Tên', [
      { name: 'Gói', units: [{ unit: 'gói', factor: 1, price: 2000 }] },
      { name: 'Viên sủi', units: [{ unit: 'viên', factor: 1, price: 3000 }] },
    ]);
    expect((await inNameOrder())[0]?.product_name).not.toBe('Paracetamol Sẽ Đổi Tên');
    const renamed = await kit.send<ProductRecord>('PUT', productPaths.product(moving.id), {
      company: kit.anKhang,
      name: 'AAA Paracetamol đã đổi tên',
      variants: moving.variants.map((variant) => ({ id: variant.id, name: variant.name, units: variant.units })),
    });
    expect(renamed.status).toBe(200);
    expect((await inNameOrder()).slice(0, 2).map((v) => [v.product_name, v.name])).toEqual([
      ['AAA Paracetamol đã đổi tên', 'Gói'],
      ['AAA Paracetamol đã đổi tên', 'Viên sủi'],
    ]);
    const found = await variants({ search: 'paracetamol da doi', ordering: '-name' });
    expect(found.body.data.map((v) => [v.product_name, v.name])).toEqual([
      ['AAA Paracetamol đã đổi tên', 'Viên sủi'],
      ['AAA Paracetamol đã đổi tên', 'Gói'],
    ]);
  });

  it('reads one variant', async () => {
    const answer = await kit.get<VariantRecord>(productPaths.variant(product.variants[0]!.id), { company: kit.anKhang });
    expect(answer.body.data).toEqual(product.variants[0]);
    expect((await kit.get(productPaths.variant(product.variants[0]!.id), { company: kit.minhPhat })).status).toBe(404);
  });
});

describe('PUT variant/{id}/', () => {
  it('changes units, prices, barcodes and the active flag; devices get the change', async () => {
    const target = (await create('Paracetamol Kabi 1g', [{ units: [{ unit: 'chai', factor: 1, price: 25000 }] }])).variants[0]!;
    const cursor = await cursorNow(kit, kit.anKhang);
    const code = barcode();
    const answer = await kit.send<VariantRecord>('PUT', productPaths.variant(target.id), {
      company: kit.anKhang,
      units: [
        { unit: 'thùng', factor: 48, price: 1150000, barcode: code },
        { unit: 'chai', factor: 1, price: 26000, wholesale_price: 24000 },
      ],
      is_active: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: target.id, code: target.code, is_active: false });
    // Left out, units stay: only the flag changes.
    const reactivated = await kit.send<VariantRecord>('PUT', productPaths.variant(target.id), {
      company: kit.anKhang,
      is_active: true,
      name: 'Chai 100ml',
    });
    expect(reactivated.body.data).toMatchObject({ is_active: true, name: 'Chai 100ml', units: answer.body.data.units });
    expect(answer.body.data.units).toEqual([
      { unit: 'chai', factor: 1, price: 26000, wholesale_price: 24000, barcode: null },
      { unit: 'thùng', factor: 48, price: 1150000, wholesale_price: null, barcode: code },
    ]);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    expect(changes.map((c) => [c.entity, c.id])).toEqual([['variant', String(target.id)]]);
    expect(changes[0]!.data).toEqual(reactivated.body.data);
    // Found by its new barcode.
    expect((await variants({ search: code })).body.data.map((v) => v.id)).toEqual([target.id]);
  });

  it('names the unit field of a bad variant edit', async () => {
    const target = product.variants[1]!;
    const used = product.variants[0]!.units[0]!.barcode!;
    const cases: [unknown[], string, number][] = [
      [[{ unit: 'chai', factor: 1, price: -5 }], 'units.0.price', 400],
      [[{ unit: 'két sắt', factor: 1, price: 5 }], 'units.0.unit', 400],
      [[{ unit: 'chai', factor: 1, price: 5, barcode: used }], 'units.0.barcode', 409],
      [
        [
          { unit: 'chai', factor: 1, price: 5 },
          { unit: 'thùng', factor: 1, price: 5 },
        ],
        'units',
        400,
      ],
    ];
    for (const [units, field, status] of cases) {
      const answer = await kit.send('PUT', productPaths.variant(target.id), { company: kit.anKhang, units });
      expect(answer.status, JSON.stringify(units)).toBe(status);
      expect(answer.body.fields?.[field], JSON.stringify(answer.body)).toBeTruthy();
    }
    expect((await kit.send('PUT', productPaths.variant(target.id), { company: kit.anKhang, units: 'hộp' })).body.fields?.units).toBe(
      'Danh sách đơn vị tính không hợp lệ',
    );
    expect((await kit.get<VariantRecord>(productPaths.variant(target.id), { company: kit.anKhang })).body.data).toEqual(target);
  });
});

describe('updatevariantwholesale/', () => {
  it('lists variants with wholesale prices and updates many in one call', async () => {
    const listed = await kit.get<VariantRecord[]>(productPaths.wholesale, { company: kit.anKhang, search: 'ibuprofen duc giang' });
    expect(listed.body.count).toBe(2);
    const [tablets, syrup] = [product.variants[0]!, product.variants[1]!];
    const cursor = await cursorNow(kit, kit.anKhang);
    const answer = await kit.send<VariantRecord[]>('PUT', productPaths.wholesale, {
      company: kit.anKhang,
      items: [
        { variant_id: tablets.id, unit: 'VIÊN', wholesale_price: 700 },
        { variant_id: tablets.id, unit: 'vỉ', wholesale_price: null },
        { variant_id: syrup.id, unit: 'chai', wholesale_price: 29000 },
      ],
    });
    expect(answer.status).toBe(200);
    const byId = new Map(answer.body.data.map((v) => [v.id, v]));
    expect(byId.get(tablets.id)!.units.map((u) => u.wholesale_price)).toEqual([700, null, null]);
    expect(byId.get(syrup.id)!.units[0]!.wholesale_price).toBe(29000);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    expect(changes.map((c) => c.id).sort()).toEqual([String(tablets.id), String(syrup.id)].sort());
    expect((changes.find((c) => c.id === String(syrup.id))!.data as VariantRecord).units[0]!.wholesale_price).toBe(29000);
  });

  it('refuses unknown units, other companies’ variants and bad prices, changing nothing', async () => {
    const tablets = product.variants[0]!;
    const minhPhatVariant = (await kit.get<VariantRecord[]>(productPaths.variants, { company: kit.minhPhat })).body.data[0]!;
    const cases: [unknown, string, string][] = [
      [{ variant_id: tablets.id, unit: 'thùng', wholesale_price: 1 }, 'items.1.unit', 'Biến thể không có đơn vị "thùng"'],
      [{ variant_id: minhPhatVariant.id, unit: 'chai', wholesale_price: 1 }, 'items.1.variant_id', 'Biến thể không tồn tại trong công ty'],
      [{ variant_id: tablets.id, unit: 'hộp', wholesale_price: -1 }, 'items.1.wholesale_price', 'Giá bán sỉ không được âm'],
      [{ variant_id: tablets.id, unit: 'hộp', wholesale_price: 'một' }, 'items.1.wholesale_price', 'Giá bán sỉ phải là số'],
      [{ variant_id: tablets.id, unit: 'viên', wholesale_price: 5 }, 'items.1.unit', 'Dòng giá sỉ bị lặp lại'],
    ];
    const before = (await kit.get<VariantRecord>(productPaths.variant(tablets.id), { company: kit.anKhang })).body.data;
    for (const [bad, field, message] of cases) {
      const answer = await kit.send('PUT', productPaths.wholesale, {
        company: kit.anKhang,
        items: [{ variant_id: tablets.id, unit: 'viên', wholesale_price: 1 }, bad],
      });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.fields?.[field]).toBe(message);
    }
    expect((await kit.send('PUT', productPaths.wholesale, { company: kit.anKhang, items: [] })).body.fields?.items).toBe(
      'Không có giá sỉ nào để cập nhật',
    );
    expect((await kit.get<VariantRecord>(productPaths.variant(tablets.id), { company: kit.anKhang })).body.data).toEqual(before);
  });
  it('is refused, reading and saving, while the company has WHOLESALE off', async () => {
    const syrup = product.variants[1]!;
    const wholesale = eq(companyFeatures.code, 'WHOLESALE');
    const company = eq(companyFeatures.companyId, kit.anKhang);
    await kit.server.deps.db.update(companyFeatures).set({ isEnabled: false }).where(and(company, wholesale));
    try {
      const read = await kit.get(productPaths.wholesale, { company: kit.anKhang });
      const saved = await kit.send('PUT', productPaths.wholesale, {
        company: kit.anKhang,
        items: [{ variant_id: syrup.id, unit: 'chai', wholesale_price: 1 }],
      });
      expect([read.status, read.body.error, saved.status, saved.body.message]).toEqual([
        403,
        'FEATURE_OFF',
        403,
        'Công ty chưa bật chức năng Bán sỉ',
      ]);
    } finally {
      await kit.server.deps.db.update(companyFeatures).set({ isEnabled: true }).where(and(company, wholesale));
    }
    const after = (await kit.get<VariantRecord>(productPaths.variant(syrup.id), { company: kit.anKhang })).body.data;
    expect(after.units[0]!.wholesale_price).toBe(29000);
  });
});

describe('scanproduct/', () => {
  it('finds the variant and the unit of a non-base barcode', async () => {
    const box = product.variants[0]!.units[2]!;
    const answer = await kit.get<ScanAnswer>(productPaths.scan, { company: kit.anKhang, barcode: box.barcode! });
    expect(answer.status).toBe(200);
    expect(answer.body.data.variant.id).toBe(product.variants[0]!.id);
    expect(answer.body.data.unit).toMatchObject({ unit: 'hộp', factor: 100, barcode: box.barcode });
  });

  it('finds inactive variants flagged, and answers 404 in Vietnamese for unknown codes', async () => {
    const retired = await create('Thuốc cũ', [{ units: [{ unit: 'hộp', factor: 1, price: 1000, barcode: barcode() }] }]);
    await kit.del(productPaths.product(retired.id), { company: kit.anKhang });
    const found = await kit.get<ScanAnswer>(productPaths.scan, { company: kit.anKhang, barcode: retired.variants[0]!.units[0]!.barcode! });
    expect(found.body.data.variant.is_active).toBe(false);

    const missing = await kit.get(productPaths.scan, { company: kit.anKhang, barcode: '8930000000000' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Không tìm thấy sản phẩm có mã vạch 8930000000000');
    expect((await kit.get(productPaths.scan, { company: kit.anKhang })).body.fields?.barcode).toBe('Vui lòng nhập mã vạch');
  });

  it('never finds another company’s barcode', async () => {
    const code = product.variants[0]!.units[0]!.barcode!;
    expect((await kit.get(productPaths.scan, { company: kit.minhPhat, barcode: code })).status).toBe(404);
    expect((await kit.get(productPaths.scan, { company: kit.anKhang, barcode: code }, kit.binh.access)).status).toBe(403);
  });
});

describe('tenants', () => {
  it('refuses every variant call to a non-member', async () => {
    const token = kit.binh.access;
    const id = product.variants[0]!.id;
    const answers = [
      await variants({}, token),
      await kit.get(productPaths.variant(id), { company: kit.anKhang }, token),
      await kit.send('PUT', productPaths.variant(id), { company: kit.anKhang, units: [{ unit: 'viên', factor: 1, price: 1 }] }, token),
      await kit.get(productPaths.wholesale, { company: kit.anKhang }, token),
      await kit.send(
        'PUT',
        productPaths.wholesale,
        { company: kit.anKhang, items: [{ variant_id: id, unit: 'viên', wholesale_price: 1 }] },
        token,
      ),
    ];
    for (const answer of answers) expect(answer.body).toMatchObject({ code: 403, error: 'NOT_A_MEMBER', data: null });
    // A member of Minh Phát naming Minh Phát cannot edit An Khang's variant either.
    const crossed = await kit.send(
      'PUT',
      productPaths.variant(id),
      { company: kit.minhPhat, units: [{ unit: 'viên', factor: 1, price: 1 }] },
      token,
    );
    expect(crossed.status).toBe(404);
    expect((await kit.get<VariantRecord>(productPaths.variant(id), { company: kit.anKhang })).body.data.units[0]!.price).toBe(800);
  });
});
