/**
 * A mirror kept as packs: up to PACK_SIZE rows of one company in one IndexedDB row.
 *
 * Why: Chromium's IndexedDB costs about the same per stored row whatever the row holds, 11,000–14,000
 * rows a second on the benchmark machine, so a first sync of 150,000 customers and variants spent
 * 20 s writing rows one by one; written 100 to a row (with the ids in a multi-entry index), the same
 * records landed at about 65,000 a second (`npm run bench:local-data -- --diagnose`; docs/offline-sync.md
 * "Packed mirrors").
 *
 * The table answers what the app asks of a mirrored table (get, bulkGet, put, bulkPut, update,
 * delete…) with the same meaning as a Dexie table, so features read a customer or a variant by id as
 * before. How it keeps them:
 *  - A pack holds its rows as JSON texts beside their ids: reading a pack for one row copies the
 *    texts (cheap) and parses only the rows asked for, where a pack of objects would rebuild them all.
 *  - A row is found through the packs' multi-entry `ids` index, or, by a search result, through the
 *    pack its index entry names (search-index.ts). A row never moves to another pack while it exists;
 *    new rows fill their company's newest pack, then new ones.
 *  - A write of many rows must know which exist without asking the index for each (a cursor step
 *    per id, 15 s over a first sync): it uses a directory of ids to packs held in memory, read once
 *    per company and kept while it is used. Every write stores a new random stamp in the table; the
 *    directory is trusted only while the stored stamp is the one it was brought up to date with, so
 *    a write from another tab, or a transaction that rolled back, makes it read again.
 *  - Each writing method runs in a transaction over the packs (joining the caller's when it holds
 *    them), so a row and the op recorded beside it are still saved together (src/sync/local-write.ts).
 */
import type Dexie from 'dexie';
import type { Table } from 'dexie';
import { uuidv7 } from '@contract/uuid';

type Key = string | number;

/** What a packed row must hold. */
export type PackedRow = { id: Key; company: number };

/** One IndexedDB row: some rows of one company as JSON, their ids, and lookup codes for the indexes. */
export type Pack = {
  /** Assigned by IndexedDB (auto-increment) when the pack is first written; 0 is the stamp. */
  pack?: number;
  company: number;
  /** `ids[i]` is the id of `rows[i]`. */
  ids: Key[];
  rows: string[];
  /** Exact-match lookup keys of the rows (a variant's `company|barcode`); empty where none. */
  codes: string[];
};

/** A pack as read: its number and its rows. */
export type ReadPack<Row> = { pack: number; company: number; rows: Row[] };

/**
 * Rows per pack. Fewer rows a pack write slower; more make a search slower, since its page of 30
 * rows is read from up to 30 packs (bench, 150,000 rows: at 100 a pack the first sync took 12.1 s
 * and customer searches p95 25 ms; at 50, 12.6 s and 13.7 ms; at 40, 13.3 s and 14 ms).
 */
export const PACK_SIZE = 50;

/** The Dexie schema of a packs table: `codes` only where rows have lookup codes. */
export const PACKS_SCHEMA = '++pack, company, *ids';
export const PACKS_WITH_CODES_SCHEMA = '++pack, company, *ids, *codes';

/** The row holding the stamp of the last write: not a pack of any company. */
const STAMP_KEY = 0;
type StampRow = Pack & { stamp: string };

/** Up to this many ids are looked up through the `ids` index; more, through the directory. */
const FEW_IDS = 64;

/** Packs read per step when reading a whole company (each step's rows are parsed in one go). */
const READ_STEP = 20;

/** An unused directory is let go after this long (150,000 ids hold about 10 MB). */
const DIRECTORY_KEPT_MS = 60_000;

const validKey = (id: unknown): id is Key => typeof id === 'string' || (typeof id === 'number' && !Number.isNaN(id));

/** Rows cut into new packs of one company each, in the order given (for writes and for upgrades). */
export function packsOf<Row extends PackedRow>(rows: readonly Row[], codesOf: (row: Row) => string[]): Pack[] {
  const packs: Pack[] = [];
  for (const [company, ofCompany] of groupByCompany(rows)) {
    for (let at = 0; at < ofCompany.length; at += PACK_SIZE) {
      const slice = ofCompany.slice(at, at + PACK_SIZE);
      packs.push({
        company,
        ids: slice.map((row) => row.id),
        rows: slice.map((row) => JSON.stringify(row)),
        codes: slice.flatMap(codesOf),
      });
    }
  }
  return packs;
}

