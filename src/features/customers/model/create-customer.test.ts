import { searchLocalCustomers } from '@/db/customer-search';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { unappliedOpFor } from '@/sync/outbox';
import { createCustomerOnDevice } from './create-customer';

const who = { companyId: 4, accountId: 9, accountName: 'Lê Văn Trình' };
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`create-customer-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  vi.restoreAllMocks();
  db.close();
  await Dexie.delete(db.name);
});

describe('createCustomerOnDevice', () => {
  it('writes the customer and exactly one customer.create op', async () => {
    const now = new Date('2026-03-02T03:04:05Z');
    const record = await createCustomerOnDevice(
      db,
      who,
      {
        name: '  Nhà thuốc Thanh Tâm ',
        phone: '0903456789',
        address: { province_code: '79', province_name: 'Thành phố Hồ Chí Minh', street: '21 Lý Tự Trọng' },
        lat: 10.77,
        lng: 106.7,
      },
      now,
    );
    const stored = await db.customers.get(record.id);
    expect(stored).toMatchObject({
      name: 'Nhà thuốc Thanh Tâm',
      company: 4,
      code: 'Chờ cấp mã',
      syncState: 'pending',
      staff_id: 9,
      staff_name: 'Lê Văn Trình',
      status: 'active',
      kind: 'Nhà thuốc',
      lat: 10.77,
    });
    // Findable on the device at once, by name and by phone.
    for (const query of ['thanh tam', '0903 456']) expect((await searchLocalCustomers(db, 4, query)).map((c) => c.id)).toEqual([record.id]);
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      type: 'customer.create',
      companyId: 4,
      accountId: 9,
      state: 'pending',
      entity: { type: 'customer', id: record.id },
      clientCreatedAt: now.toISOString(),
    });
    expect(ops[0]!.payload).toMatchObject({ id: record.id, name: 'Nhà thuốc Thanh Tâm', staff_id: 9, phone: '0903456789' });
    expect(await unappliedOpFor(db, record.id, 'customer.create')).toBe(ops[0]!.opId);
  });

  it('saves nothing when the op cannot be queued: both in one transaction', async () => {
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(createCustomerOnDevice(db, who, { name: 'Nhà thuốc Mất Điện' })).rejects.toThrow('QuotaExceededError');
    expect(await db.customers.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses input the server would refuse, before writing anything', async () => {
    await expect(createCustomerOnDevice(db, who, { name: ' ', phone: '12ab' })).rejects.toThrow();
    expect(await db.customers.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
