import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { productPaths, type ProductRecord, type VariantRecord } from '@contract/products';
import { cursorNow, startCatalogueKit, type Kit } from '@server/testing/products.kit';

let kit: Kit;
const today = vietnamDay();

/** A medicine of this file's own (its names carry "dmtest", so lists filtered by that see only these). */
function drug(name: string, overrides: Record<string, unknown> = {}) {
  return {
    company: kit.anKhang,
    name: `dmtest ${name}`,
    registration_number: `VD-${name.length}-26`,
    is_medicine: true,
    variants: [{ units: [{ unit: 'viên', factor: 1, price: 1000 }] }],
    ...overrides,
  };
}

async function create(body: Record<string, unknown>): Promise<ProductRecord> {
  const answer = await kit.send<ProductRecord>('POST', productPaths.products, body);
  if (answer.status !== 201) throw new Error(`create failed ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const names = async (query: Record<string, string>, path: string = productPaths.products) => {
  const answer = await kit.get<(ProductRecord | VariantRecord)[]>(path, { company: kit.anKhang, search: 'dmtest', limit: 50, ...query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.map((row) => ('product_name' in row ? row.product_name : row.name).replace('dmtest ', '')).sort();
};

beforeAll(async () => {
  kit = await startCatalogueKit();
});
afterAll(async () => {
  await kit?.server.stop();
});

describe('the drug master on product/', () => {
  it('saves every field, answers it on the product and its variants, and sends it to phones', async () => {
    const cursor = await cursorNow(kit, kit.anKhang);
    const master = {
      registration_expiry: '2028-06-30',
      prescription: true,
      essential: true,
      controlled_class: 'psychotropic',
      storage: 'cold',
      national_code: 'QG-000123',
    };
    const product = await create(drug('Diazepam 5mg', master));
    expect(product).toMatchObject(master);
    expect(product.variants[0]).toMatchObject(master);
    const read = await kit.get<ProductRecord>(productPaths.product(product.id), { company: kit.anKhang });
    expect(read.body.data).toMatchObject(master);
    const { changes } = await kit.pullAll(kit.anKhang, cursor);
    const pulled = changes.find((change) => change.entity === 'variant' && change.id === String(product.variants[0]!.id));
    expect(pulled?.data).toMatchObject(master);

    // Found by its national drug code.
    const byCode = await kit.get<ProductRecord[]>(productPaths.products, { company: kit.anKhang, search: 'qg 000123' });
    expect(byCode.body.data.map((row) => row.id)).toEqual([product.id]);

    // An edit of one variant goes through the stored product: the drug master stays as it was.
    const variantId = product.variants[0]!.id;
    const edited = await kit.send('PUT', productPaths.variant(variantId), { company: kit.anKhang, name: 'Vỉ 10 viên' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await kit.get<ProductRecord>(productPaths.product(product.id), { company: kit.anKhang })).body.data).toMatchObject(master);

    const changed = {
      ...master,
      prescription: false,
      controlled_class: 'none',
      storage: 'normal',
      registration_expiry: null,
      national_code: null,
    };
    const put = await kit.send<ProductRecord>('PUT', productPaths.product(product.id), {
      ...drug('Diazepam 5mg', changed),
      variants: [{ id: variantId, units: [{ unit: 'viên', factor: 1, price: 1000 }] }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject(changed);
  });

  it('takes the defaults when a product leaves the fields out', async () => {
    const product = await create(drug('Mặc định', { is_medicine: false }));
    expect(product).toMatchObject({
      registration_expiry: null,
      prescription: false,
      essential: false,
      controlled_class: 'none',
      storage: 'normal',
      national_code: null,
    });
  });

  it('refuses bad values with Vietnamese field messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ controlled_class: 'opium' }, 'controlled_class', 'Nhóm thuốc kiểm soát không hợp lệ'],
      [{ storage: 'hot' }, 'storage', 'Điều kiện bảo quản không hợp lệ'],
      [{ registration_expiry: '2027-02-30' }, 'registration_expiry', 'Ngày hết hạn số đăng ký không hợp lệ'],
      [{ registration_expiry: '30/06/2027' }, 'registration_expiry', 'Ngày hết hạn số đăng ký không hợp lệ'],
      [{ prescription: 'có' }, 'prescription', 'Thuốc kê đơn không hợp lệ'],
      [{ essential: 1 }, 'essential', 'Danh mục thuốc thiết yếu không hợp lệ'],
      [{ national_code: 'x'.repeat(41) }, 'national_code', 'Mã thuốc quốc gia không được dài quá 40 ký tự'],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await kit.send('POST', productPaths.products, drug('Sai', overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.fields?.[field], JSON.stringify(answer.body)).toBe(message);
    }
    expect(await names({ search: 'dmtest sai' })).toEqual([]);
  });
});

describe('the drug master filters of product/ and variant/', () => {
  beforeAll(async () => {
    await create(drug('Kê đơn hết hạn', { prescription: true, registration_expiry: addDays(today, -1), storage: 'cool' }));
    await create(drug('Kê đơn sắp hết', { prescription: true, registration_expiry: addDays(today, 90), controlled_class: 'addictive' }));
    await create(drug('Không kê đơn', { registration_expiry: addDays(today, 91), storage: 'frozen' }));
    await create(drug('Hết hạn hôm nay', { registration_expiry: today, controlled_class: 'restricted' }));
    // Not a medicine: whatever its hidden fields hold, the drug filters leave it out.
    await create(drug('Hàng thường', { is_medicine: false, prescription: true, registration_expiry: addDays(today, -5), storage: 'cool' }));
  });

  it('filters by prescription, controlled class, storage and the registration’s expiry', async () => {
    const query = (filter: Record<string, string>) => names({ search: 'dmtest het kê khong', ...filter });
    expect(await names({ search: 'dmtest đơn', prescription: 'true' })).toEqual(['Kê đơn hết hạn', 'Kê đơn sắp hết']);
    expect(await names({ search: 'dmtest không kê đơn', prescription: 'false' })).toEqual(['Không kê đơn']);
    expect(await names({ controlled_class: 'addictive' })).toEqual(['Kê đơn sắp hết']);
    expect(await names({ controlled_class: 'restricted' })).toEqual(['Hết hạn hôm nay']);
    expect(await names({ storage: 'cool' })).toEqual(['Kê đơn hết hạn']);
    expect(await names({ storage: 'frozen' })).toEqual(['Không kê đơn']);
    expect(await names({ registration: 'expired' })).toEqual(['Kê đơn hết hạn']);
    // Expiring: from today to 90 days ahead; a registration ending today still lets the drug be sold today.
    expect(await names({ registration: 'expiring' })).toEqual(['Hết hạn hôm nay', 'Kê đơn sắp hết']);
    expect(await names({ registration: 'expiring', prescription: 'true' })).toEqual(['Kê đơn sắp hết']);
    expect(await query({ registration: 'expired', storage: 'frozen' })).toEqual([]);
    expect(await names({ registration: 'expired' }, productPaths.variants)).toEqual(['Kê đơn hết hạn']);
    expect(await names({ storage: 'frozen' }, productPaths.variants)).toEqual(['Không kê đơn']);
  });

  it('refuses unknown filter values in Vietnamese', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ prescription: 'yes' }, 'Bộ lọc thuốc kê đơn không hợp lệ'],
      [{ controlled_class: 'opium' }, 'Nhóm thuốc kiểm soát không hợp lệ'],
      [{ storage: 'hot' }, 'Điều kiện bảo quản không hợp lệ'],
      [{ registration: 'soon' }, 'Bộ lọc số đăng ký không hợp lệ'],
    ];
    for (const [query, message] of cases) {
      for (const path of [productPaths.products, productPaths.variants]) {
        const answer = await kit.get(path, { company: kit.anKhang, ...query });
        expect(answer.status).toBe(400);
        expect(Object.values(answer.body.fields ?? {}), JSON.stringify(answer.body)).toContain(message);
      }
    }
  });
});
