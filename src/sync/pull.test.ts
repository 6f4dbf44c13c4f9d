import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '@contract/address';
import { NO_LICENCE, type CustomerRecord } from '@contract/customers';
import type { PullAnswer, SyncChange } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import type { OrderRecord } from '@contract/orders';
import { toLocalCustomer, toLocalOrder } from '@/db/local-records';
import { enqueueOp } from './outbox';
import { pullChanges, type PullTransport } from './pull';
import { NO_PRIVACY } from '@contract/customers-privacy';

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
    drug_business: true,
    privacy: NO_PRIVACY,
    ...NO_LICENCE,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
  };
}

function orderRecord(): OrderRecord {
  return {
    id: '',
    company: COMPANY,
    code: 'DH000001',
    local_no: 'LVT-01-0001',
    status: 'pending',
    status_reason: null,
    payment_status: 'unpaid',
    customer_id: uuidv7(),
    customer_code: 'KH000001',
    customer_name: 'Nhà thuốc Minh Châu',
    customer_phone: null,
    customer_address: '',
    province_code: '79',
    ward_code: null,
    account_id: ACCOUNT,
    account_name: 'Lê Văn Trình',
    visit_id: null,
    group_id: null,
    delivery_date: null,
    note: null,
    vat_on: false,
    lines: [],
    subtotal: 0,
    discount_total: 0,
    promotion_total: 0,
    promotions: [],
    vat_total: 0,
    total: 0,
    created_at: '2026-11-20T02:00:00Z',
    received_at: '2026-11-20T02:00:05Z',
    updated_at: '2026-11-20T02:00:05Z',
  };
}

/** A fake server holding a change log; `pages` answers are served in order. */
function server(pages: PullAnswer[]): PullTransport & { cursors: number[]; counted: boolean[] } {
  const cursors: number[] = [];
  const counted: boolean[] = [];
  const fn = (async (query: { cursor: number; count?: string }) => {
    cursors.push(query.cursor);
    counted.push(query.count === '1');
    const page = pages.shift();
    if (!page) throw new Error('no more pages');
    return { code: 200, data: page };
  }) as unknown as PullTransport & { cursors: number[]; counted: boolean[] };
  fn.cursors = cursors;
  fn.counted = counted;
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

/**
 * A server whose answers name the following page's cursor in their headers (`announce`) before
 * their body arrives a few milliseconds later; it logs what was asked and answered, in order.
 */
function announcingServer(pages: Record<number, PullAnswer>, announce: (page: PullAnswer) => number = (answer) => answer.cursor) {
  const log: string[] = [];
  const scopes: (string | undefined)[] = [];
  const transport: PullTransport = async (query, onNextCursor) => {
    log.push(`ask ${query.cursor}`);
    scopes.push(query.scope);
    const answer = pages[query.cursor];
    if (!answer) throw new Error(`no page at ${query.cursor}`);
    if (answer.hasMore) onNextCursor?.(announce(answer));
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`answer ${query.cursor}`);
    return { code: 200, data: answer };
  };
  return { transport, log, scopes };
}

