import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePrice, type PricePolicyRecord, type PriceTypeOption } from '@contract/price-policy';
import { productPaths, type ProductRecord, type VariantRecord } from '@contract/products';
import { customerLevels, customerTypes } from '@server/kernel/db/schema';
import { cursorNow, startCatalogueKit, type Kit } from '@server/testing/products.kit';

let kit: Kit;
let hospital: number;
let retail: number;
let diamond: number;
let foreignType: number;
let amoxicillin: VariantRecord;
let tablets: VariantRecord;

async function groupId(company: number, title: string) {
  const [row] = await kit.server.deps.db
    .select({ id: customerTypes.id })
    .from(customerTypes)
    .where(and(eq(customerTypes.companyId, company), eq(customerTypes.title, title)));
  return row!.id;
}

async function variantNamed(name: string) {
  const found = await kit.get<VariantRecord[]>(productPaths.variants, { company: kit.anKhang, search: name, limit: 50 });
  return found.body.data.find((variant) => variant.product_name === name)!;
}

const policies = (query: Record<string, string | number> = {}, token?: string) =>
  kit.get<PricePolicyRecord[]>(productPaths.pricePolicies, { company: kit.anKhang, ...query }, token);

function policy(overrides: Record<string, unknown> = {}) {
  return {
    company: kit.anKhang,
    title: 'Nhà thuốc bán lẻ – quý IV',
    customer_type_id: retail,
    discount_percent: 3,
    priority: 5,
    starts_on: '2026-10-01',
    ends_on: '2026-12-31',
    items: [
      { variant_id: tablets.id, unit: 'HỘP', price: 65000 },
      { variant_id: amoxicillin.id, unit: 'viên', price: 850 },
    ],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const answer = await kit.send<PricePolicyRecord>('POST', productPaths.pricePolicies, policy(overrides));
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

beforeAll(async () => {
  kit = await startCatalogueKit();
  hospital = await groupId(kit.anKhang, 'Nhà thuốc bệnh viện');
  retail = await groupId(kit.anKhang, 'Nhà thuốc bán lẻ');
  foreignType = await groupId(kit.minhPhat, 'Cửa hàng bán lẻ');
  const [level] = await kit.server.deps.db
    .select({ id: customerLevels.id })
    .from(customerLevels)
    .where(and(eq(customerLevels.companyId, kit.anKhang), eq(customerLevels.title, 'Kim cương')));
  diamond = level!.id;
  amoxicillin = await variantNamed('Amoxicillin 500mg');
  tablets = await variantNamed('Hapacol 500');
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('getlisttypeprice/', () => {
  it('lists retail, wholesale when the switch is on, then each active policy', async () => {
    const answer = await kit.get<PriceTypeOption[]>(productPaths.priceTypes, { company: kit.anKhang });
    expect(answer.body.data.slice(0, 4)).toEqual([
      { type: 'retail', id: null, title: 'Giá bán lẻ' },
      { type: 'wholesale', id: null, title: 'Giá bán sỉ' },
      { type: 'policy', id: expect.any(Number), title: 'Nhà thuốc bệnh viện – giá ưu đãi' },
      { type: 'policy', id: expect.any(Number), title: 'Khách hàng Kim cương' },
    ]);
    const minhPhat = await kit.get<PriceTypeOption[]>(productPaths.priceTypes, { company: kit.minhPhat }, kit.binh.access);
    expect(minhPhat.body.data).toEqual([{ type: 'retail', id: null, title: 'Giá bán lẻ' }]);
    expect((await kit.get(productPaths.priceTypes, { company: kit.anKhang }, kit.binh.access)).status).toBe(403);
  });
});

describe('pricepolicy/', () => {
  it('lists the demo policies with their items, searched without diacritics and filtered', async () => {
    const all = await policies();
    expect(all.body.count).toBeGreaterThanOrEqual(2);
    const diamondPolicy = (await policies({ search: 'kim cuong' })).body.data;
    expect(diamondPolicy).toEqual([
      expect.objectContaining({ title: 'Khách hàng Kim cương', level_id: diamond, discount_percent: 5, items: [] }),
    ]);
    const hospitalPolicies = (await policies({ customer_type: hospital })).body.data;
    expect(hospitalPolicies[0]!.items).toContainEqual({ variant_id: amoxicillin.id, unit: 'hộp', price: 76000 });
    expect((await policies({ limit: 1, page: 2 })).body.data).toHaveLength(1);
  });

  it('creates a policy (units spelled as the variant has them) that devices pull and price with', async () => {
    const cursor = await cursorNow(kit, kit.anKhang);
    const created = await create();
    expect(created).toMatchObject({
      title: 'Nhà thuốc bán lẻ – quý IV',
      customer_type_id: retail,
      level_id: null,
      is_active: true,
      starts_on: '2026-10-01',
    });
    expect(created.items).toEqual(
      [
        { variant_id: tablets.id, unit: 'hộp', price: 65000 },
        { variant_id: amoxicillin.id, unit: 'viên', price: 850 },
      ].sort((a, b) => a.variant_id - b.variant_id),
    );
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    expect(changes).toEqual([expect.objectContaining({ entity: 'price_policy', id: String(created.id), op: 'upsert', data: created })]);

    // The shared pricing function gives the phone what the office will charge.
    const pulled = changes.map((change) => change.data as PricePolicyRecord);
    const price = effectivePrice({
      variantId: tablets.id,
      units: tablets.units,
      unit: 'vỉ',
      customer: { customer_type_id: retail, level_id: null, wholesale: false },
      policies: pulled,
      features: { pricePolicy: true, wholesale: true },
      day: '2026-11-21',
    });
    expect(price).toMatchObject({ source: 'policy', policyId: created.id, price: Math.round((tablets.units[1]!.price * 97) / 100) });
  });

  it('edits a policy, keeping its items unless the request names them; pricepolicyupdate replaces them', async () => {
    const created = await create({ title: 'Sửa chính sách' });
    const edited = await kit.send<PricePolicyRecord>('PUT', productPaths.pricePolicy(created.id), {
      company: kit.anKhang,
      title: 'Đã sửa chính sách',
      level_id: diamond,
      customer_type_id: null,
      is_active: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: 'Đã sửa chính sách',
      level_id: diamond,
      customer_type_id: null,
      is_active: false,
      discount_percent: 0,
    });
    expect(edited.body.data.items).toEqual(created.items);
    const types = (await kit.get<PriceTypeOption[]>(productPaths.priceTypes, { company: kit.anKhang })).body.data;
    expect(types.map((t) => t.id)).not.toContain(created.id);

    const emptied = await kit.send<PricePolicyRecord>('PUT', productPaths.pricePolicy(created.id), {
      ...policy({ title: 'Rỗng' }),
      items: [],
    });
    expect(emptied.body.data.items).toEqual([]);

    const cursor = await cursorNow(kit, kit.anKhang);
    const replaced = await kit.send<PricePolicyRecord>('PUT', productPaths.pricePolicyUpdate, {
      company: kit.anKhang,
      policy: created.id,
      items: [{ variant_id: amoxicillin.id, unit: 'vỉ', price: 8000 }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.items).toEqual([{ variant_id: amoxicillin.id, unit: 'vỉ', price: 8000 }]);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    expect((changes[0]!.data as PricePolicyRecord).items).toEqual(replaced.body.data.items);
  });

  it('deletes a policy; devices get a tombstone', async () => {
    const created = await create({ title: 'Xóa chính sách' });
    const cursor = await cursorNow(kit, kit.anKhang);
    expect((await kit.del(productPaths.pricePolicy(created.id), { company: kit.anKhang })).status).toBe(200);
    expect((await kit.get(productPaths.pricePolicy(created.id), { company: kit.anKhang })).status).toBe(404);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    expect(changes).toEqual([expect.objectContaining({ entity: 'price_policy', id: String(created.id), op: 'delete' })]);
    expect((await kit.del(productPaths.pricePolicy(created.id), { company: kit.anKhang })).status).toBe(404);
  });

  it('drops items of units a variant stops selling, and re-sends the policy', async () => {
    const product = (
      await kit.send<ProductRecord>('POST', productPaths.products, {
        company: kit.anKhang,
        name: 'Kẽm Zinc 10mg',
        variants: [
          {
            units: [
              { unit: 'viên', factor: 1, price: 500 },
              { unit: 'hộp', factor: 30, price: 14000 },
            ],
          },
        ],
      })
    ).body.data;
    const variant = product.variants[0]!;
    const created = await create({
      title: 'Giá kẽm',
      items: [
        { variant_id: variant.id, unit: 'hộp', price: 12000 },
        { variant_id: variant.id, unit: 'viên', price: 450 },
      ],
    });
    const cursor = await cursorNow(kit, kit.anKhang);
    await kit.send('PUT', productPaths.variant(variant.id), { company: kit.anKhang, units: [{ unit: 'viên', factor: 1, price: 500 }] });
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    const pulled = changes.find((change) => change.entity === 'price_policy' && change.id === String(created.id))!
      .data as PricePolicyRecord;
    expect(pulled.items).toEqual([{ variant_id: variant.id, unit: 'viên', price: 450 }]);
  });

  it('refuses groups, levels and variants of another company, unknown units and bad values', async () => {
    const foreignVariant = (await kit.get<VariantRecord[]>(productPaths.variants, { company: kit.minhPhat })).body.data[0]!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customer_type_id: foreignType }, 'customer_type_id', 'Nhóm khách hàng không tồn tại trong công ty'],
      [{ level_id: 999_999 }, 'level_id', 'Cấp độ khách hàng không tồn tại trong công ty'],
      [
        { items: [{ variant_id: foreignVariant.id, unit: 'chai', price: 1 }] },
        'items.0.variant_id',
        'Biến thể không tồn tại trong công ty',
      ],
      [
        { items: [{ variant_id: tablets.id, unit: 'thùng', price: 1 }] },
        'items.0.unit',
        `Biến thể ${tablets.code} không có đơn vị "thùng"`,
      ],
      [
        {
          items: [
            { variant_id: tablets.id, unit: 'vỉ', price: 1 },
            { variant_id: tablets.id, unit: 'Vỉ', price: 2 },
          ],
        },
        'items.1.unit',
        `Giá của biến thể ${tablets.code} theo đơn vị "vỉ" bị lặp lại`,
      ],
      [{ items: [{ variant_id: tablets.id, unit: 'vỉ', price: -1 }] }, 'items.0.price', 'Giá không được âm'],
      [{ discount_percent: 150 }, 'discount_percent', 'Chiết khấu tối đa 100%'],
      [{ title: '' }, 'title', 'Vui lòng nhập tên chính sách giá'],
      [{ starts_on: '01/10/2026' }, 'starts_on', 'Ngày bắt đầu không hợp lệ (YYYY-MM-DD)'],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await kit.send('POST', productPaths.pricePolicies, policy({ title: 'Không được lưu', ...overrides }));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.fields?.[field], JSON.stringify(answer.body)).toBe(message);
    }
    const backwards = await kit.send('POST', productPaths.pricePolicies, policy({ starts_on: '2026-12-01', ends_on: '2026-11-01' }));
    expect(backwards.body.message).toBe('Ngày kết thúc phải sau ngày bắt đầu');
    expect((await policies({ search: 'khong duoc luu' })).body.count).toBe(0);
    const update = await kit.send('PUT', productPaths.pricePolicyUpdate, { company: kit.anKhang, policy: 999_999, items: [] });
    expect(update.status).toBe(404);
  });

  it('refuses non-members, and companies without the price-policy switch', async () => {
    const created = await create({ title: 'Riêng An Khang' });
    const token = kit.binh.access;
    const strangers = [
      await policies({}, token),
      await kit.get(productPaths.pricePolicy(created.id), { company: kit.anKhang }, token),
      await kit.send('POST', productPaths.pricePolicies, policy(), token),
      await kit.send('PUT', productPaths.pricePolicy(created.id), policy(), token),
      await kit.del(productPaths.pricePolicy(created.id), { company: kit.anKhang }, token),
      await kit.send('PUT', productPaths.pricePolicyUpdate, { company: kit.anKhang, policy: created.id, items: [] }, token),
    ];
    for (const answer of strangers) expect(answer.body).toMatchObject({ code: 403, error: 'NOT_A_MEMBER', data: null });

    // Minh Phát has every switch off: members are refused with the switch's message.
    const off = [
      await kit.get(productPaths.pricePolicies, { company: kit.minhPhat }, token),
      await kit.send('POST', productPaths.pricePolicies, { company: kit.minhPhat, title: 'Thử' }, token),
      await kit.get(productPaths.pricePolicy(created.id), { company: kit.minhPhat }, token),
      await kit.send('PUT', productPaths.pricePolicy(created.id), { company: kit.minhPhat, title: 'Thử' }, token),
      await kit.del(productPaths.pricePolicy(created.id), { company: kit.minhPhat }, token),
      await kit.send('PUT', productPaths.pricePolicyUpdate, { company: kit.minhPhat, policy: created.id, items: [] }, token),
    ];
    for (const answer of off) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Công ty chưa bật chức năng Chính sách giá');
    }
    expect((await kit.get<PricePolicyRecord>(productPaths.pricePolicy(created.id), { company: kit.anKhang })).body.data.title).toBe(
      'Riêng An Khang',
    );
  });
});
