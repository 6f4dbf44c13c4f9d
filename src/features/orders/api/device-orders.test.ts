import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type LocalOrder } from '@/db/app-db';
import { ACCOUNT, COMPANY } from '@/testing/order-fixtures';
import { myOrderRows } from './device-orders';

let db: AppDb;

/** Only what "Của tôi" orders by and filters on; the rest of an order does not matter here. */
function order(no: string, createdAt: string, syncState: LocalOrder['syncState'], accountId = ACCOUNT): LocalOrder {
  return { id: uuidv7(), company: COMPANY, account_id: accountId, local_no: no, created_at: createdAt, syncState } as LocalOrder;
}

beforeEach(async () => {
  db = new AppDb(`device-orders-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

describe('myOrderRows ("Của tôi")', () => {
  it('puts my refused orders first, however old, then my newest, within the limit', async () => {
    await db.orders.bulkPut([
      order('A-1', '2026-11-01T01:00:00.000Z', 'rejected'),
      order('A-2', '2026-11-20T01:00:00.000Z', 'synced'),
      order('A-3', '2026-11-21T01:00:00.000Z', 'pending'),
      order('A-4', '2026-11-22T01:00:00.000Z', 'synced'),
      order('A-5', '2026-11-05T01:00:00.000Z', 'rejected'),
      // Another rep's refusal on the same phone is not mine.
      order('B-1', '2026-11-23T01:00:00.000Z', 'rejected', ACCOUNT + 1),
    ]);
    const rows = await myOrderRows(db, COMPANY, ACCOUNT, 4);
    expect(rows.map((row) => row.order.local_no)).toEqual(['A-5', 'A-1', 'A-4', 'A-3']);
  });
});
