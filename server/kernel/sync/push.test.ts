/**
 * The push kernel with a domain of its own (not one of the product's): what it refuses before a
 * handler runs (unknown op, a role that does not allow it, a company switch that is off, a payload
 * its schema refuses), that an applied op is applied once, however often it is sent, and that a
 * handler's refusal undoes what it wrote and is answered the same way every time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { defineSyncDomain, type WireOp } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { createLogger } from '@server/lib/logger';
import { openTestDatabase } from '@server/testing/test-database';
import type { DatabaseHandle } from '../db/client';
import { accounts, accountTypes, changeLog, companies, companyFeatures } from '../db/schema';
import { recordChange } from './change-log';
import { OpRejection } from './op-context';
import { syncRegistry, type EntityLoader } from './domain';
import { applyBatch, type PushContext } from './push';

const notes = defineSyncDomain({
  name: 'notes',
  entities: ['note'],
  reads: { note: { anyOf: [['customers', 'view']] } },
  ops: {
    'note.add': {
      schema: v.object({ text: v.pipe(v.string(), v.minLength(1, 'Ghi chú trống')) }),
      label: 'Thêm ghi chú',
      permission: ['promotions', 'create'],
      requires: 'REWARD',
    },
  },
});
const added: string[] = [];
const loader: EntityLoader = async () => new Map();
const registry = syncRegistry(
  [notes],
  [
    {
      contract: notes,
      handlers: {
        'note.add': async (context, payload: { text: string }) => {
          if (payload.text === 'Từ chối') {
            // Writes, records a change, then refuses: none of it may stay.
            await context.tx.update(accounts).set({ fullName: 'Đã ghi đè' }).where(eq(accounts.id, context.accountId));
            await recordChange(context.tx, { companyId: context.companyId, entity: 'customer', entityId: uuidv7(), op: 'upsert' });
            throw new OpRejection('NOTE_REFUSED', 'Ghi chú bị từ chối', { text: 'Không nhận' });
          }
          added.push(payload.text);
          return { outcome: 'applied' };
        },
      },
      loaders: { note: loader },
    },
  ],
);

let database: DatabaseHandle;
let companyId: number;
let accountId: number;
const logger = createLogger('silent');
const push = (permissions: Record<string, string[]>): PushContext => ({
  registry,
  logger,
  caller: {
    companyId,
    accountId,
    deviceId: uuidv7(),
    access: {
      isAdmin: false,
      permissions,
      roleId: null,
      roleName: 'Thử nghiệm',
      scope: 'own',
      accountId,
      membership: { id: 0, companyId, isOwner: false, companyType: 'Khác', roleId: null, regionId: null },
    },
  },
});
const op = (type: string, payload: unknown): WireOp => ({
  opId: uuidv7(),
  type,
  schemaVersion: 1,
  clientCreatedAt: new Date().toISOString(),
  payload,
  dependsOn: [],
});

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  const [company] = await db.insert(companies).values({ title: 'Công ty Ghi chú', type: 'Khác' }).returning({ id: companies.id });
  companyId = company!.id;
  const [type] = await db.insert(accountTypes).values({ code: 'NOTES', title: 'Thử nghiệm' }).returning({ id: accountTypes.id });
  const [account] = await db
    .insert(accounts)
    .values({ phone: '0900000001', passwordHash: '-', fullName: 'Người Ghi Chú', accountTypeId: type!.id })
    .returning({ id: accounts.id });
  accountId = account!.id;
});
afterAll(async () => {
  await database?.close();
});

describe('push kernel', () => {
  const allowed = { promotions: ['create'] };

  it('refuses an op no domain declares, and one the role does not allow', async () => {
    const [unknown] = await applyBatch(database.db, push(allowed), [op('note.remove', {})]);
    expect(unknown?.error?.code).toBe('UNKNOWN_OP');
    const [denied] = await applyBatch(database.db, push({}), [op('note.add', { text: 'a' })]);
    expect([denied?.outcome, denied?.error?.code]).toEqual(['rejected', 'FORBIDDEN']);
    expect(added).toEqual([]);
  });

  it('refuses an op whose company switch is off, in Vietnamese, without running its handler', async () => {
    const [answer] = await applyBatch(database.db, push(allowed), [op('note.add', { text: 'a' })]);
    expect(answer?.outcome).toBe('rejected');
    expect(answer?.error).toEqual({ code: 'FEATURE_OFF', message: 'Công ty chưa bật chức năng Chương trình khuyến mại' });
    expect(added).toEqual([]);
  });

  it('applies it once the switch is on, once however often it is sent, after checking the payload', async () => {
    await database.db.insert(companyFeatures).values({ companyId, code: 'REWARD', isEnabled: true });
    const [bad] = await applyBatch(database.db, push(allowed), [op('note.add', { text: '' })]);
    expect([bad?.outcome, bad?.error?.message]).toEqual(['rejected', 'Ghi chú trống']);
    const note = op('note.add', { text: 'Gọi lại thứ Hai' });
    const first = await applyBatch(database.db, push(allowed), [note]);
    const again = await applyBatch(database.db, push(allowed), [note, note]);
    expect(first[0]?.outcome).toBe('applied');
    expect(again.map((result) => result.outcome)).toEqual(['applied', 'applied']);
    expect(added).toEqual(['Gọi lại thứ Hai']);
  });

  it('undoes what a refusing handler wrote, answers its replays the same, and refuses its id for another payload', async () => {
    const refused = op('note.add', { text: 'Từ chối' });
    const first = await applyBatch(database.db, push(allowed), [refused]);
    expect(first).toEqual([
      {
        opId: refused.opId,
        outcome: 'rejected',
        error: { code: 'NOTE_REFUSED', message: 'Ghi chú bị từ chối', fields: { text: 'Không nhận' } },
      },
    ]);
    const [account] = await database.db.select({ name: accounts.fullName }).from(accounts).where(eq(accounts.id, accountId));
    expect(account?.name).toBe('Người Ghi Chú');
    expect(await database.db.select().from(changeLog).where(eq(changeLog.companyId, companyId))).toEqual([]);
    expect(await applyBatch(database.db, push(allowed), [refused, refused])).toEqual([first[0], first[0]]);
    const reused = await applyBatch(database.db, push(allowed), [{ ...refused, payload: { text: 'Khác' } }]);
    expect(reused[0]?.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(added).toEqual(['Gọi lại thứ Hai']);
  });
});
