import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerTypeRecord } from '@contract/customers';
import type { PricePolicyRecord } from '@contract/price-policy';
import { productPaths, type ProductRecord, type VariantRecord } from '@contract/products';
import { rowsOf } from '@server/kernel/sql';
import { seedDemoCatalogue } from '@server/seed/demo-catalogue';
import { isValidEan13 } from '@server/seed/ean13';
import { loadPricePolicyRecords } from '@server/modules/price-policy';
import { unguarded } from '@server/testing/change-log-guard';
import { startCatalogueKit, type Kit } from '@server/testing/products.kit';
import { loadVariantRecords } from './variant-record';

let kit: Kit;

beforeAll(async () => {
  kit = await startCatalogueKit();
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('demo catalogue', () => {
  it('gives An Khang a pharmacy catalogue with valid 893 barcodes, Minh Phát general goods, and two policies', async () => {
    const anKhang = await kit.get<ProductRecord[]>(productPaths.products, { company: kit.anKhang, limit: 200 });
    expect(anKhang.body.count).toBeGreaterThanOrEqual(25);
    const names = anKhang.body.data.map((p) => p.name);
    for (const name of ['Hapacol 500', 'Panadol Extra', 'Amoxicillin 500mg', 'Smecta', 'Oresol 245', 'Salonpas', 'Dầu gió Trường Sơn'])
      expect(names).toContain(name);
    const barcodes = anKhang.body.data
      .flatMap((p) => p.variants.flatMap((v) => v.units.map((u) => u.barcode)))
      .filter((code) => code !== null);
    expect(barcodes.length).toBeGreaterThan(30);
    for (const code of barcodes) {
      expect(code.startsWith('893')).toBe(true);
      expect(isValidEan13(code), code).toBe(true);
    }
    const hapacol = anKhang.body.data.find((p) => p.name === 'Hapacol 500')!;
    expect(hapacol).toMatchObject({ registration_number: 'VD-21137-14', manufacturer: 'DHG Pharma', brand_name: 'Hapacol', vat_rate: 5 });
    expect(hapacol.variants[0]!.units.map((u) => [u.unit, u.factor])).toEqual([
      ['viên', 1],
      ['vỉ', 10],
      ['hộp', 100],
    ]);

    const minhPhat = await kit.get<ProductRecord[]>(productPaths.products, { company: kit.minhPhat }, kit.binh.access);
    expect(minhPhat.body.count).toBeGreaterThanOrEqual(3);
    expect(minhPhat.body.data.every((p) => p.group_name === 'Hàng tiêu dùng')).toBe(true);

    // Running it again changes nothing.
    await seedDemoCatalogue(kit.server.deps.db, { anKhangId: kit.anKhang, minhPhatId: kit.minhPhat });
    expect((await kit.get(productPaths.products, { company: kit.anKhang, limit: 1 })).body.count).toBe(anKhang.body.count);
  });

  it('reaches devices through sync: every variant, both policies and the wholesale customer group', async () => {
    const { changes } = await kit.pullAll(kit.anKhang);
    const variantChanges = changes.filter((c) => c.entity === 'variant');
    const count = (await kit.get(productPaths.variants, { company: kit.anKhang, limit: 1 })).body.count;
    expect(variantChanges).toHaveLength(count!);
    const sample = variantChanges[0]!;
    expect((await kit.get<VariantRecord>(productPaths.variant(sample.id), { company: kit.anKhang })).body.data).toEqual(sample.data);
    const policies = changes.filter((c) => c.entity === 'price_policy').map((c) => (c.data as PricePolicyRecord).title);
    expect(policies).toEqual(expect.arrayContaining(['Nhà thuốc bệnh viện – giá ưu đãi', 'Khách hàng Kim cương']));
    const groups = changes.filter((c) => c.entity === 'customer_type').map((c) => c.data as CustomerTypeRecord);
    expect(groups).toContainEqual(expect.objectContaining({ title: 'Đại lý cấp 1', is_wholesale: true }));
    // Minh Phát's catalogue stays in Minh Phát.
    const minhPhat = await kit.pullAll(kit.minhPhat, 0, kit.binh.access);
    expect(minhPhat.changes.filter((c) => c.entity === 'variant').every((c) => (c.data as VariantRecord).company === kit.minhPhat)).toBe(
      true,
    );
  });
});

describe('record loaders', () => {
  it('load only the company’s records and ignore ids that are not numbers', async () => {
    const variant = (await kit.get<VariantRecord[]>(productPaths.variants, { company: kit.anKhang })).body.data[0]!;
    const loaded = await loadVariantRecords(kit.server.deps.db, kit.anKhang, [String(variant.id), 'abc', '-1', '99999999999']);
    expect([...loaded.keys()]).toEqual([String(variant.id)]);
    expect((await loadVariantRecords(kit.server.deps.db, kit.minhPhat, [String(variant.id)])).size).toBe(0);
    expect((await loadPricePolicyRecords(kit.server.deps.db, kit.minhPhat, ['1', '2'])).size).toBe(0);
  });

  it('load a whole pull page of 1000 variants with their units (timed in tests/bench, not here)', async () => {
    const db = kit.server.deps.db;
    const company = kit.anKhang;
    // Written straight into the tables: the loader's speed is measured, not what phones hear of.
    const write = (statement: SQL) => unguarded(db, (tx) => tx.execute(statement));
    await write(sql`
      insert into products (company_id, code, name, active_ingredient, search_text)
      select ${company}, 'HN' || lpad(g::text, 6, '0'), 'Sản phẩm hiệu năng ' || g, 'Hoạt chất ' || g, 'hn' || g
      from generate_series(1, 250) g`);
    await write(sql`
      insert into variants (company_id, product_id, code, name, search_text)
      select p.company_id, p.id, p.code || '-' || v, 'Loại ' || v, p.search_text
      from products p cross join generate_series(1, 4) v where p.company_id = ${company} and p.code like 'HN%'`);
    await write(sql`
      insert into variant_units (company_id, variant_id, unit, factor, price, wholesale_price, barcode)
      select v.company_id, v.id, u.unit, u.factor, u.price, u.price - 100, case when u.factor > 1 then 'HN' || v.id || '-' || u.factor end
      from variants v cross join (values ('viên', 1, 1000), ('vỉ', 10, 9500), ('hộp', 100, 90000)) as u(unit, factor, price)
      where v.company_id = ${company} and v.code like 'HN%'`);
    await write(sql`
      insert into product_images (id, company_id, product_id, content_type, bytes, sort)
      select gen_random_uuid(), p.company_id, p.id, 'image/png', decode('89504e470d0a1a0a', 'hex'), 0
      from products p where p.company_id = ${company} and p.code like 'HN%' and p.id % 2 = 0`);
    const ids = rowsOf<{ id: number }>(
      await db.execute(sql`select id from variants where company_id = ${company} and code like 'HN%' order by id`),
    ).map((row) => String(row.id));
    expect(ids).toHaveLength(1000);
    const loaded = await loadVariantRecords(db, company, ids);
    expect(loaded.size).toBe(1000);
    const record = loaded.get(ids[1]!)!;
    expect(record.units.map((u) => u.unit)).toEqual(['viên', 'vỉ', 'hộp']);
    expect(record.product_name).toMatch(/^Sản phẩm hiệu năng \d+$/);
  });
});
