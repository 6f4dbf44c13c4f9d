/**
 * A mirror kept as packs: up to PACK_SIZE rows of one company in one IndexedDB row.
 *
 * Why: Chromium's IndexedDB costs about the same per stored row whatever the row holds, 11,000–14,000
 * rows a second on the benchmark machine, so a first sync of 150,000 customers and variants spent
 * 20 s writing rows one by one; written 100 to a row (with the ids in a multi-entry index), the same
 * records land at about 65,000 a second (`npm run bench:local-data -- --diagnose`; docs/offline-sync.md
 * "Packed mirrors").
 *
 * The table answers what the app asks of a mirrored table (get, bulkGet, put, bulkPut, update,
 * delete…) with the same meaning as a Dexie table, so features read a customer or a variant by id as
 * before. A row found by id is found through the packs' `ids` index; a row never moves to another
 * pack while it exists; new rows fill their company's newest pack, then new ones. Each writing
 * method runs in a transaction over the packs (joining the caller's when it holds them), so a row and
 * the op recorded beside it are still saved together (src/sync/local-write.ts).
 */
import type Dexie from 'dexie';
import type { Table } from 'dexie';

type Key = string | number;

/** What a packed row must hold. */
export type PackedRow = { id: Key; company: number };

/** One IndexedDB row: some rows of one company, their ids and lookup codes for the indexes. */
export type Pack<Row> = {
  /** Assigned by IndexedDB (auto-increment) when the pack is first written. */
  pack?: number;
  company: number;
  ids: Key[];
  /** Exact-match lookup keys of the rows (a variant's `company|barcode`); empty where none. */
  codes: string[];
  rows: Row[];
};

/** Rows per pack: small enough that reading a pack for one row costs what reading one row did. */
export const PACK_SIZE = 100;

/** Packs read per step when reading a whole company (each step's rows are copied in one go). */
const READ_STEP = 20;

/** The Dexie schema of a packs table: `codes` only where rows have lookup codes. */
export const PACKS_SCHEMA = '++pack, company, *ids';
export const PACKS_WITH_CODES_SCHEMA = '++pack, company, *ids, *codes';

const validKey = (id: unknown): id is Key => typeof id === 'string' || (typeof id === 'number' && !Number.isNaN(id));

/** Rows cut into new packs of one company each, in the order given (for writes and for upgrades). */
export function packsOf<Row extends PackedRow>(rows: readonly Row[], codesOf: (row: Row) => string[]): Pack<Row>[] {
  const packs: Pack<Row>[] = [];
  for (const [company, ofCompany] of groupByCompany(rows)) {
    for (let at = 0; at < ofCompany.length; at += PACK_SIZE) packs.push(sealed({ company, ids: [], codes: [], rows: ofCompany.slice(at, at + PACK_SIZE) }, codesOf));
  }
  return packs;
}

/** The pack with its `ids` and `codes` made from its rows, as the indexes must see them. */
function sealed<Row extends PackedRow>(pack: Pack<Row>, codesOf: (row: Row) => string[]): Pack<Row> {
  return { ...pack, ids: pack.rows.map((row) => row.id), codes: pack.rows.flatMap(codesOf) };
}

export class PackedTable<Row extends PackedRow> {
  constructor(
    private readonly db: Dexie,
    /** The packs' IndexedDB table: what a transaction writing these rows must lock. */
    readonly name: string,
    private readonly codesOf: (row: Row) => string[] = () => [],
  ) {}

  get packs(): Table<Pack<Row>, number> {
    return this.db.table(this.name);
  }

  async get(id: Key): Promise<Row | undefined> {
    return (await this.bulkGet([id]))[0];
  }

  /** The rows of `ids`, in their order, undefined where there is none (as Dexie's bulkGet). */
  async bulkGet(ids: readonly Key[]): Promise<(Row | undefined)[]> {
    const found = await this.located(ids);
    return ids.map((id) => found.get(id)?.row);
  }

  /** The row holding `code` among its lookup codes. */
  async byCode(code: string): Promise<Row | undefined> {
    const pack = await this.packs.where('codes').equals(code).first();
    return pack?.rows.find((row) => this.codesOf(row).includes(code));
  }

  /** Every row (all companies); for small tables and tests. */
  async toArray(): Promise<Row[]> {
    return (await this.packs.toArray()).flatMap((pack) => pack.rows);
  }

  async count(): Promise<number> {
    return (await this.toArray()).length;
  }

