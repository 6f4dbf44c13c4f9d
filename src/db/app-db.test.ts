import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/uuid';
import { AppDb } from './app-db';

describe('AppDb upgrades', () => {
  it('keeps the outbox and mirrored customers when a version-1 database is opened by the current app', async () => {
    const name = `upgrade-${uuidv7()}`;
    const old = new Dexie(name);
    old.version(1).stores({
      meta: 'key',
      workspaces: 'companyId',
      flags: 'companyId',
      syncCursors: 'companyId',
      customers: 'id, company, *words, [company+nameFold], [company+code]',
      visits: 'id, [company+check_in_at], [company+customer_id], syncState',
      outbox: '++seq, &opId, [companyId+state], state, entity.id',
    });
    const opId = uuidv7();
    await old
      .table('outbox')
      .add({ opId, companyId: 1, accountId: 2, type: 'visit.checkIn', state: 'pending', entity: { type: 'visit', id: 'v1' } });
    await old.table('customers').add({ id: 'c1', company: 1, name: 'Nhà thuốc A', nameFold: 'nha thuoc a', code: 'KH1', words: ['1|nha'] });
    old.close();

    const current = new AppDb(name);
    await current.open();
    expect(current.verno).toBe(3);
    expect((await current.outbox.where('opId').equals(opId).first())?.state).toBe('pending');
    expect((await current.customers.where('words').startsWith('1|nh').toArray()).map((c) => c.id)).toEqual(['c1']);
    expect(await current.variants.count()).toBe(0);
    current.close();
    await Dexie.delete(name);
  });
});
