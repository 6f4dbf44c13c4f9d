import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type LocalOrder } from '@/db/app-db';
import { deviceOrderList } from './device-order-list';
import { DEFAULT_ORDER_FILTER, toOrderQuery, type OrderFilter } from './order-filter';

const COMPANY = 4;
let db: AppDb;

function order(code: string, patch: Partial<LocalOrder> = {}): LocalOrder {
  return {
    id: uuidv7(),
    company: COMPANY,
    code,
    local_no: `LVK-${code}`,
    status: 'pending',
    status_reason: null,
    payment_status: 'unpaid',
    customer_id: 'c1',
    customer_code: 'KH000001',
    customer_name: 'Nhà thuốc Minh Châu',
    customer_phone: '0909111222',
    customer_address: '',
    province_code: '79',
    ward_code: null,
    account_id: 9,
    account_name: 'Lê Văn Kho',
    visit_id: null,
    group_id: null,
    delivery_date: null,
    note: null,
    vat_on: true,
    lines: [],
    subtotal: 0,
    discount_total: 0,
    promotion_total: 0,
    promotions: [],
    vat_total: 0,
    total: 100_000,
    created_at: '2026-11-21T03:00:00.000Z',
    received_at: '2026-11-21T03:00:00.000Z',
    updated_at: '2026-11-21T03:00:00.000Z',
    syncState: 'synced',
    error: null,
    changes: [],
    ...patch,
  };
}

const list = (filter: Partial<OrderFilter>, company = COMPANY) =>
  deviceOrderList(db, toOrderQuery(company, { ...DEFAULT_ORDER_FILTER, ...filter }));
const codes = async (filter: Partial<OrderFilter>) => (await list(filter))?.rows.map((row) => row.code);

beforeEach(async () => {
  db = new AppDb(`device-order-list-${uuidv7()}`);
  await db.open();
  await db.orders.bulkPut([
    order('DH000001', { created_at: '2026-11-20T03:00:00.000Z', total: 300_000 }),
    order('DH000002', { created_at: '2026-11-21T03:00:00.000Z', status: 'confirmed', customer_name: 'Quầy thuốc Đức Hạnh' }),
    order('DH000003', { created_at: '2026-11-22T03:00:00.000Z', province_code: '01', total: 50_000 }),
    // Still on the phone, and another company's: never in the company's list.
    order('LVK-9', { code: null, syncState: 'pending', created_at: '2026-11-23T03:00:00.000Z' }),
    order('DH000009', { company: 5 }),
  ]);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

describe('deviceOrderList', () => {
  it('lists the company’s orders the server has taken, newest first, with their count and sum', async () => {
    const all = await list({});
    expect(all?.rows.map((row) => row.code)).toEqual(['DH000003', 'DH000002', 'DH000001']);
    expect([all?.count, all?.totalAmount, all?.source]).toEqual([3, 450_000, 'device']);
  });

  it('narrows, sorts and pages as the server does', async () => {
    expect(await codes({ statusOrder: 'confirmed' })).toEqual(['DH000002']);
    expect(await codes({ search: 'duc hanh' })).toEqual(['DH000002']);
    expect(await codes({ search: 'DH000001' })).toEqual(['DH000001']);
    expect(await codes({ province: '01' })).toEqual(['DH000003']);
    expect(await codes({ dateRange: '2026-11-21_2026-11-21' })).toEqual(['DH000002']);
    expect(await codes({ orderBy: '-total' })).toEqual(['DH000001', 'DH000002', 'DH000003']);
    const second = await list({ page: 2, limit: 2 });
    expect([second?.rows.map((row) => row.code), second?.count]).toEqual([['DH000001'], 3]);
  });

  it('gives nothing for a filter the device cannot tell (a region)', async () => {
    expect(await list({ region: 3 })).toBeNull();
  });
});
