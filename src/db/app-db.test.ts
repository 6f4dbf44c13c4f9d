import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { EMPTY_ADDRESS } from '@contract/address';
import { AppDb } from './app-db';
import { customerRecord, SYRUP, TABLET } from '@/testing/order-fixtures';
import { searchLocalCustomers } from './customer-search';
import { toLocalCustomer } from './local-records';
import { PACK_SIZE } from './packed-table';
import { findLocalBarcode } from './variant-search';

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
    expect(current.verno).toBe(17);
    const tables = current.tables.map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'stock',
        'stockChecks',
        'countDrafts',
        'orderTypes',
        'receivables',
        'repCredits',
        'payments',
        'customerPacks',
        'variantPacks',
        'customerSeen',
      ]),
    );
    expect(tables).not.toContain('customers');
    expect((await current.outbox.where('opId').equals(opId).first())?.state).toBe('pending');
    // The v4 upgrade gave the old row its search text (owner, street and phone included).
    const stored = await current.customers.get('c1');
    expect(stored?.search).toBe('nha thuoc hanh phuc kh1 le thi mai 12 ly thuong kiet 0903456789');
    expect(stored).not.toHaveProperty('words');
    for (const query of ['hạnh', 'mai', 'thuong kiet', '0903 456']) {
      expect(
        (await searchLocalCustomers(current, 1, query)).map((c) => c.id),
        query,
      ).toEqual(['c1']);
    }
    expect(await current.variants.count()).toBe(0);
    current.close();
    await Dexie.delete(name);
  });

  it('moves the mirrored customers and variants of a version-8 database into packs, each company its own, barcodes still found', async () => {
    const name = `upgrade-${uuidv7()}`;
    // The version-8 schema of the two tables the packs replace (app-db.ts).
    const v8 = new Dexie(name);
    v8.version(8).stores({ customers: 'id, [company+nameFold]', variants: 'id, *barcodes, [company+nameFold]' });
    const customers = Array.from({ length: 230 }, (_, i) =>
      toLocalCustomer(
        customerRecord({ id: `c${String(i).padStart(3, '0')}`, name: `Nhà thuốc Số ${i}`, company: i % 10 === 0 ? 2 : 1 }),
        i === 7 ? 'pending' : 'synced',
      ),
    );
    await v8.table('customers').bulkAdd(customers);
    // TABLET's blister barcode is 8930000000011; SYRUP moves to another company.
    await v8.table('variants').bulkAdd([
      { ...TABLET, company: 1, barcodes: ['1|8930000000011'] },
      { ...SYRUP, company: 2, barcodes: ['2|8930000000035'] },
    ]);
    v8.close();

    const current = new AppDb(name);
    await current.open();
    expect(current.verno).toBe(17);
    expect(await current.customers.count()).toBe(230);
    expect((await current.customers.get('c007'))?.syncState).toBe('pending');
    const packs = [...(await current.customers.companyPacks(1)), ...(await current.customers.companyPacks(2))];
    // 207 customers of company 1 and 23 of company 2, cut into packs of PACK_SIZE.
    const sizes = (count: number) => [...Array<number>(Math.floor(count / PACK_SIZE)).fill(PACK_SIZE), count % PACK_SIZE].filter(Boolean);
    expect(packs.map((pack) => pack.rows.length)).toEqual([...sizes(207), ...sizes(23)]);
    expect(packs.every((pack) => pack.rows.every((row) => row.company === pack.company))).toBe(true);
    expect((await searchLocalCustomers(current, 1, 'so 123')).map((row) => row.id)).toEqual(['c123']);
    expect((await findLocalBarcode(current, 1, '8930000000011'))?.variant.id).toBe(TABLET.id);
    expect((await findLocalBarcode(current, 2, '8930000000035'))?.variant.id).toBe(SYRUP.id);
    expect(await findLocalBarcode(current, 1, '8930000000035')).toBeNull();
    current.close();
    await Dexie.delete(name);
  });
});
