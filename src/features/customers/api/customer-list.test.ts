import Dexie from 'dexie';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '@contract/address';
import { addDays } from '@contract/calendar-days';
import { NO_LICENCE, type CustomerRecord } from '@contract/customers';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { toLocalCustomer } from '@/db/local-records';
import { createCustomerOnDevice } from '../model/create-customer';
import { CustomerFilterSchema } from '../model/customer-filter';
import { localCustomerList, unsentCustomers } from './customer-list';
import { NO_PRIVACY } from '@contract/customers-privacy';

const COMPANY = 4;
const OTHER = 5;
const RETAIL = 11;
const HOSPITAL = 12;
const GOLD = 21;
const SILVER = 22;
let db: AppDb;

function customer(patch: Partial<CustomerRecord> & { name: string }): CustomerRecord {
  return {
    id: uuidv7(),
    company: COMPANY,
    code: `KH${Math.random().toString().slice(2, 8)}`,
    kind: 'Nhà thuốc',
    phone: null,
    tax_code: null,
    owner_name: null,
    address: EMPTY_ADDRESS,
    staff_id: 1,
    staff_name: 'Nguyễn Văn An',
    customer_type_id: null,
    level_id: null,
    status: 'active',
    lat: null,
    lng: null,
    note: null,
    drug_business: true,
    privacy: NO_PRIVACY,
    ...NO_LICENCE,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

const filter = (search: Record<string, unknown> = {}) => v.parse(CustomerFilterSchema, { limit: 50, ...search });
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

beforeEach(async () => {
  db = new AppDb(`customer-list-${uuidv7()}`);
  await db.open();
  await db.customers.bulkPut(
    [
      customer({ name: 'Nhà thuốc Minh Châu', customer_type_id: RETAIL, level_id: GOLD, phone: '0901111222' }),
      customer({ name: 'Nhà thuốc Đức Hạnh', customer_type_id: RETAIL, level_id: SILVER, owner_name: 'Trần Đức' }),
      customer({ name: 'Quầy thuốc Hạnh Phúc', customer_type_id: null, level_id: GOLD, kind: 'Quầy thuốc', status: 'inactive' }),
      customer({ name: 'Phòng khám An Bình', customer_type_id: HOSPITAL, level_id: null, kind: 'Phòng khám', staff_id: 2 }),
      customer({ name: 'Nhà thuốc Bình An', customer_type_id: null, level_id: null }),
      customer({ name: 'Nhà thuốc Minh Châu', company: OTHER, customer_type_id: RETAIL }),
    ].map((record) => toLocalCustomer(record)),
  );
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

describe('localCustomerList (offline)', () => {
  it('lists the company’s customers by name, only this company’s', async () => {
    const list = await localCustomerList(db, COMPANY, filter());
    expect(list.source).toBe('device');
    expect(names(list.rows)).toEqual([
      'Nhà thuốc Bình An',
      'Nhà thuốc Đức Hạnh',
      'Nhà thuốc Minh Châu',
      'Phòng khám An Bình',
      'Quầy thuốc Hạnh Phúc',
    ]);
    expect(list.count).toBe(5);
  });

  it('honours the tabs', async () => {
    expect(names((await localCustomerList(db, COMPANY, filter({ tabFilter: 'inactive' }))).rows)).toEqual(['Quầy thuốc Hạnh Phúc']);
    expect((await localCustomerList(db, COMPANY, filter({ tabFilter: 'active' }))).count).toBe(4);
    expect(names((await localCustomerList(db, COMPANY, filter({ tabFilter: 'ungrouped' }))).rows)).toEqual([
      'Nhà thuốc Bình An',
      'Quầy thuốc Hạnh Phúc',
    ]);
  });

  it('honours group, level, staff and business type', async () => {
    expect(names((await localCustomerList(db, COMPANY, filter({ filterCustomerGroup: RETAIL }))).rows)).toEqual([
      'Nhà thuốc Đức Hạnh',
      'Nhà thuốc Minh Châu',
    ]);
    expect(names((await localCustomerList(db, COMPANY, filter({ filterCustomerLevel: GOLD }))).rows)).toEqual([
      'Nhà thuốc Minh Châu',
      'Quầy thuốc Hạnh Phúc',
    ]);
    expect(names((await localCustomerList(db, COMPANY, filter({ filterCustomerGroup: RETAIL, filterCustomerLevel: GOLD }))).rows)).toEqual([
      'Nhà thuốc Minh Châu',
    ]);
    expect(names((await localCustomerList(db, COMPANY, filter({ filterUserSale: 2 }))).rows)).toEqual(['Phòng khám An Bình']);
    expect(names((await localCustomerList(db, COMPANY, filter({ filterCustomerType: 'Quầy thuốc' }))).rows)).toEqual([
      'Quầy thuốc Hạnh Phúc',
    ]);
  });

  it('searches by diacritic-free word prefixes, in any order, together with the other filters', async () => {
    expect(names((await localCustomerList(db, COMPANY, filter({ search: 'minh chau' }))).rows)).toEqual(['Nhà thuốc Minh Châu']);
    expect(names((await localCustomerList(db, COMPANY, filter({ search: 'HẠNH' }))).rows)).toEqual([
      'Nhà thuốc Đức Hạnh',
      'Quầy thuốc Hạnh Phúc',
    ]);
    expect(names((await localCustomerList(db, COMPANY, filter({ search: 'an bin' }))).rows)).toEqual([
      'Nhà thuốc Bình An',
      'Phòng khám An Bình',
    ]);
    expect(names((await localCustomerList(db, COMPANY, filter({ search: 'duc', tabFilter: 'active' }))).rows)).toEqual([
      'Nhà thuốc Đức Hạnh',
    ]);
    expect(names((await localCustomerList(db, COMPANY, filter({ search: 'hanh', filterCustomerLevel: GOLD }))).rows)).toEqual([
      'Quầy thuốc Hạnh Phúc',
    ]);
    expect(names((await localCustomerList(db, COMPANY, filter({ search: '0901111' }))).rows)).toEqual(['Nhà thuốc Minh Châu']);
    expect((await localCustomerList(db, COMPANY, filter({ search: 'khong co ai' }))).rows).toEqual([]);
  });

  it('honours the licence filter by how the papers stand today', async () => {
    const today = vietnamDay();
    await db.customers.bulkPut(
      [
        customer({ name: 'Nhà thuốc Còn Hạn', licence_number: 'GP-1', gpp_expiry: addDays(today, 200) }),
        customer({ name: 'Nhà thuốc Không Ghi Hạn', licence_number: 'GP-2', gpp_expiry: null }),
        customer({ name: 'Nhà thuốc Sắp Hết', licence_number: 'GP-3', gpp_expiry: addDays(today, 30) }),
        customer({ name: 'Nhà thuốc Đã Hết', licence_number: 'GP-4', gpp_expiry: addDays(today, -1) }),
      ].map((record) => toLocalCustomer(record)),
    );
    const by = async (filterLicence: string) => names((await localCustomerList(db, COMPANY, filter({ filterLicence }))).rows);
    expect(await by('valid')).toEqual(['Nhà thuốc Còn Hạn', 'Nhà thuốc Không Ghi Hạn']);
    expect(await by('expiring')).toEqual(['Nhà thuốc Sắp Hết']);
    expect(await by('expired')).toEqual(['Nhà thuốc Đã Hết']);
    expect(await by('missing')).toHaveLength(5);
  });

  it('pages', async () => {
    const second = await localCustomerList(db, COMPANY, filter({ limit: 2, page: 2 }));
    expect(names(second.rows)).toEqual(['Nhà thuốc Minh Châu', 'Phòng khám An Bình']);
  });
});

describe('unsentCustomers', () => {
  it('finds customers created on this device through the outbox, filtered like the list', async () => {
    const who = { companyId: COMPANY, accountId: 1, accountName: 'Nguyễn Văn An' };
    const made = await createCustomerOnDevice(db, who, { name: 'Nhà thuốc Thanh Tâm', customer_type_id: RETAIL });
    expect((await unsentCustomers(db, COMPANY, filter())).map((row) => row.id)).toEqual([made.id]);
    expect(await unsentCustomers(db, COMPANY, filter({ search: 'thanh tam' }))).toHaveLength(1);
    expect(await unsentCustomers(db, COMPANY, filter({ search: 'minh' }))).toHaveLength(0);
    expect(await unsentCustomers(db, COMPANY, filter({ tabFilter: 'ungrouped' }))).toHaveLength(0);
    expect(await unsentCustomers(db, OTHER, filter())).toHaveLength(0);
  });
});
