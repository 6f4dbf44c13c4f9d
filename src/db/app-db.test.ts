import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { EMPTY_ADDRESS } from '@contract/address';
import { AppDb } from './app-db';
import { searchLocalCustomers } from './customer-search';

describe('AppDb upgrades', () => {
  it('keeps the outbox and mirrored customers when a version-1 database is opened by the current app, and makes the old rows searchable', async () => {
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
    await old.table('customers').add({
      id: 'c1',
      company: 1,
      name: 'Nhà thuốc Hạnh Phúc',
      nameFold: 'nha thuoc hanh phuc',
      code: 'KH1',
      phone: '0903 456 789',
      owner_name: 'Lê Thị Mai',
      tax_code: null,
      address: { ...EMPTY_ADDRESS, street: '12 Lý Thường Kiệt' },
      words: ['1|nha', '1|thuoc', '1|hanh', '1|phuc', '1|kh1'],
    });
    old.close();

    const current = new AppDb(name);
    await current.open();
    expect(current.verno).toBe(8);
    expect(current.tables.map((table) => table.name)).toEqual(expect.arrayContaining(['stock', 'stockChecks', 'countDrafts', 'orderTypes', 'receivables', 'repCredits', 'payments']));
    expect((await current.outbox.where('opId').equals(opId).first())?.state).toBe('pending');
    // The v4 upgrade gave the old row its search text (owner, street and phone included).
    const stored = await current.customers.get('c1');
    expect(stored?.search).toBe('nha thuoc hanh phuc kh1 le thi mai 12 ly thuong kiet 0903456789');
    expect(stored).not.toHaveProperty('words');
    for (const query of ['hạnh', 'mai', 'thuong kiet', '0903 456']) {
      expect((await searchLocalCustomers(current, 1, query)).map((c) => c.id), query).toEqual(['c1']);
    }
    expect(await current.variants.count()).toBe(0);
    current.close();
    await Dexie.delete(name);
  });
});