/** A device that pulled up to `cursor` before, with `scopeKey` as its scope. */
const resumeAt = (cursor: number, scopeKey: string) =>
  db.syncCursors.put({ companyId: COMPANY, accountId: ACCOUNT, cursor, initialDone: true, lastPullAt: null, lastPushAt: null, scopeKey });

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

  it('asks the server to count only on its first request, and reports progress against that total', async () => {
    const records = ['A', 'B', 'C', 'D'].map((name) => customer(`Nhà thuốc ${name}`));
    const transport = server([
      { ...page([upsert(records[0]!, 1), upsert(records[1]!, 2)], 2, true), remaining: 2 },
      page([upsert(records[2]!, 3)], 3, true),
      page([upsert(records[3]!, 4)], 4, false),
    ]);
    const progress: [number, number | null][] = [];
    await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport, onProgress: (done, total) => progress.push([done, total]) });
    expect(transport.counted).toEqual([true, false, false]);
    expect(progress).toEqual([
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('stores nothing beyond a page whose write failed, though the next page was already on its way', async () => {
    const [a, c] = [customer('Nhà thuốc A'), customer('Nhà thuốc C')];
    // A record the device cannot store (no address): its page's transaction fails.
    const broken = { ...customer('Nhà thuốc B'), address: undefined } as unknown as CustomerRecord;
    const transport = server([page([upsert(a, 1)], 1, true), page([upsert(broken, 2)], 2, true), page([upsert(c, 3)], 3, false)]);
    await expect(pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport })).rejects.toThrow();
    expect(transport.cursors).toEqual([0, 1, 2]);
    expect((await db.customers.toArray()).map((row) => row.name)).toEqual(['Nhà thuốc A']);
    expect(await db.syncCursors.get(COMPANY)).toMatchObject({ cursor: 1, initialDone: false });
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
    await db.transaction('rw', db.customers.name, db.outbox, async () => {
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
          consent: null,
          ...NO_LICENCE,
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
    await db.transaction('rw', db.customers.name, db.outbox, async () => {
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
          consent: null,
          ...NO_LICENCE,
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

  it('gives back the scope key the mirror was pulled for, and takes the new one after a reset', async () => {
    const sent: { cursor: number; scope?: string }[] = [];
    const answers = [
      { ...page([upsert(customer('Của tôi'), 1)], 1, false), scopeKey: 'own:9' },
      { ...page([], 0, true, true), scopeKey: 'region:9:3:01,79' },
      { ...page([upsert(customer('Trong vùng'), 7)], 7, false), scopeKey: 'region:9:3:01,79' },
    ];
    const transport = (async (query: { cursor: number; scope?: string }) => {
      sent.push({ cursor: query.cursor, scope: query.scope });
      return { code: 200, data: answers.shift()! };
    }) as unknown as PullTransport;
    await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    expect(sent).toEqual([{ cursor: 0, scope: undefined }]);
    expect((await db.syncCursors.get(COMPANY))?.scopeKey).toBe('own:9');

    // The member's region changed on the server: the next pull is answered with a reset.
    await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    expect(sent.slice(1)).toEqual([
      { cursor: 1, scope: 'own:9' },
      { cursor: 0, scope: undefined },
    ]);
    expect((await db.syncCursors.get(COMPANY))?.scopeKey).toBe('region:9:3:01,79');
    expect((await db.customers.toArray()).map((c) => c.name)).toEqual(['Trong vùng']);
  });

  it('keeps what the push answer said changed on an order when the pull brings the server copy', async () => {
    const order = { ...orderRecord(), id: uuidv7() };
    const changes = [{ field: 'lines.0.quantity', from: 5, to: 3, message: 'Chỉ còn 3 hộp, đơn đã giảm số lượng' }];
    await db.orders.put({ ...toLocalOrder(order), changes });
    const transport = server([
      page([{ seq: 3, entity: 'order', id: order.id, op: 'upsert', data: { ...order, status: 'confirmed' } }], 3, false),
    ]);
    await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    expect(await db.orders.get(order.id)).toMatchObject({ status: 'confirmed', changes });
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

  it('asks for the page its headers announce while this one downloads, with the same scope', async () => {
    await resumeAt(10, 'S');
    const [a, b, c] = ['A', 'B', 'C'].map((name) => customer(`Nhà thuốc ${name}`));
    const { transport, log, scopes } = announcingServer({
      10: { ...page([upsert(a!, 20)], 20, true), scopeKey: 'S' },
      20: { ...page([upsert(b!, 30)], 30, true), scopeKey: 'S' },
      30: { ...page([upsert(c!, 40)], 40, false), scopeKey: 'S' },
    });
    const outcome = await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    expect(outcome).toMatchObject({ pages: 3, changes: 3 });
    expect(log.indexOf('ask 20')).toBeLessThan(log.indexOf('answer 10'));
    expect(log.indexOf('ask 30')).toBeLessThan(log.indexOf('answer 20'));
    expect(log.filter((entry) => entry.startsWith('ask'))).toEqual(['ask 10', 'ask 20', 'ask 30']);
    expect(scopes).toEqual(['S', 'S', 'S']);
    expect((await db.customers.toArray()).map((row) => row.name).sort()).toEqual(['Nhà thuốc A', 'Nhà thuốc B', 'Nhà thuốc C']);
    expect(await db.syncCursors.get(COMPANY)).toMatchObject({ cursor: 40 });
  });

  it('asks again for the cursor the page itself gives when its headers named another one', async () => {
    await resumeAt(10, 'S');
    const [a, b] = ['A', 'B'].map((name) => customer(`Nhà thuốc ${name}`));
    const { transport, log } = announcingServer(
      {
        10: { ...page([upsert(a!, 20)], 20, true), scopeKey: 'S' },
        20: { ...page([upsert(b!, 30)], 30, false), scopeKey: 'S' },
      },
      (answer) => answer.cursor + 5,
    );
    const outcome = await pullChanges({ db, companyId: COMPANY, accountId: ACCOUNT, transport });
    // The early request for 25 failed; nothing waits on it, and the page at 20 is asked for.
    expect(log.filter((entry) => entry.startsWith('ask'))).toEqual(['ask 10', 'ask 25', 'ask 20']);
    expect(outcome).toMatchObject({ pages: 2, changes: 2 });
    expect(await db.syncCursors.get(COMPANY)).toMatchObject({ cursor: 30 });
  });
});