/** Which pack holds each id of some companies, as of one stamp. */
type Directory = { stamp: string | null; byCompany: Map<number, Map<Key, number>> };

/** The packs holding some rows: by number, and by the id of each row found. */
type Located = { packs: Map<number, Pack>; holding: Map<Key, Pack> };

/** What a write does: packs to put, packs to delete, and the ids no pack holds any more. */
type Change = { put: Pack[]; deleted: Pack[]; gone: Key[] };

export class PackedTable<Row extends PackedRow> {
  /**
   * Rows per bulkPut when a pull page is applied (src/sync/mirror.ts): each call renews the stamp
   * and rewrites the company's newest pack, so fewer, larger calls; 1,000 rows are about 20 ms of
   * work on the page's thread.
   */
  readonly writeChunk = 1_000;
  private directory: Directory | null = null;
  private letGo: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: Dexie,
    /** The packs' IndexedDB table: what a transaction writing these rows must lock. */
    readonly name: string,
    private readonly codesOf?: (row: Row) => string[],
  ) {}

  get packs(): Table<Pack, number> {
    return this.db.table(this.name);
  }

  async get(id: Key): Promise<Row | undefined> {
    return (await this.bulkGet([id]))[0];
  }

  /** The rows of `ids`, in their order, undefined where there is none (as Dexie's bulkGet). */
  async bulkGet(ids: readonly Key[]): Promise<(Row | undefined)[]> {
    const wanted = ids.filter(validKey);
    if (wanted.length === 0) return ids.map(() => undefined);
    const keys = await this.packs
      .where('ids')
      .anyOf([...new Set(wanted)])
      .primaryKeys();
    return this.rowsIn(await this.packs.bulkGet([...new Set(keys)]), ids);
  }

  /** The rows of `entries`, each read from the pack its entry names, in their order; gone rows left out. */
  async rowsAt(entries: readonly { id: Key; pack: number }[]): Promise<Row[]> {
    const packs = await this.packs.bulkGet([...new Set(entries.map((entry) => entry.pack))]);
    return this.rowsIn(
      packs,
      entries.map((entry) => entry.id),
    ).filter((row): row is Row => row !== undefined);
  }

  /** The row holding `code` among its lookup codes. */
  async byCode(code: string): Promise<Row | undefined> {
    const pack = await this.packs.where('codes').equals(code).first();
    return pack ? this.parsed(pack).find((row) => this.codesOf?.(row).includes(code)) : undefined;
  }

  /** Every row (all companies); for small tables and tests. */
  async toArray(): Promise<Row[]> {
    return (await this.packs.where('company').aboveOrEqual(0).toArray()).flatMap((pack) => this.parsed(pack));
  }

  async count(): Promise<number> {
    return (await this.packs.where('company').aboveOrEqual(0).toArray()).reduce((sum, pack) => sum + pack.ids.length, 0);
  }

  /** Packs by number, parsed (a deleted pack reads as undefined). */
  async readPacks(keys: readonly number[]): Promise<(ReadPack<Row> | undefined)[]> {
    const packs = await this.packs.bulkGet([...keys]);
    return packs.map((pack) =>
      pack && pack.pack !== STAMP_KEY ? { pack: pack.pack!, company: pack.company, rows: this.parsed(pack) } : undefined,
    );
  }

  /** A company's packs, read a few at a time with a pause between steps so the page stays responsive. */
  async companyPacks(companyId: number): Promise<ReadPack<Row>[]> {
    const keys = await this.companyPackKeys(companyId);
    const packs: ReadPack<Row>[] = [];
    for (let at = 0; at < keys.length; at += READ_STEP) {
      if (at > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      for (const pack of await this.readPacks(keys.slice(at, at + READ_STEP))) if (pack) packs.push(pack);
    }
    return packs;
  }

  /** The numbers of a company's packs, in the order they were made. */
  companyPackKeys(companyId: number): Promise<number[]> {
    return this.packs.where('company').equals(companyId).primaryKeys();
  }

  /**
   * Reads the stamp every write renews. Inside Dexie's liveQuery this makes a query run again after
   * any write to these rows (an answer from the in-memory search index is invisible to liveQuery).
   * Reading the company's pack keys instead cost 18–54 ms a search: Dexie walks them with a cursor.
   */
  watch(): Promise<unknown> {
    return this.packs.get(STAMP_KEY);
  }

  async put(row: Row): Promise<void> {
    await this.bulkPut([row]);
  }

  /** Fails, as Dexie's add does, when a row of that id exists, and writes nothing. */
  async add(row: Row): Promise<void> {
    await this.db.transaction('rw', this.name, async () => {
      if ((await this.bulkGet([row.id]))[0]) throw Object.assign(new Error(`${this.name}: ${row.id} đã có`), { name: 'ConstraintError' });
      await this.bulkPut([row]);
    });
  }

  /** Puts rows: each replaces the row of its id in that row's pack; new rows fill packs at the end. */
  async bulkPut(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    await this.write(async (located) => {
      const latest = new Map<Key, Row>();
      for (const row of rows) latest.set(row.id, row);
      const { packs, holding } = await located([...latest.values()]);
      const fresh: Row[] = [];
      for (const [id, row] of latest) {
        const pack = holding.get(id);
        if (pack) pack.rows[pack.ids.indexOf(id)] = JSON.stringify(row);
        else fresh.push(row);
      }
      const written = new Map([...new Set(holding.values())].map((pack) => [pack.pack!, pack]));
      const added: Pack[] = [];
      for (const [company, ofCompany] of groupByCompany(fresh)) {
        const newest = await this.packs.where('company').equals(company).last();
        const open = newest && (packs.get(newest.pack!) ?? newest);
        let at = 0;
        if (open && open.ids.length < PACK_SIZE) {
          at = PACK_SIZE - open.ids.length;
          const filling = ofCompany.slice(0, at);
          open.ids.push(...filling.map((row) => row.id));
          open.rows.push(...filling.map((row) => JSON.stringify(row)));
          written.set(open.pack!, open);
        }
        added.push(...packsOf(ofCompany.slice(at), this.codesOf ?? (() => [])));
      }
      for (const pack of written.values()) pack.codes = this.codesIn(pack);
      return { put: [...written.values(), ...added], deleted: [], gone: [] };
    });
  }

  /** Changes some fields of one row; 1 when it exists, 0 when not (as Dexie's update). */
  async update(id: Key, changes: Partial<Row>): Promise<number> {
    let updated = 0;
    await this.write(async (located) => {
      const pack = (await located([{ id }])).holding.get(id);
      if (!pack) return { put: [], deleted: [], gone: [] };
      const at = pack.ids.indexOf(id);
      pack.rows[at] = JSON.stringify({ ...(JSON.parse(pack.rows[at]!) as Row), ...changes });
      pack.codes = this.codesIn(pack);
      updated = 1;
      return { put: [pack], deleted: [], gone: [] };
    });
    return updated;
  }

  async delete(id: Key): Promise<void> {
    await this.bulkDelete([id]);
  }

  async bulkDelete(ids: readonly Key[]): Promise<void> {
    if (ids.length === 0) return;
    await this.write(async (located) => {
      const { holding } = await located(ids.filter(validKey).map((id) => ({ id })));
      const gone = new Set(ids);
      return this.kept([...new Set(holding.values())], (id) => !gone.has(id));
    });
  }

  /** Removes the company's rows except those `keep` holds on to (a mirror reset); how many went. */
  async deleteCompany(companyId: number, keep: (row: Row) => boolean = () => false): Promise<number> {
    let removed = 0;
    await this.write(async () => {
      const packs = await this.packs.where('company').equals(companyId).toArray();
      const keptIds = new Set(packs.flatMap((pack) => this.parsed(pack).filter(keep)).map((row) => row.id));
      const change = this.kept(packs, (id) => keptIds.has(id));
      removed = packs.reduce((sum, pack) => sum + pack.ids.length, 0) - keptIds.size;
      return change;
    });
    return removed;
  }

  /** The packs with only the rows whose ids `keep` holds: emptied packs are deleted. */
  private kept(packs: Pack[], keep: (id: Key) => boolean): Change {
    const change: Change = { put: [], deleted: [], gone: [] };
    for (const pack of packs) {
      const at = pack.ids.flatMap((id, index) => (keep(id) ? [index] : []));
      if (at.length < pack.ids.length) change.gone.push(...pack.ids.filter((id) => !keep(id)));
      if (at.length === 0) change.deleted.push(pack);
      else if (at.length < pack.ids.length) {
        const kept: Pack = { ...pack, ids: at.map((index) => pack.ids[index]!), rows: at.map((index) => pack.rows[index]!) };
        change.put.push({ ...kept, codes: this.codesIn(kept) });
      }
    }
    return change;
  }

  /**
   * Runs a change of packs in a transaction over them: `change` finds the packs holding some rows
   * (through `located`) and says which packs to put, which to delete and which ids are gone; the
   * directory follows, and the stamp is renewed.
   */
  private async write(
    change: (located: (rows: readonly { id: Key; company?: number }[]) => Promise<Located>) => Promise<Change>,
  ): Promise<void> {
    await this.db.transaction('rw', this.name, async () => {
      const stored = ((await this.packs.get(STAMP_KEY)) as StampRow | undefined)?.stamp ?? null;
      if (this.directory?.stamp !== stored) this.directory = { stamp: stored, byCompany: new Map() };
      const directory = this.directory;
      const { put, deleted, gone } = await change((rows) => this.located(directory, rows));
      const keys = put.length ? await this.packs.bulkPut(put, { allKeys: true }) : [];
      if (deleted.length) await this.packs.bulkDelete(deleted.map((pack) => pack.pack!));
      const stamp = uuidv7();
      await this.packs.put({ pack: STAMP_KEY, company: -1, ids: [], rows: [], codes: [], stamp } as StampRow);
      // Kept current only for the companies it holds; another is read when next needed.
      for (const held of directory.byCompany.values()) for (const id of gone) held.delete(id);
      put.forEach((pack, index) => {
        const held = directory.byCompany.get(pack.company);
        if (held) for (const id of pack.ids) held.set(id, keys[index] as number);
      });
      directory.stamp = stamp;
    });
    this.keepDirectoryAWhile();
  }

  private keepDirectoryAWhile(): void {
    if (this.letGo) clearTimeout(this.letGo);
    this.letGo = setTimeout(() => (this.directory = null), DIRECTORY_KEPT_MS);
  }

  /**
   * The packs holding some rows, by id. A few ids are looked up through the `ids` index; many go
   * through the directory of each company they belong to (read whole the first time).
   */
  private async located(directory: Directory, rows: readonly { id: Key; company?: number }[]): Promise<Located> {
    const ids = [...new Set(rows.map((row) => row.id).filter(validKey))];
    let keys: number[];
    if (ids.length <= FEW_IDS || rows.some((row) => row.company === undefined)) {
      keys = ids.length ? await this.packs.where('ids').anyOf(ids).primaryKeys() : [];
    } else {
      keys = [];
      for (const [company, ofCompany] of groupByCompany(rows as { id: Key; company: number }[])) {
        const held = await this.companyDirectory(directory, company);
        for (const row of ofCompany) {
          const pack = held.get(row.id);
          if (pack !== undefined) keys.push(pack);
        }
      }
    }
    const packs = new Map<number, Pack>();
    for (const pack of await this.packs.bulkGet([...new Set(keys)])) if (pack) packs.set(pack.pack!, pack);
    const wanted = new Set(ids);
    const holding = new Map<Key, Pack>();
    for (const pack of packs.values()) for (const id of pack.ids) if (wanted.has(id)) holding.set(id, pack);
    return { packs, holding };
  }

  /** Which pack holds each id of a company: read from its packs' ids when the directory lacks it. */
  private async companyDirectory(directory: Directory, company: number): Promise<Map<Key, number>> {
    let held = directory.byCompany.get(company);
    if (held) return held;
    held = new Map();
    for (const pack of await this.packs.where('company').equals(company).toArray()) for (const id of pack.ids) held.set(id, pack.pack!);
    directory.byCompany.set(company, held);
    return held;
  }

  /** The lookup codes of a pack's rows (none, without parsing them, where the table has none). */
  private codesIn(pack: Pack): string[] {
    return this.codesOf ? this.parsed(pack).flatMap(this.codesOf) : [];
  }

  private parsed(pack: Pack): Row[] {
    return pack.rows.map((text) => JSON.parse(text) as Row);
  }

  /** The rows of `ids` found in some packs, in the order of `ids`. */
  private rowsIn(packs: (Pack | undefined)[], ids: readonly Key[]): (Row | undefined)[] {
    const texts = new Map<Key, string>();
    const wanted = new Set(ids);
    for (const pack of packs) if (pack) pack.ids.forEach((id, index) => wanted.has(id) && texts.set(id, pack.rows[index]!));
    const rows = new Map<Key, Row>();
    return ids.map((id) => {
      const text = texts.get(id);
      if (text === undefined) return undefined;
      if (!rows.has(id)) rows.set(id, JSON.parse(text) as Row);
      return rows.get(id);
    });
  }
}

function groupByCompany<Row extends { company: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.company);
    if (group) group.push(row);
    else groups.set(row.company, [row]);
  }
  return groups;
}