  /**
   * A company's packs, read a few at a time with a pause between steps so the page stays responsive
   * (the search index's load, src/db/search-index.ts).
   */
  async companyPacks(companyId: number): Promise<Pack<Row>[]> {
    const keys = await this.packs.where('company').equals(companyId).primaryKeys();
    const packs: Pack<Row>[] = [];
    for (let at = 0; at < keys.length; at += READ_STEP) {
      if (at > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      for (const pack of await this.packs.bulkGet(keys.slice(at, at + READ_STEP))) if (pack) packs.push(pack);
    }
    return packs;
  }

  /**
   * Reads the company's pack keys. Inside Dexie's liveQuery this makes a query run again whenever a
   * pack of the company is written or deleted (an answer from the in-memory search index is
   * invisible to liveQuery).
   */
  watchCompany(companyId: number): Promise<unknown> {
    return this.packs.where('company').equals(companyId).primaryKeys();
  }

  async put(row: Row): Promise<void> {
    await this.bulkPut([row]);
  }

  /** Fails, as Dexie's add does, when a row of that id exists. */
  async add(row: Row): Promise<void> {
    await this.db.transaction('rw', this.name, async () => {
      if ((await this.located([row.id])).size > 0) throw Object.assign(new Error(`${this.name}: ${row.id} đã có`), { name: 'ConstraintError' });
      await this.bulkPut([row]);
    });
  }

  /** Puts rows: each replaces the row of its id in that row's pack; new rows fill packs at the end. */
  async bulkPut(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction('rw', this.name, async () => {
      const latest = new Map<Key, Row>();
      for (const row of rows) latest.set(row.id, row);
      const found = await this.located([...latest.keys()]);
      const changed = new Map<number, Pack<Row>>();
      const fresh: Row[] = [];
      for (const [id, row] of latest) {
        const place = found.get(id);
        if (!place) {
          fresh.push(row);
          continue;
        }
        place.pack.rows[place.pack.rows.indexOf(place.row)] = row;
        changed.set(place.pack.pack!, place.pack);
      }
      const added: Pack<Row>[] = [];
      for (const [company, ofCompany] of groupByCompany(fresh)) {
        const newest = await this.packs.where('company').equals(company).last();
        const open = newest && (changed.get(newest.pack!) ?? newest);
        let at = 0;
        if (open && open.rows.length < PACK_SIZE) {
          at = PACK_SIZE - open.rows.length;
          open.rows.push(...ofCompany.slice(0, at));
          changed.set(open.pack!, open);
        }
        for (; at < ofCompany.length; at += PACK_SIZE) added.push({ company, ids: [], codes: [], rows: ofCompany.slice(at, at + PACK_SIZE) });
      }
      await this.packs.bulkPut([...changed.values(), ...added].map((pack) => sealed(pack, this.codesOf)));
    });
  }

  /** Changes some fields of one row; 1 when it exists, 0 when not (as Dexie's update). */
  async update(id: Key, changes: Partial<Row>): Promise<number> {
    return this.db.transaction('rw', this.name, async () => {
      const place = (await this.located([id])).get(id);
      if (!place) return 0;
      place.pack.rows[place.pack.rows.indexOf(place.row)] = { ...place.row, ...changes };
      await this.packs.put(sealed(place.pack, this.codesOf));
      return 1;
    });
  }

  async delete(id: Key): Promise<void> {
    await this.bulkDelete([id]);
  }

  async bulkDelete(ids: readonly Key[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction('rw', this.name, async () => {
      const packs = new Map<number, Pack<Row>>();
      for (const { pack } of (await this.located(ids)).values()) packs.set(pack.pack!, pack);
      const gone = new Set(ids);
      await this.rewrite([...packs.values()], (row) => !gone.has(row.id));
    });
  }

  /** Removes the company's rows except those `keep` holds on to (a mirror reset); how many went. */
  async deleteCompany(companyId: number, keep: (row: Row) => boolean = () => false): Promise<number> {
    return this.db.transaction('rw', this.name, async () => {
      const packs = await this.packs.where('company').equals(companyId).toArray();
      return this.rewrite(packs, keep);
    });
  }

  /** Keeps the rows `keep` holds in each pack: a pack left empty is deleted. How many rows went. */
  private async rewrite(packs: Pack<Row>[], keep: (row: Row) => boolean): Promise<number> {
    let removed = 0;
    const emptied: number[] = [];
    const kept: Pack<Row>[] = [];
    for (const pack of packs) {
      const rows = pack.rows.filter(keep);
      removed += pack.rows.length - rows.length;
      if (rows.length === 0) emptied.push(pack.pack!);
      else if (rows.length < pack.rows.length) kept.push(sealed({ ...pack, rows }, this.codesOf));
    }
    if (emptied.length) await this.packs.bulkDelete(emptied);
    if (kept.length) await this.packs.bulkPut(kept);
    return removed;
  }

  /** The rows of `ids` that exist, each with the pack holding it (one object per pack). */
  private async located(ids: readonly Key[]): Promise<Map<Key, { row: Row; pack: Pack<Row> }>> {
    const wanted = new Set(ids.filter(validKey));
    const found = new Map<Key, { row: Row; pack: Pack<Row> }>();
    if (wanted.size === 0) return found;
    const keys = await this.packs.where('ids').anyOf([...wanted]).primaryKeys();
    for (const pack of await this.packs.bulkGet([...new Set(keys)])) {
      if (!pack) continue;
      for (const row of pack.rows) if (wanted.has(row.id)) found.set(row.id, { row, pack });
    }
    return found;
  }
}

function groupByCompany<Row extends PackedRow>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.company);
    if (group) group.push(row);
    else groups.set(row.company, [row]);
  }
  return groups;
}
