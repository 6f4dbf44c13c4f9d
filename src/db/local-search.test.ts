import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '@contract/address';
import { NO_LICENCE, type CustomerRecord } from '@contract/customers';
import type { VariantRecord } from '@contract/products';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from './app-db';
import { searchLocalCustomers } from './customer-search';
import { toLocalCustomer, toLocalVariant } from './local-records';
import { findLocalBarcode, searchLocalVariants } from './variant-search';
import { NO_PRIVACY } from '@contract/customers-privacy';

let db: AppDb;
beforeEach(async () => {
  db = new AppDb(`search-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

function customer(company: number, name: string, patch: Partial<CustomerRecord> = {}): CustomerRecord {
  return {
    id: uuidv7(),
    company,
    code: 'KH000001',
    name,
    kind: 'Nhà thuốc',
    phone: null,
    tax_code: null,
    owner_name: null,
    address: EMPTY_ADDRESS,
    staff_id: null,
    staff_name: null,
    customer_type_id: null,
    level_id: null,
    status: 'active',
    lat: null,
    lng: null,
    note: null,
    drug_business: true,
    privacy: NO_PRIVACY,
    ...NO_LICENCE,
    created_at: '',
    updated_at: '',
    ...patch,
  };
}

function variant(company: number, id: number, productName: string, patch: Partial<VariantRecord> = {}): VariantRecord {
  return {
    id,
    company,
    product_id: id,
    product_code: `SP${id}`,
    product_name: productName,
    code: `SP${id}-1`,
    name: '',
    units: [
      { unit: 'viên', factor: 1, price: 1000, wholesale_price: null, barcode: null },
      { unit: 'hộp', factor: 100, price: 90000, wholesale_price: null, barcode: `893${String(id).padStart(10, '0')}` },
    ],
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
    updated_at: '',
    ...patch,
  };
}

describe('searchLocalCustomers', () => {
  beforeEach(async () => {
    await db.customers.bulkPut(
      [
        customer(1, 'Nhà thuốc Đức Hạnh', { phone: '0918 333 444', code: 'KH000003' }),
        customer(1, 'Nhà thuốc Minh Châu', { owner_name: 'Lê Minh Châu' }),
        customer(1, 'Quầy thuốc Hòa Bình'),
        customer(2, 'Nhà thuốc Đức Hạnh (công ty khác)'),
      ].map((record) => toLocalCustomer(record)),
    );
  });

  it('finds by word prefixes without diacritics, within the company only', async () => {
    expect((await searchLocalCustomers(db, 1, 'duc han')).map((c) => c.name)).toEqual(['Nhà thuốc Đức Hạnh']);
    expect((await searchLocalCustomers(db, 1, 'ĐỨC')).map((c) => c.name)).toEqual(['Nhà thuốc Đức Hạnh']);
    expect((await searchLocalCustomers(db, 1, 'hoa binh')).map((c) => c.name)).toEqual(['Quầy thuốc Hòa Bình']);
    expect((await searchLocalCustomers(db, 1, 'nha thuoc')).map((c) => c.name)).toEqual(['Nhà thuốc Đức Hạnh', 'Nhà thuốc Minh Châu']);
  });

  it('finds by code and by phone typed with or without spaces', async () => {
    expect((await searchLocalCustomers(db, 1, 'kh000003')).map((c) => c.name)).toEqual(['Nhà thuốc Đức Hạnh']);
    expect((await searchLocalCustomers(db, 1, '0918333')).map((c) => c.name)).toEqual(['Nhà thuốc Đức Hạnh']);
    expect((await searchLocalCustomers(db, 1, '0918 333 4')).map((c) => c.name)).toEqual(['Nhà thuốc Đức Hạnh']);
  });

  it('finds a rare word among hundreds of common ones, in any order, and nothing for a word no customer has', async () => {
    await db.customers.bulkPut(
      Array.from({ length: 600 }, (_, i) =>
        toLocalCustomer(customer(1, `Nhà thuốc Số ${i + 1}`, { code: `KH1${String(i).padStart(5, '0')}` })),
      ),
    );
    expect((await searchLocalCustomers(db, 1, 'nha minh')).map((c) => c.name)).toEqual(['Nhà thuốc Minh Châu']);
    expect((await searchLocalCustomers(db, 1, 'chau thuoc nha')).map((c) => c.name)).toEqual(['Nhà thuốc Minh Châu']);
    expect(await searchLocalCustomers(db, 1, 'nha 2qx')).toEqual([]);
    expect(await searchLocalCustomers(db, 1, 'nha thuoc', 600)).toHaveLength(600);
  });

  it('lists by name when nothing is typed', async () => {
    expect((await searchLocalCustomers(db, 1, '  ')).map((c) => c.name)).toEqual([
      'Nhà thuốc Đức Hạnh',
      'Nhà thuốc Minh Châu',
      'Quầy thuốc Hòa Bình',
    ]);
  });
});

describe('variants', () => {
  beforeEach(async () => {
    await db.variants.bulkPut(
      [
        variant(1, 1, 'Hapacol 500mg', { active_ingredient: 'Paracetamol', brand_name: 'DHG Pharma' }),
        variant(1, 2, 'Efferalgan 500mg', { active_ingredient: 'Paracetamol' }),
        variant(1, 3, 'Thuốc ho Bảo Thanh'),
        variant(2, 4, 'Hapacol 500mg (khác)'),
      ].map(toLocalVariant),
    );
  });

  it('finds by name, ingredient, brand and code prefixes without diacritics', async () => {
    expect((await searchLocalVariants(db, 1, 'paracet')).map((v) => v.product_name)).toEqual(['Efferalgan 500mg', 'Hapacol 500mg']);
    expect((await searchLocalVariants(db, 1, 'thuoc ho')).map((v) => v.product_name)).toEqual(['Thuốc ho Bảo Thanh']);
    expect((await searchLocalVariants(db, 1, 'dhg')).map((v) => v.product_name)).toEqual(['Hapacol 500mg']);
    expect((await searchLocalVariants(db, 1, 'sp2')).map((v) => v.product_name)).toEqual(['Efferalgan 500mg']);
  });

  it('finds the unit of a scanned barcode', async () => {
    const found = await findLocalBarcode(db, 1, '8930000000002');
    expect(found?.variant.product_name).toBe('Efferalgan 500mg');
    expect(found?.unit.unit).toBe('hộp');
    expect(await findLocalBarcode(db, 2, '8930000000002')).toBeNull();
  });
});

describe('the in-memory index stays current with the mirror', () => {
  const names = async (query: string, company = 1) => (await searchLocalCustomers(db, company, query, 10_000)).map((c) => c.name);

  it('sees a row added, renamed and deleted by another connection to the same database (another tab)', async () => {
    const first = toLocalCustomer(customer(1, 'Nhà thuốc Bạch Mai'));
    await db.customers.put(first);
    expect(await names('bach')).toEqual(['Nhà thuốc Bạch Mai']);

    const otherTab = new AppDb(db.name);
    await otherTab.open();
    await otherTab.customers.put(toLocalCustomer(customer(1, 'Nhà thuốc Kim Liên')));
    await otherTab.customers.put(toLocalCustomer({ ...first, name: 'Nhà thuốc Bạch Đằng' }));
    await otherTab.customers.put(toLocalCustomer(customer(2, 'Nhà thuốc Kim Mã (công ty khác)')));
    expect(await names('kim')).toEqual(['Nhà thuốc Kim Liên']);
    expect(await names('bach')).toEqual(['Nhà thuốc Bạch Đằng']);
    expect(await names('mai')).toEqual([]);
    await otherTab.customers.delete(first.id);
    expect(await names('bach')).toEqual([]);
    otherTab.close();
  });

  it('reloads after a bulk write Dexie reports only as a range (a sync page), and after a reset deletes a range', async () => {
    expect(await names('nha thuoc')).toEqual([]);
    await db.customers.bulkPut(Array.from({ length: 120 }, (_, i) => toLocalCustomer(customer(1, `Nhà thuốc Lô ${i + 1}`))));
    expect(await names('nha thuoc lo')).toHaveLength(120);
    await db.customers.deleteCompany(1);
    expect(await names('nha thuoc lo')).toEqual([]);
  });

  it('answers like a scan of the table through rounds of adds, renames and deletes (texts cut from the last joined text)', async () => {
    // Names whose text does not begin with their name key (punctuation, a repeated word) beside
    // names whose key the index reads from the text.
    const streets = ['Lê Lợi', 'Trần Phú', '(Hai Bà Trưng)', 'Nguyễn Trãi', 'Lý Thường-Kiệt thuốc'];
    const rows = Array.from({ length: 600 }, (_, i) =>
      toLocalCustomer(customer(1, `Nhà thuốc ${streets[i % 5]} ${i}`, { code: `KH${String(i).padStart(6, '0')}` })),
    );
    await db.customers.bulkPut(rows);
    const scan = async (query: string) => {
      const words = query.split(' ');
      // In the order of the old [company+nameFold] index: by name, then id.
      const all = (await db.customers.toArray())
        .filter((row) => row.company === 1)
        .sort((a, b) => (a.nameFold === b.nameFold ? (a.id < b.id ? -1 : 1) : a.nameFold < b.nameFold ? -1 : 1));
      return all.filter((row) => words.every((word) => ` ${row.search}`.includes(` ${word}`))).map((row) => row.id);
    };
    const queries = ['nha thuoc', 'nha thuoc le loi', 'tran', 'nguyen trai 1', 'kh00001', 'ly thuong kiet', 'hai ba', 'moi'];
    for (let round = 0; round < 6; round += 1) {
      // One row a write, in the first packs only: the index reads those packs again and merges
      // their rows with the entries it keeps from the others.
      for (let i = round; i < 150; i += 17) {
        const row = (await db.customers.get(rows[i]!.id))!;
        if (i % 3 === 0) await db.customers.delete(row.id);
        else await db.customers.put(toLocalCustomer({ ...customer(1, `Nhà thuốc ${streets[(i + round) % 5]} mới ${i}`), id: row.id }));
      }
      await db.customers.put(toLocalCustomer(customer(1, `Nhà thuốc Lê Lợi thêm ${round}`)));
      for (const query of queries) {
        expect(
          (await searchLocalCustomers(db, 1, query, 1_000)).map((row) => row.id),
          `${query}, round ${round}`,
        ).toEqual(await scan(query));
      }
    }
  });

  it('lists each of thousands of rows sharing one name once, across the pages the index is read in', async () => {
    // More than two load pages (1,000 rows) of one name.
    await db.customers.bulkPut(Array.from({ length: 2_120 }, () => toLocalCustomer(customer(1, 'Nhà thuốc Trùng Tên'))));
    await db.customers.bulkPut(Array.from({ length: 30 }, (_, i) => toLocalCustomer(customer(1, `Nhà thuốc Z ${i}`))));
    const found = await searchLocalCustomers(db, 1, 'nha thuoc', 100_000);
    expect(found).toHaveLength(2_150);
    expect(new Set(found.map((row) => row.id)).size).toBe(2_150);
    expect(found.at(-1)!.name).toBe('Nhà thuốc Z 9');
  }, 30_000);
});
