import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buyerClass } from '@contract/pharma';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { toLocalCustomer } from '@/db/local-records';
import { customerRecord } from '@/testing/order-fixtures';
import { createCustomerOnDevice } from './create-customer';
import { CustomerMissingError, editLicenceOnDevice } from './edit-licence';

const who = { companyId: 4, accountId: 9, accountName: 'Lê Văn Trình' };
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`edit-licence-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  vi.restoreAllMocks();
  db.close();
  await Dexie.delete(db.name);
});

const papers = {
  licence_number: ' 0123/ĐKKDD-HCM ',
  licence_issuer: 'Sở Y tế Thành phố Hồ Chí Minh',
  licence_date: '2024-05-02',
  controlled_scope: true,
  gpp_number: '456/GPP',
  gpp_expiry: '2027-05-02',
  outlet_code: null,
};

describe('editLicenceOnDevice', () => {
  it('writes the papers on the customer and exactly one customer.licence op, keeping the scan', async () => {
    const customer = customerRecord({ company: 4, licence_scan: '0190a0b0-0000-7000-8000-00000000abcd' });
    await db.customers.put(toLocalCustomer(customer));
    const now = new Date('2026-03-02T03:04:05Z');
    const record = await editLicenceOnDevice(db, who, customer.id, papers, now);
    expect(record).toMatchObject({ licence_number: '0123/ĐKKDD-HCM', gpp_expiry: '2027-05-02', name: customer.name });
    const stored = await db.customers.get(customer.id);
    expect(stored).toMatchObject({
      licence_number: '0123/ĐKKDD-HCM',
      controlled_scope: true,
      licence_scan: '0190a0b0-0000-7000-8000-00000000abcd',
      syncState: 'pending',
      updated_at: now.toISOString(),
    });
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      type: 'customer.licence',
      companyId: 4,
      accountId: 9,
      entity: { type: 'customer', id: customer.id },
      dependsOn: [],
      payload: { customerId: customer.id, licence_number: '0123/ĐKKDD-HCM', editedAt: now.toISOString() },
    });
  });

  it('changes the business type on the device copy and in the op; the flag and buyer class follow', async () => {
    const customer = customerRecord({ company: 4, kind: 'Nhà thuốc', drug_business: true });
    await db.customers.put(toLocalCustomer(customer));
    const record = await editLicenceOnDevice(db, who, customer.id, { ...papers, kind: 'Cửa hàng' });
    expect(record).toMatchObject({ kind: 'Cửa hàng', drug_business: false, licence_number: '0123/ĐKKDD-HCM' });
    const stored = await db.customers.get(customer.id);
    expect(stored).toMatchObject({ kind: 'Cửa hàng', drug_business: false, syncState: 'pending' });
    // The cart's pharma rules read the device copy: a cửa hàng is no drug buyer.
    expect(buyerClass(stored!.kind)).toBe('other');
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({ customerId: customer.id, kind: 'Cửa hàng', licence_number: '0123/ĐKKDD-HCM' });
  });

  it('leaves the kind and the flag alone when none is sent, and sends none', async () => {
    const customer = customerRecord({ company: 4, kind: 'Phòng khám', drug_business: true });
    await db.customers.put(toLocalCustomer(customer));
    await editLicenceOnDevice(db, who, customer.id, papers);
    expect(await db.customers.get(customer.id)).toMatchObject({
      kind: 'Phòng khám',
      drug_business: true,
      licence_number: '0123/ĐKKDD-HCM',
    });
    const [op] = await db.outbox.toArray();
    expect(op?.payload).not.toHaveProperty('kind');
  });

  it('refuses a kind not on the list before anything is written', async () => {
    const customer = customerRecord({ company: 4 });
    await db.customers.put(toLocalCustomer(customer));
    const bad = { ...papers, kind: 'Siêu thị' } as unknown as typeof papers;
    await expect(editLicenceOnDevice(db, who, customer.id, bad)).rejects.toThrow('Loại hình kinh doanh không hợp lệ');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(customer.id)).toMatchObject({ kind: 'Nhà thuốc', licence_number: null, syncState: 'synced' });
  });

  it('waits for the creation of a customer made on this device', async () => {
    const made = await createCustomerOnDevice(db, who, { name: 'Nhà thuốc Mới' });
    await editLicenceOnDevice(db, who, made.id, papers);
    const [create, edit] = await db.outbox.orderBy('seq').toArray();
    expect(edit).toMatchObject({ type: 'customer.licence', dependsOn: [create!.opId] });
    expect((await db.customers.get(made.id))?.syncState).toBe('pending');
  });

  it('writes nothing for a bad day, an unknown customer, or when the op cannot be queued', async () => {
    const customer = customerRecord({ company: 4 });
    await db.customers.put(toLocalCustomer(customer));
    await expect(editLicenceOnDevice(db, who, customer.id, { ...papers, gpp_expiry: '2027-02-30' })).rejects.toThrow();
    await expect(editLicenceOnDevice(db, who, uuidv7(), papers)).rejects.toBeInstanceOf(CustomerMissingError);
    await expect(editLicenceOnDevice(db, { ...who, companyId: 5 }, customer.id, papers)).rejects.toBeInstanceOf(CustomerMissingError);
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await expect(editLicenceOnDevice(db, who, customer.id, papers)).rejects.toThrow('QuotaExceededError');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(customer.id)).toMatchObject({ licence_number: null, syncState: 'synced' });
  });
});
