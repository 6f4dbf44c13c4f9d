import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '../../contract/address';
import type { CustomerRecord } from '../../contract/customer';
import type { PullAnswer, SyncChange } from '../../contract/sync';
import { uuidv7 } from '../../contract/uuid';
import { AppDb } from '../db/app-db';
import { toLocalCustomer } from '../db/local-records';
import { enqueueOp } from './outbox';
import { pullChanges, type PullTransport } from './pull';

const COMPANY = 3;
const ACCOUNT = 9;
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`pull-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

function customer(name: string, id = uuidv7()): CustomerRecord {
  return {
    id,
    company: COMPANY,
    code: `KH${name.length}`,
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
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
  };
}

/** A fake server holding a change log; `pages` answers are served in order. */
function server(pages: PullAnswer[]): PullTransport & { cursors: number[] } {
  const cursors: number[] = [];
  const fn = (async (query: { cursor: number }) => {
    cursors.push(query.cursor);
    const page = pages.shift();
    if (!page) throw new Error('no more pages');
    return { code: 200, data: page };
  }) as unknown as PullTransport & { cursors: number[] };
  fn.cursors = cursors;
  return fn;
}

const page = (changes: SyncChange[], cursor: number, hasMore: boolean, reset = false): PullAnswer => ({
  changes,
  cursor,
  hasMore,
  reset,
  serverTime: '2026-11-21T00:00:00Z',
});
const upsert = (record: CustomerRecord, seq: number): SyncChange => ({
  seq,
  entity: 'customer',
  id: record.id,
  op: 'upsert',
  data: record,
});

describe('pullChanges', () => {
  it('applies pages in order and keeps the cursor with the data', async () => {
    const a = customer('Nhà thuốc A');
    const b = customer('Nhà thuốc Bình An');
    const transport = server([
      page([upsert(a, 1)], 1, true),
      page([upsert(b, 2), { seq: 3, entity: 'customer', id: a.id, op: 'delete' }], 3, false),
    ]);
    const outcome = await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    expect(outcome).toMatchObject({ pages: 2, changes: 3, firstSyncDone: true });
    expect(transport.cursors).toEqual([0, 1]);
    expect((await db.customers.toArray()).map((c) => c.name)).toEqual(['Nhà thuốc Bình An']);
    expect(await db.syncCursors.get(COMPANY)).toMatchObject({ cursor: 3, initialDone: true, accountId: ACCOUNT });
  });

  it('never moves the cursor past a page it failed to store', async () => {
    const a = customer('Nhà thuốc A');
    const transport = server([page([upsert(a, 1)], 1, true)]);
    await expect(pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport })).rejects.toThrow('no more pages');
    expect(await db.syncCursors.get(COMPANY)).toMatchObject({ cursor: 1, initialDone: false });
    const next = server([page([], 1, false)]);
    await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport: next });
    expect(next.cursors).toEqual([1]);
  });

  it('does not overwrite a record that still has work queued on the device', async () => {
    const mine = customer('Tên sửa trên máy');
    await db.transaction('rw', db.customers, db.outbox, async () => {
      await db.customers.put(toLocalCustomer(mine, 'pending'));
      await enqueueOp(db, {
        type: 'customer.create',
        companyId: COMPANY,
        accountId: ACCOUNT,
        entity: { type: 'customer', id: mine.id },
        payload: {
          id: mine.id,
          name: mine.name,
          code: null,
          kind: 'Nhà thuốc',
          phone: null,
          tax_code: null,
          owner_name: null,
          address: undefined,
          staff_id: null,
          customer_type_id: null,
          level_id: null,
          status: 'active',
          lat: null,
          lng: null,
          note: null,
        },
      });
    });
    await pullChanges({
      db,
      companyId: COMPANY,
      accountId: ACCOUNT,
      transport: server([page([upsert({ ...mine, name: 'Tên cũ trên máy chủ' }, 5)], 5, false)]),
    });
    expect((await db.customers.get(mine.id))?.name).toBe('Tên sửa trên máy');
  });

  it('on reset drops mirrored records but keeps queued work and its records, then pulls from 0', async () => {
    const synced = customer('Đã đồng bộ');
    const pending = customer('Tạo offline');
    await db.customers.put(toLocalCustomer(synced));
    await db.transaction('rw', db.customers, db.outbox, async () => {
      await db.customers.put(toLocalCustomer(pending, 'pending'));
      await enqueueOp(db, {
        type: 'customer.create',
        companyId: COMPANY,
        accountId: ACCOUNT,
        entity: { type: 'customer', id: pending.id },
        payload: {
          id: pending.id,
          name: pending.name,
          code: null,
          kind: 'Nhà thuốc',
          phone: null,
          tax_code: null,
          owner_name: null,
          address: undefined,
          staff_id: null,
          customer_type_id: null,
          level_id: null,
          status: 'active',
          lat: null,
          lng: null,
          note: null,
        },
      });
    });
    await db.syncCursors.put({ companyId: COMPANY, accountId: ACCOUNT, cursor: 99, initialDone: true, lastPullAt: null, lastPushAt: null });
    const fresh = customer('Từ máy chủ mới');
    const transport = server([page([], 0, true, true), page([upsert(fresh, 1)], 1, false)]);
    const outcome = await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    expect(outcome.resets).toBe(1);
    expect(transport.cursors).toEqual([99, 0]);
    expect((await db.customers.toArray()).map((c) => c.name).sort()).toEqual(['Tạo offline', 'Từ máy chủ mới']);
    expect(await db.outbox.count()).toBe(1);
  });

  it('starts over when another account signs in on the device', async () => {
    await db.syncCursors.put({
      companyId: COMPANY,
      accountId: ACCOUNT + 1,
      cursor: 40,
      initialDone: true,
      lastPullAt: null,
      lastPushAt: null,
    });
    const transport = server([page([], 0, false)]);
    await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    expect(transport.cursors).toEqual([0]);
  });
});
