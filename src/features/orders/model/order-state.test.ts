import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type LocalOrder } from '@/db/app-db';
import { describeChanges, isPriceRefusal, orderChip } from './order-state';
import { recentCustomerIds, recentCustomers } from './recent-customers';
import { ACCOUNT, AGENT, COMPANY, RETAIL, seedCatalogue } from '@/testing/order-fixtures';

function order(patch: Partial<LocalOrder> = {}): LocalOrder {
  return {
    id: uuidv7(),
    company: COMPANY,
    code: null,
    local_no: 'LVT-AB12-1',
    status: 'pending',
    status_reason: null,
    payment_status: 'unpaid',
    customer_id: RETAIL.id,
    customer_code: RETAIL.code,
    customer_name: RETAIL.name,
    customer_phone: null,
    customer_address: '',
    province_code: null,
    ward_code: null,
    account_id: ACCOUNT,
    account_name: 'Lê Văn Trình',
    visit_id: null,
    group_id: null,
    delivery_date: null,
    note: null,
    vat_on: true,
    lines: [
      {
        id: uuidv7(),
        variant_id: 10,
        product_name: 'Paracetamol 500mg',
        variant_name: '',
        sku: 'SP001-01',
        unit: 'vỉ',
        factor: 10,
        quantity: 3,
        unit_price: 17_500,
        list_price: 19_000,
        policy_title: null,
        discount: null,
        discount_amount: 0,
        promotion_amount: 0,
        promotions: [],
        is_gift: false,
        promotion_id: null,
        vat_rate: 5,
        vat_amount: 2_625,
        line_total: 55_125,
      },
    ],
    subtotal: 52_500,
    discount_total: 0,
    promotion_total: 0,
    promotions: [],
    vat_total: 2_625,
    total: 55_125,
    created_at: '2026-11-21T03:00:00.000Z',
    received_at: '2026-11-21T03:00:00.000Z',
    updated_at: '2026-11-21T03:00:00.000Z',
    syncState: 'pending',
    error: null,
    changes: [],
    ...patch,
  };
}

describe('orderChip', () => {
  it('says where the order stands, in the words of docs/offline-sync.md "What the rep sees"', () => {
    expect(orderChip(order(), 'pending').label).toBe('Chờ gửi');
    expect(orderChip(order(), null).label).toBe('Chờ gửi');
    expect(orderChip(order(), 'sending').label).toBe('Đang gửi');
    expect(orderChip(order({ syncState: 'synced', code: 'DH000123' })).label).toBe('Đã nhận DH000123');
    expect(
      orderChip(order({ syncState: 'synced', code: 'DH000124', changes: [{ field: 'lines.0.quantity', from: 3, to: 2, message: 'x' }] }))
        .label,
    ).toBe('Đã nhận – có thay đổi');
    expect(orderChip(order({ syncState: 'rejected', error: 'Giá đã thay đổi' }), 'rejected')).toMatchObject({
      kind: 'refused',
      label: 'Bị từ chối – Sửa',
      color: 'red',
    });
  });
});

describe('describeChanges', () => {
  it('names the line of a refused order with the old and new price', () => {
    const refused = order({
      syncState: 'rejected',
      changes: [{ field: 'lines.0.unitPrice', from: 17_500, to: 18_500, message: 'server text' }],
    });
    expect(describeChanges(refused)).toEqual([
      { key: 'lines.0.unitPrice:0', text: 'Giá Paracetamol 500mg (vỉ) đã tăng', from: '17.500\u00a0₫', to: '18.500\u00a0₫' },
    ]);
    expect(isPriceRefusal(refused)).toBe(true);
    expect(isPriceRefusal(order({ syncState: 'rejected', changes: [] }))).toBe(false);
  });

  it('tells a short stock on a refused order, and uses the server sentence on an accepted one (lines may have moved)', () => {
    const change = { field: 'lines.0.quantity', from: 3, to: 0, message: 'Paracetamol 500mg đã hết hàng, đã bỏ khỏi đơn' };
    expect(describeChanges(order({ syncState: 'rejected', changes: [change] }))[0]).toMatchObject({
      text: 'Paracetamol 500mg: đã hết hàng',
      from: '3 vỉ',
      to: '0 vỉ',
    });
    expect(describeChanges(order({ syncState: 'synced', changes: [change] }))[0]).toMatchObject({
      text: 'Paracetamol 500mg đã hết hàng, đã bỏ khỏi đơn',
      from: null,
    });
  });
});

describe('recent customers', () => {
  let db: AppDb;
  beforeEach(async () => {
    db = new AppDb(`recent-${uuidv7()}`);
    await db.open();
    await seedCatalogue(db);
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('lists the customers of my newest orders first, each once, ignoring other people and workspaces', async () => {
    await db.orders.bulkPut([
      order({ customer_id: RETAIL.id, created_at: '2026-11-01T00:00:00Z' }),
      order({ customer_id: AGENT.id, created_at: '2026-11-10T00:00:00Z' }),
      order({ customer_id: RETAIL.id, created_at: '2026-11-05T00:00:00Z' }),
      order({ customer_id: 'someone-elses', account_id: ACCOUNT + 1, created_at: '2026-11-20T00:00:00Z' }),
      order({ customer_id: 'other-company', company: COMPANY + 1, created_at: '2026-11-21T00:00:00Z' }),
    ]);
    expect(await recentCustomerIds(db, COMPANY, ACCOUNT)).toEqual([AGENT.id, RETAIL.id]);
    expect(await recentCustomerIds(db, COMPANY, ACCOUNT, 1)).toEqual([AGENT.id]);
    await db.customers.update(AGENT.id, { status: 'inactive' });
    expect((await recentCustomers(db, COMPANY, ACCOUNT)).map((customer) => customer.name)).toEqual(['Nhà thuốc Minh Châu']);
  });
});
