import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CatalogueOption,
  type ProductRecord,
  type SelectOption,
  type UnitOption,
  type UnitSelectOption,
  type VariantRecord,
  productPaths,
} from '@contract/products';
import { startCatalogueKit, cursorNow, type Kit } from '@server/testing/products.kit';

let kit: Kit;

beforeAll(async () => {
  kit = await startCatalogueKit();
});
afterAll(async () => {
  await kit?.server.stop();
});

const LISTS = [
  {
    name: 'productbrand',
    list: productPaths.brands,
    one: productPaths.brand,
    select: productPaths.brandSelect,
    field: 'brand_id',
    filter: 'brand',
    label: 'thương hiệu',
  },
  {
    name: 'productcategory',
    list: productPaths.categories,
    one: productPaths.category,
    select: productPaths.categorySelect,
    field: 'category_id',
    filter: 'category',
    label: 'danh mục',
  },
  {
    name: 'productgroup',
    list: productPaths.groups,
    one: productPaths.group,
    select: productPaths.groupSelect,
    field: 'group_id',
    filter: 'group',
    label: 'nhóm sản phẩm',
  },
] as const;

async function productWith(field: string, id: number, name: string) {
  const answer = await kit.send<ProductRecord>('POST', productPaths.products, {
    company: kit.anKhang,
    name,
    [field]: id,
    variants: [{ units: [{ unit: 'viên', factor: 1, price: 1000 }] }],
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

describe.each(LISTS)('$name', ({ list, one, select, field, filter, label }) => {
  it('creates, lists with paging and diacritic-free search, reads, renames and deletes', async () => {
    const titles = ['Đông dược Ánh Dương', 'Dược liệu Xanh', 'Zeta Pharma', 'Ánh Sao'];
    const created: CatalogueOption[] = [];
    for (const title of titles) {
      const answer = await kit.send<CatalogueOption>('POST', list, { company: kit.anKhang, title });
      expect(answer.status).toBe(201);
      expect(answer.body.data.title).toBe(title);
      created.push(answer.body.data);
    }
    const found = await kit.get<CatalogueOption[]>(list, { company: kit.anKhang, search: 'anh duong' });
    expect(found.body.data.map((row) => row.title)).toEqual(['Đông dược Ánh Dương']);
    expect(found.body.count).toBe(1);

    const all = await kit.get<CatalogueOption[]>(list, { company: kit.anKhang, limit: 200 });
    const total = all.body.count!;
    const paged = await kit.get<CatalogueOption[]>(list, { company: kit.anKhang, page: 2, limit: 2 });
    expect(paged.body.count).toBe(total);
    expect(paged.body.data).toEqual(all.body.data.slice(2, 4));

    // Vietnamese order: Ánh after An, Đông after Dược, Zeta last.
    const options = await kit.get<SelectOption[]>(select, { company: kit.anKhang });
    const labels = options.body.data.map((option) => option.label);
    expect(labels.indexOf('Dược liệu Xanh')).toBeLessThan(labels.indexOf('Đông dược Ánh Dương'));
    expect(labels.indexOf('Ánh Sao')).toBeLessThan(labels.indexOf('Dược liệu Xanh'));
    expect(labels.at(-1)).toBe('Zeta Pharma');
    expect(options.body.data.find((option) => option.label === 'Zeta Pharma')!.value).toBe(created[2]!.id);

    const read = await kit.get<CatalogueOption>(one(created[1]!.id), { company: kit.anKhang });
    expect(read.body.data).toEqual(created[1]);

    const renamed = await kit.send<CatalogueOption>('PUT', one(created[1]!.id), { company: kit.anKhang, title: 'Dược liệu Xanh Mới' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.title).toBe('Dược liệu Xanh Mới');

    const removed = await kit.del(one(created[3]!.id), { company: kit.anKhang });
    expect(removed.status).toBe(200);
    expect((await kit.get(one(created[3]!.id), { company: kit.anKhang })).status).toBe(404);
  });

  it('refuses a duplicate title whatever the case, on create and rename', async () => {
    const first = await kit.send<CatalogueOption>('POST', list, { company: kit.anKhang, title: 'Trùng Tên' });
    const second = await kit.send<CatalogueOption>('POST', list, { company: kit.anKhang, title: 'Khác Tên' });
    const again = await kit.send('POST', list, { company: kit.anKhang, title: '  trùng tên ' });
    expect(again.status).toBe(409);
    expect(again.body.fields?.title).toBe(`Tên ${label} đã tồn tại`);
    const rename = await kit.send('PUT', one(second.body.data.id), { company: kit.anKhang, title: 'TRÙNG TÊN' });
    expect(rename.status).toBe(409);
    // The same title in another company is fine.
    expect((await kit.send('POST', list, { company: kit.minhPhat, title: 'Trùng Tên' }, kit.binh.access)).status).toBe(201);
    expect(first.status).toBe(201);
  });

  it('refuses to delete one that products use, and a rename reaches the variants through sync', async () => {
    const option = (await kit.send<CatalogueOption>('POST', list, { company: kit.anKhang, title: `Đang dùng ${label}` })).body.data;
    const product = await productWith(field, option.id, `Sản phẩm dùng ${label}`);
    const refused = await kit.del(one(option.id), { company: kit.anKhang });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Không thể xóa ${label} "Đang dùng ${label}" vì còn 1 sản phẩm đang dùng`);

    const cursor = await cursorNow(kit, kit.anKhang);
    await kit.send('PUT', one(option.id), { company: kit.anKhang, title: `Đổi tên ${label}` });
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    const variant = changes.find((change) => change.entity === 'variant' && change.id === String(product.variants[0]!.id));
    const nameKey = `${filter}_name` as 'brand_name';
    expect((variant?.data as VariantRecord)[nameKey]).toBe(`Đổi tên ${label}`);

    const filtered = await kit.get<ProductRecord[]>(productPaths.products, { company: kit.anKhang, [filter]: option.id });
    expect(filtered.body.data.map((row) => row.id)).toEqual([product.id]);
  });

  it('refuses other tenants and bad input', async () => {
    const option = (await kit.send<CatalogueOption>('POST', list, { company: kit.anKhang, title: `Riêng An Khang ${label}` })).body.data;
    const token = kit.binh.access;
    for (const answer of [
      await kit.get(list, { company: kit.anKhang }, token),
      await kit.get(select, { company: kit.anKhang }, token),
      await kit.get(one(option.id), { company: kit.anKhang }, token),
      await kit.send('POST', list, { company: kit.anKhang, title: 'Xâm nhập' }, token),
      await kit.send('PUT', one(option.id), { company: kit.anKhang, title: 'Xâm nhập' }, token),
      await kit.del(one(option.id), { company: kit.anKhang }, token),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('NOT_A_MEMBER');
      expect(answer.body.data).toBeNull();
    }
    // Naming another company the caller may work in does not reach this company's row.
    expect((await kit.get(one(option.id), { company: kit.minhPhat })).status).toBe(404);
    expect((await kit.send('PUT', one(option.id), { company: kit.minhPhat, title: 'Đổi' }, kit.binh.access)).status).toBe(404);
    expect((await kit.del(one(option.id), { company: kit.minhPhat }, kit.binh.access)).status).toBe(404);
    expect((await kit.get(one(option.id), { company: kit.anKhang })).body.data).toEqual(option);

    const missing = await kit.send('POST', list, { company: kit.anKhang });
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.title).toBe('Vui lòng nhập tên');
    expect((await kit.send('POST', list, { company: kit.anKhang, title: 42 })).body.fields?.title).toBe('Tên phải là chuỗi ký tự');
    expect((await kit.send('POST', list, { company: kit.anKhang, title: 'x'.repeat(121) })).status).toBe(400);
    expect((await kit.send('POST', list, { company: 'một', title: 'A' })).body.fields?.company).toBe('Công ty không hợp lệ');
    expect((await kit.get(list, { company: kit.anKhang, limit: 0 })).status).toBe(400);
    expect((await kit.get(list, {})).status).toBe(400);
    expect((await kit.get(one(999_999), { company: kit.anKhang })).status).toBe(404);
  });
});

describe('unit/', () => {
  it('lists the default units marked, then the company’s own; adds one; select answers names', async () => {
    const before = await kit.get<UnitOption[]>(productPaths.units, { company: kit.anKhang, limit: 200 });
    expect(before.body.data.slice(0, 3)).toEqual([
      { id: null, title: 'viên', is_default: true },
      { id: null, title: 'vỉ', is_default: true },
      { id: null, title: 'hộp', is_default: true },
    ]);
    // The demo catalogue added "miếng" for An Khang.
    expect(before.body.data.find((unit) => unit.title === 'miếng')).toMatchObject({ is_default: false });

    const added = await kit.send<CatalogueOption>('POST', productPaths.units, { company: kit.anKhang, title: 'bình xịt' });
    expect(added.status).toBe(201);
    const addedDefault = await kit.send<CatalogueOption>('POST', productPaths.units, { company: kit.anKhang, title: 'Ống' });
    expect(addedDefault.status).toBe(201);
    expect((await kit.send('POST', productPaths.units, { company: kit.anKhang, title: 'BÌNH XỊT' })).status).toBe(409);
    const long = await kit.send('POST', productPaths.units, { company: kit.anKhang, title: 'đơn vị có tên dài hơn ba mươi ký tự' });
    expect(long.body.fields?.title).toBe('Tên đơn vị tính không được dài quá 30 ký tự');

    const after = await kit.get<UnitOption[]>(productPaths.units, { company: kit.anKhang, limit: 200 });
    expect(after.body.data.find((unit) => unit.title === 'Ống')).toEqual({ id: addedDefault.body.data.id, title: 'Ống', is_default: true });
    expect(after.body.data.filter((unit) => unit.title.toLowerCase() === 'ống')).toHaveLength(1);
    expect(after.body.data.find((unit) => unit.title === 'bình xịt')).toEqual({
      id: added.body.data.id,
      title: 'bình xịt',
      is_default: false,
    });
    expect(after.body.count).toBe(after.body.data.length);

    const search = await kit.get<UnitOption[]>(productPaths.units, { company: kit.anKhang, search: 'binh' });
    expect(search.body.data.map((unit) => unit.title)).toEqual(['bình xịt']);

    const select = await kit.get<UnitSelectOption[]>(productPaths.units + 'select/', { company: kit.anKhang });
    expect(select.body.data).toContainEqual({ value: 'bình xịt', label: 'bình xịt' });
    expect(select.body.data[0]).toEqual({ value: 'viên', label: 'viên' });
  });

  it('renames a unit on every variant that sells it, and refuses to delete a unit in use', async () => {
    const unit = (await kit.send<CatalogueOption>('POST', productPaths.units, { company: kit.anKhang, title: 'hộp giấy' })).body.data;
    const product = (
      await kit.send<ProductRecord>('POST', productPaths.products, {
        company: kit.anKhang,
        name: 'Gạc y tế tiệt trùng',
        variants: [
          {
            units: [
              { unit: 'cái', factor: 1, price: 2000 },
              { unit: 'Hộp Giấy', factor: 20, price: 36000 },
            ],
          },
        ],
      })
    ).body.data;
    expect(product.variants[0]!.units.map((u) => u.unit)).toEqual(['cái', 'hộp giấy']);

    const refused = await kit.del(productPaths.unit(unit.id), { company: kit.anKhang });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Không thể xóa đơn vị tính "hộp giấy" vì còn 1 biến thể đang dùng');

    const cursor = await cursorNow(kit, kit.anKhang);
    const renamed = await kit.send('PUT', productPaths.unit(unit.id), { company: kit.anKhang, title: 'hộp carton' });
    expect(renamed.status).toBe(200);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    const variant = changes.find((change) => change.entity === 'variant' && change.id === String(product.variants[0]!.id))!
      .data as VariantRecord;
    expect(variant.units.map((u) => u.unit)).toEqual(['cái', 'hộp carton']);

    // A unit already on the same variant cannot be the new name.
    const clash = await kit.send('PUT', productPaths.unit(unit.id), { company: kit.anKhang, title: 'cái' });
    expect(clash.status).toBe(409);

    const free = (await kit.send<CatalogueOption>('POST', productPaths.units, { company: kit.anKhang, title: 'vỉ nhôm' })).body.data;
    expect((await kit.del(productPaths.unit(free.id), { company: kit.anKhang })).status).toBe(200);
    expect((await kit.get(productPaths.unit(free.id), { company: kit.anKhang })).status).toBe(404);
  });

  it('refuses other tenants', async () => {
    const unit = (await kit.send<CatalogueOption>('POST', productPaths.units, { company: kit.anKhang, title: 'két' })).body.data;
    const token = kit.binh.access;
    expect((await kit.get(productPaths.units, { company: kit.anKhang }, token)).status).toBe(403);
    expect((await kit.get(productPaths.units + 'select/', { company: kit.anKhang }, token)).status).toBe(403);
    expect((await kit.get(productPaths.unit(unit.id), { company: kit.anKhang }, token)).status).toBe(403);
    expect((await kit.send('POST', productPaths.units, { company: kit.anKhang, title: 'x' }, token)).status).toBe(403);
    expect((await kit.send('PUT', productPaths.unit(unit.id), { company: kit.anKhang, title: 'x' }, token)).status).toBe(403);
    expect((await kit.del(productPaths.unit(unit.id), { company: kit.anKhang }, token)).status).toBe(403);
    expect((await kit.get(productPaths.unit(unit.id), { company: kit.minhPhat })).status).toBe(404);
  });
});
