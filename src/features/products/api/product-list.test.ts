import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VariantRecord, VariantUnit } from '@contract/products';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { toLocalVariant } from '@/db/local-records';
import { ProductFilterSchema, VariantFilterSchema } from '../model/product-filter';
import { groupByProduct, localProductList, localVariantList } from './product-list';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';

const COMPANY = 7;
const OTHER = 8;
const BRAND_DHG = 1;
const BRAND_TRAPHACO = 2;
let db: AppDb;
let nextId = 1;

const units = (barcode: string | null = null): VariantUnit[] => [
  { unit: 'viên', factor: 1, price: 1_000, wholesale_price: null, barcode: null },
  { unit: 'hộp', factor: 100, price: 90_000, wholesale_price: 85_000, barcode },
];

function variant(productId: number, productName: string, patch: Partial<VariantRecord> = {}): VariantRecord {
  const id = nextId++;
  return {
    id,
    company: COMPANY,
    product_id: productId,
    product_code: `SP${productId}`,
    product_name: productName,
    code: `BT${id}`,
    name: '',
    units: units(),
    active_ingredient: null,
    strength: null,
    registration_number: null,
    manufacturer: null,
    country: null,
    brand_id: null,
    brand_name: null,
    category_id: null,
    category_name: null,
    group_id: null,
    group_name: null,
    vat_rate: 5,
    is_medicine: false,
    registration_expiry: null,
    prescription: false,
    essential: false,
    controlled_class: 'none',
    storage: 'normal',
    national_code: null,
    is_active: true,
    image_url: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

const productFilter = (search: Record<string, unknown> = {}) => v.parse(ProductFilterSchema, { limit: 50, ...search });

beforeEach(async () => {
  db = new AppDb(`product-list-${uuidv7()}`);
  await db.open();
  const records = [
    variant(1, 'Hapacol 250', { name: 'Vị cam', brand_id: BRAND_DHG, brand_name: 'DHG', active_ingredient: 'Paracetamol' }),
    variant(1, 'Hapacol 250', { name: 'Vị dâu', brand_id: BRAND_DHG, brand_name: 'DHG', active_ingredient: 'Paracetamol' }),
    variant(2, 'Boganic', { brand_id: BRAND_TRAPHACO, brand_name: 'Traphaco', active_ingredient: 'Actiso, Rau đắng đất' }),
    variant(3, 'Efferalgan 500mg', { active_ingredient: 'Paracetamol', units: units('8934567000017') }),
    variant(4, 'Dầu gió Trường Sơn', { active_ingredient: 'Menthol', is_active: false }),
    variant(5, 'Hapacol 250', { company: OTHER, brand_id: BRAND_DHG }),
  ];
  await db.variants.bulkPut(records.map(toLocalVariant));
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('localProductList', () => {
  it('groups the mirrored variants by product, in name order, within the company', async () => {
    const list = await localProductList(db, COMPANY, productFilter());
    expect(list.source).toBe('device');
    expect(list.rows.map((row) => [row.name, row.variants.map((v) => v.name)])).toEqual([
      ['Boganic', ['']],
      ['Dầu gió Trường Sơn', ['']],
      ['Efferalgan 500mg', ['']],
      ['Hapacol 250', ['Vị cam', 'Vị dâu']],
    ]);
    expect(list.count).toBe(4);
    expect(list.rows[3]).toMatchObject({ id: 1, code: 'SP1', brand_name: 'DHG', active_ingredient: 'Paracetamol' });
  });

  it('finds products by a diacritic-free prefix of any word: name, ingredient, brand, barcode', async () => {
    const names = async (search: string) => (await localProductList(db, COMPANY, productFilter({ search }))).rows.map((row) => row.name);
    expect(await names('hapa')).toEqual(['Hapacol 250']);
    expect(await names('paracet')).toEqual(['Efferalgan 500mg', 'Hapacol 250']);
    expect(await names('dau gio')).toEqual(['Dầu gió Trường Sơn']);
    expect(await names('rau dang')).toEqual(['Boganic']);
    expect(await names('TRAPHACO')).toEqual(['Boganic']);
    expect(await names('8934567')).toEqual(['Efferalgan 500mg']);
    expect(await names('hapacol dau')).toEqual(['Hapacol 250']);
    expect(await names('khongco')).toEqual([]);
  });

  it('applies brand filters, sorting and paging', async () => {
    const dhg = await localProductList(db, COMPANY, productFilter({ brand: BRAND_DHG }));
    expect(dhg.rows.map((row) => row.id)).toEqual([1]);
    expect(dhg.rows[0]!.variants).toHaveLength(2);

    const reversed = await localProductList(db, COMPANY, productFilter({ ordering: '-name' }));
    expect(reversed.rows.map((row) => row.name)).toEqual(['Hapacol 250', 'Efferalgan 500mg', 'Dầu gió Trường Sơn', 'Boganic']);

    const page2 = await localProductList(db, COMPANY, productFilter({ limit: 2, page: 2 }));
    expect(page2.rows.map((row) => row.name)).toEqual(['Efferalgan 500mg', 'Hapacol 250']);
    expect(page2.count).toBe(4);
  });

  it('counts every match, pages to the last one, and orders by code or by last update', async () => {
    await db.variants.bulkPut(
      Array.from({ length: 300 }, (_, i) =>
        toLocalVariant(
          variant(1000 + i, `Thuốc mẫu ${String(i).padStart(3, '0')}`, {
            product_code: `SP${String(999 - i).padStart(4, '0')}`,
            updated_at: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}T08:00:00.000Z`,
          }),
        ),
      ),
    );
    const first = await localProductList(db, COMPANY, productFilter({ limit: 10, search: 'thuoc' }));
    expect(first.rows).toHaveLength(10);
    expect(first.count).toBe(300);
    const last = await localProductList(db, COMPANY, productFilter({ limit: 10, page: 30, search: 'thuoc' }));
    expect(last.rows.map((row) => row.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Thuốc mẫu ${290 + i}`));

    const byCode = await localProductList(db, COMPANY, productFilter({ limit: 3, search: 'mau', ordering: 'code' }));
    expect(byCode.rows.map((row) => row.code)).toEqual(['SP0700', 'SP0701', 'SP0702']);
    const newest = (page: number) =>
      localProductList(db, COMPANY, productFilter({ limit: 10, page, search: 'mau', ordering: '-updated_at' }));
    expect((await newest(1)).rows.map((row) => row.updated_at)).toEqual(Array(10).fill('2026-11-20T08:00:00.000Z'));
    expect((await newest(30)).rows.map((row) => row.updated_at)).toEqual(Array(10).fill('2026-11-01T08:00:00.000Z'));
  });

  it('sees the mirror change after the first search: a variant renamed, one added, one deleted', async () => {
    expect((await localProductList(db, COMPANY, productFilter({ search: 'boganic' }))).count).toBe(1);
    const ofProduct = async (productId: number) => (await db.variants.toArray()).find((row) => row.product_id === productId)!;
    await db.variants.put(toLocalVariant({ ...(await ofProduct(2)), product_name: 'Boganic Forte' }));
    await db.variants.put(toLocalVariant(variant(7, 'Bổ gan Tuệ Linh')));
    await db.variants.delete((await ofProduct(3)).id);
    expect((await localProductList(db, COMPANY, productFilter({ search: 'forte' }))).rows.map((row) => row.name)).toEqual([
      'Boganic Forte',
    ]);
    expect((await localProductList(db, COMPANY, productFilter({ search: 'bo gan' }))).rows.map((row) => row.name)).toEqual([
      'Bổ gan Tuệ Linh',
    ]);
    expect((await localProductList(db, COMPANY, productFilter({ search: 'efferalgan' }))).count).toBe(0);
  });
});

describe('the drug master filters offline', () => {
  it('filter the mirrored medicines as the server does: prescription, class, storage, registration', async () => {
    const today = vietnamDay();
    await db.variants.bulkPut(
      [
        variant(20, 'Diazepam', {
          is_medicine: true,
          prescription: true,
          controlled_class: 'psychotropic',
          registration_expiry: '2020-01-01',
        }),
        variant(21, 'Insulin', { is_medicine: true, prescription: true, storage: 'cold', registration_expiry: addDays(today, 30) }),
        variant(22, 'Vitamin C', { is_medicine: true, registration_expiry: addDays(today, 400), national_code: 'QG-0042' }),
        // Not a medicine: its hidden fields do not count.
        variant(23, 'Sữa chua', { prescription: true, storage: 'cold', registration_expiry: '2020-01-01' }),
      ].map(toLocalVariant),
    );
    const names = async (search: Record<string, unknown>) =>
      (await localProductList(db, COMPANY, productFilter(search))).rows.map((row) => row.name);
    expect(await names({ prescription: 'true' })).toEqual(['Diazepam', 'Insulin']);
    expect(await names({ prescription: 'false' })).toEqual(['Vitamin C']);
    expect(await names({ controlledClass: 'psychotropic' })).toEqual(['Diazepam']);
    expect(await names({ storage: 'cold' })).toEqual(['Insulin']);
    expect(await names({ registration: 'expired' })).toEqual(['Diazepam']);
    expect(await names({ registration: 'expiring', search: 'insu' })).toEqual(['Insulin']);
    expect(await names({ search: 'qg 0042' })).toEqual(['Vitamin C']);
    const rows = (await localProductList(db, COMPANY, productFilter({ registration: 'expired' }))).rows;
    expect(rows[0]).toMatchObject({ is_medicine: true, registration_expiry: '2020-01-01' });
  });
});

describe('localVariantList', () => {
  it('lists variants by search and finds one by exact barcode', async () => {
    const filter = (search: Record<string, unknown>) => v.parse(VariantFilterSchema, { limit: 50, ...search });
    const byName = await localVariantList(db, COMPANY, filter({ search: 'hapacol' }));
    expect(byName.rows.map((row) => row.name)).toEqual(['Vị cam', 'Vị dâu']);
    const byBarcode = await localVariantList(db, COMPANY, filter({ barcode: '8934567000017' }));
    expect(byBarcode.rows.map((row) => row.product_name)).toEqual(['Efferalgan 500mg']);
    expect((await localVariantList(db, COMPANY, filter({ barcode: '000' }))).rows).toEqual([]);
  });
});

describe('groupByProduct', () => {
  it('is active when any variant is, and takes the newest update', () => {
    const [row] = groupByProduct([
      variant(9, 'X', { is_active: false, updated_at: '2026-01-01T00:00:00.000Z' }),
      variant(9, 'X', { is_active: true, updated_at: '2026-02-01T00:00:00.000Z' }),
    ]);
    expect(row).toMatchObject({ id: 9, is_active: true, updated_at: '2026-02-01T00:00:00.000Z' });
  });
});
