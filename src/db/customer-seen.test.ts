/**
 * When the device last saw each customer (customer-seen.ts): kept by every way an order or a visit
 * reaches the device, only ever moving forward, and made for a device that already held them.
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import type { VisitRecord } from '@contract/visits';
import { applyServerChanges, mirrorTables } from '@/sync/mirror';
import { AppDb } from './app-db';

const COMPANY = 4;
const SHOP = uuidv7();
const OTHER = uuidv7();
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`seen-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const visit = (customer: string, at: string, company = COMPANY) =>
  ({ id: uuidv7(), company, customer_id: customer, check_in_at: at, account_id: 9, flags: [] }) as unknown as VisitRecord;
const order = (customer: string, at: string) =>
  ({ id: uuidv7(), company: COMPANY, customer_id: customer, created_at: at, account_id: 9, lines: [] }) as unknown as OrderRecord;
const pulled = (entity: 'visit' | 'order', record: VisitRecord | OrderRecord) => ({
  entity,
  id: record.id,
  op: 'upsert' as const,
  data: record,
});
const pull = (changes: ReturnType<typeof pulled>[]) =>
  db.transaction('rw', mirrorTables(db), async () => {
    await applyServerChanges(db, changes);
  });

describe('customers seen on the device', () => {
  it('keeps the latest moment of each customer’s pulled visits and orders, per company', async () => {
    await pull([
      pulled('visit', visit(SHOP, '2026-11-02T01:00:00Z')),
      pulled('order', order(SHOP, '2026-11-03T02:00:00Z')),
      pulled('visit', visit(OTHER, '2026-10-01T01:00:00Z')),
      pulled('visit', visit(OTHER, '2026-11-20T01:00:00Z', COMPANY + 1)),
    ]);
    expect(await db.customerSeen.orderBy(':id').toArray()).toEqual(
      expect.arrayContaining([
        { company: COMPANY, customer_id: SHOP, at: '2026-11-03T02:00:00Z' },
        { company: COMPANY, customer_id: OTHER, at: '2026-10-01T01:00:00Z' },
        { company: COMPANY + 1, customer_id: OTHER, at: '2026-11-20T01:00:00Z' },
      ]),
    );
    expect(await db.customerSeen.count()).toBe(3);
  });

  it('never moves back when an older record arrives later (a visit sent late from another phone)', async () => {
    await pull([pulled('order', order(SHOP, '2026-11-10T02:00:00Z'))]);
    await pull([pulled('visit', visit(SHOP, '2026-11-01T01:00:00Z'))]);
    expect(await db.customerSeen.get([COMPANY, SHOP])).toEqual({ company: COMPANY, customer_id: SHOP, at: '2026-11-10T02:00:00Z' });
  });

  it('is made from what a device already held when the app is updated (version 14 → current)', async () => {
    const name = `seen-upgrade-${uuidv7()}`;
    const old = new Dexie(name);
    old.version(14).stores({
      visits:
        'id, [company+check_in_at], [company+customer_id], [company+check_in_at+customer_id], [company+customer_id+check_in_at], syncState',
      orders: 'id, [company+created_at], [company+customer_id], [company+customer_id+created_at], syncState',
    });
    await old.table('visits').bulkAdd([
      { ...visit(SHOP, '2026-11-02T01:00:00Z'), syncState: 'synced' },
      { ...visit(SHOP, '2026-11-05T01:00:00Z'), syncState: 'synced' },
    ]);
    await old.table('orders').bulkAdd([
      { ...order(SHOP, '2026-11-04T01:00:00Z'), syncState: 'synced' },
      { ...order(OTHER, '2026-09-30T01:00:00Z'), syncState: 'pending' },
    ]);
    old.close();
    const upgraded = new AppDb(name);
    await upgraded.open();
    try {
      expect(await upgraded.customerSeen.get([COMPANY, SHOP])).toMatchObject({ at: '2026-11-05T01:00:00Z' });
      expect(await upgraded.customerSeen.get([COMPANY, OTHER])).toMatchObject({ at: '2026-09-30T01:00:00Z' });
      // The two indexes only that reading used are gone: a pull writes fewer.
      expect(upgraded.visits.schema.indexes.map((index) => index.name)).not.toContain('[company+customer_id+check_in_at]');
      expect(upgraded.orders.schema.indexes.map((index) => index.name)).not.toContain('[company+customer_id+created_at]');
      expect(await upgraded.visits.count()).toBe(2);
    } finally {
      upgraded.close();
      await Dexie.delete(name);
    }
  });
});
