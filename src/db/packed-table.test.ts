import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { PACK_SIZE, PACKS_WITH_CODES_SCHEMA, PackedTable } from './packed-table';

type Row = { id: string; company: number; name: string; codes: string[] };

const row = (id: string, company = 1, name = id, codes: string[] = []): Row => ({ id, company, name, codes });
const many = (count: number, company = 1, prefix = 'r') => Array.from({ length: count }, (_, i) => row(`${prefix}${i}`, company));

let db: Dexie;
let table: PackedTable<Row>;

beforeEach(async () => {
  db = new Dexie(`packed-${uuidv7()}`);
  db.version(1).stores({ packs: PACKS_WITH_CODES_SCHEMA, outbox: '++seq' });
  await db.open();
  table = new PackedTable<Row>(db, 'packs', (r) => r.codes);
});

afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const packSizes = async (company: number) => (await table.companyPacks(company)).map((pack) => pack.rows.length);

describe('PackedTable', () => {
  it('reads rows by id in the order asked, undefined where there is none, from many packs', async () => {
    await table.bulkPut(many(2 * PACK_SIZE + 10));
    expect(await packSizes(1)).toEqual([PACK_SIZE, PACK_SIZE, 10]);
    const last = `r${2 * PACK_SIZE + 9}`;
    const middle = `r${PACK_SIZE + 5}`;
    const found = await table.bulkGet([last, 'nope', 'r0', middle, 'r0']);
    expect(found.map((r) => r?.id)).toEqual([last, undefined, 'r0', middle, 'r0']);
    expect(await table.get('r7')).toEqual(row('r7'));
    expect(await table.get('missing')).toBeUndefined();
  });

  it('replaces a row in its own pack, and new rows fill the company newest pack before opening another', async () => {
    await table.bulkPut(many(PACK_SIZE + 20));
    await table.put({ ...row('r3'), name: 'đổi tên' });
    expect((await table.get('r3'))?.name).toBe('đổi tên');
    expect(await table.count()).toBe(PACK_SIZE + 20);
    expect(await packSizes(1)).toEqual([PACK_SIZE, 20]);
    // New rows fill the second pack, 10 more open a third; the same id twice keeps the last.
    await table.bulkPut([...many(PACK_SIZE - 20 + 10, 1, 'n'), { ...row('n0'), name: 'sau' }]);
    expect(await packSizes(1)).toEqual([PACK_SIZE, PACK_SIZE, 10]);
    expect((await table.get('n0'))?.name).toBe('sau');
    // Another company never shares a pack.
    await table.put(row('x', 2));
    expect(await packSizes(2)).toEqual([1]);
    expect(await packSizes(1)).toEqual([PACK_SIZE, PACK_SIZE, 10]);
  });

  it('updates fields of one row, deletes rows and drops a pack left empty', async () => {
    await table.bulkPut(many(PACK_SIZE + 20));
    const inSecond = `r${PACK_SIZE + 10}`;
    expect(await table.update(inSecond, { name: 'mới' })).toBe(1);
    expect(await table.update('none', { name: 'mới' })).toBe(0);
    expect((await table.get(inSecond))?.name).toBe('mới');
    await table.bulkDelete(many(20).map((r) => `r${Number(r.id.slice(1)) + PACK_SIZE}`));
    expect(await packSizes(1)).toEqual([PACK_SIZE]);
    await table.delete('r0');
    expect(await table.get('r0')).toBeUndefined();
    expect(await table.count()).toBe(PACK_SIZE - 1);
  });

  it('refuses to add an id it holds, as a Dexie table does, and changes nothing', async () => {
    await table.add(row('a'));
    await expect(table.add({ ...row('a'), name: 'khác' })).rejects.toMatchObject({ name: 'ConstraintError' });
    expect((await table.get('a'))?.name).toBe('a');
  });

  it('empties one company keeping the rows asked for, and leaves other companies alone', async () => {
    await table.bulkPut([...many(130), ...many(5, 2, 'o')]);
    const removed = await table.deleteCompany(1, (r) => r.id === 'r5' || r.id === 'r125');
    expect(removed).toBe(128);
    expect((await table.toArray()).map((r) => r.id).sort()).toEqual(['o0', 'o1', 'o2', 'o3', 'o4', 'r125', 'r5']);
  });

  it('finds a row by one of its lookup codes', async () => {
    await table.bulkPut([row('a', 1, 'a', ['1|893']), row('b', 1, 'b', ['1|894', '1|895']), row('c', 2, 'c', ['2|893'])]);
    expect((await table.byCode('1|895'))?.id).toBe('b');
    expect((await table.byCode('2|893'))?.id).toBe('c');
    await table.update('b', { codes: [] });
    expect(await table.byCode('1|895')).toBeUndefined();
  });

  it('writes inside the caller transaction: a failure after it leaves neither the rows nor the other table changed', async () => {
    await table.bulkPut(many(3));
    await expect(
      db.transaction('rw', [table.name, 'outbox'], async () => {
        await table.bulkPut([{ ...row('r1'), name: 'không lưu' }, row('new')]);
        await db.table('outbox').add({ op: 'x' });
        throw new Error('hỏng giữa chừng');
      }),
    ).rejects.toThrow('hỏng giữa chừng');
    expect((await table.get('r1'))?.name).toBe('r1');
    expect(await table.get('new')).toBeUndefined();
    expect(await db.table('outbox').count()).toBe(0);
  });

  it('puts many rows without copies when another tab, or a write that rolled back, changed the packs since its last write', async () => {
    await table.bulkPut(many(150));
    const otherTab = new PackedTable<Row>(db, 'packs', (r) => r.codes);
    // Another tab adds rows and renames one: this tab's directory of ids no longer matches.
    await otherTab.bulkPut([...many(80, 1, 'x'), { ...row('r5'), name: 'bên kia' }]);
    await table.bulkPut([
      ...many(150).map((r) => ({ ...r, name: `lại ${r.id}` })),
      ...many(80, 1, 'x').map((r) => ({ ...r, name: 'lần hai' })),
    ]);
    expect(await table.count()).toBe(230);
    expect((await table.get('x3'))?.name).toBe('lần hai');
    // A write inside a transaction that fails is undone, and so is what it taught the directory.
    await expect(
      db.transaction('rw', table.name, async () => {
        await table.bulkPut(many(70, 1, 'y'));
        throw new Error('hủy');
      }),
    ).rejects.toThrow('hủy');
    await otherTab.bulkPut(many(70, 1, 'y'));
    await table.bulkPut(many(70, 1, 'y').map((r) => ({ ...r, name: 'cuối' })));
    expect(await table.count()).toBe(300);
    expect(new Set((await table.toArray()).map((r) => r.id)).size).toBe(300);
    expect((await table.get('y69'))?.name).toBe('cuối');
  });

  it('reads the rows of search entries from the packs they name, leaving out a row deleted since', async () => {
    await table.bulkPut(many(150));
    const [first, second] = await table.companyPacks(1);
    await table.delete('r3');
    const entries = [
      { id: `r${PACK_SIZE + 5}`, pack: second!.pack },
      { id: 'r3', pack: first!.pack },
      { id: 'r4', pack: first!.pack },
    ];
    expect((await table.rowsAt(entries)).map((r) => r.id)).toEqual([`r${PACK_SIZE + 5}`, 'r4']);
  });
});
