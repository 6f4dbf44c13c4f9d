/**
 * Searching the mirrored customers and variants on the device, held in memory.
 *
 * Why not a multi-entry word index in IndexedDB (what issues #3/#4 first used): Chromium writes
 * every index entry as its own LevelDB record, so 100,000 customers with ~13 words each spent three
 * quarters of an 80 s first sync writing the word index, and a search led by a common word ("nha")
 * read hundreds of rows through it. Here the mirror keeps one plain `search` text per row (its
 * folded words, no index), and each table keeps, per workspace, a compact in-memory list of
 * entries (id, name key, the fields list filters use) sorted by name, and their search texts joined
 * in one string (workspace-entries.ts; each text held once; 27 MB in all for 150,000 rows in
 * tests/bench/local-data.ts):
 *  - a search is `indexOf` over one joined string of the texts (native, ~1 ms over 100,000 rows),
 *    with results already in name order, and exact counts for the pager;
 *  - the list is loaded once (the workspace's packs read a few at a time, yielding between them so
 *    the UI stays responsive; packed-table.ts) and then kept current from Dexie's `storagemutated`
 *    event, which reports the packs every committed write touched, in this tab and (through Dexie's
 *    BroadcastChannel) in the others: each entry knows its pack, and a touched pack is read again
 *    whole. A write Dexie reports only as a range (50 packs or more at once, a range delete) makes
 *    the list reload before the next search.
 * The rows themselves stay in IndexedDB: a search returns entries, the caller reads the page.
 */
import Dexie, { cmp, RangeSet, type IntervalTree, type ObservabilitySet } from 'dexie';
import type { AppDb } from './app-db';
import { PACK_SIZE, type PackedTable, type ReadPack } from './packed-table';
import { compareLoaded, mergeSorted, WorkspaceEntries, type IndexEntry, type Loaded } from './workspace-entries';

export type { IndexEntry };

type Key = string | number;

/** What a mirrored row must hold to be searchable. */
type SearchableRow = { id: Key; company: number; nameFold: string; search: string };

type IndexSource<Row extends SearchableRow, F> = {
  table: (db: AppDb) => PackedTable<Row>;
  fields: (row: Row) => F;
};

const sharedFieldSets = new Map<string, object>();

/**
 * One object for every entry with the same fields (a customer's kind, rep, type, level and status
 * repeat: 100,000 customers hold a few hundred distinct sets, and one object each cost 4 MB).
 * For fields that repeat only; frozen, since entries share it.
 */
export function sharedFields<F extends Record<string, string | number | null>>(fields: F): F {
  const key = JSON.stringify(Object.values(fields));
  const kept = sharedFieldSets.get(key) as F | undefined;
  if (kept !== undefined) return kept;
  sharedFieldSets.set(key, Object.freeze(fields));
  return fields;
}

/** Past this many written packs, loading the list again is cheaper than reading each of them. */
const MAX_TOUCHED = 40;

/** Packs read per step of a load (about 1,000 rows): each step's rows are parsed and sorted in one go on the main thread. */
const LOAD_STEP = Math.ceil(1_000 / PACK_SIZE);

/** A pause that lets the page paint and answer taps between steps of a long read. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Every typed (folded) word begins some word of the text. */
export function matchesWords(search: string, words: readonly string[]): boolean {
  const text = ` ${search}`;
  return words.every((word) => text.includes(` ${word}`));
}

/** One mirrored table's in-memory index for the workspace in use, kept current. */
class TableIndex<Row extends SearchableRow, F> {
  private workspace: { companyId: number; entries: WorkspaceEntries<F> } | null = null;
  /** Packs written since the entries were last brought up to date. */
  private readonly touched = new Set<number>();
  /** A write reported only as a range: reload before the next search. */
  private stale = false;
  /** Loading and catching up run one at a time, in order (an older read never lands last). */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly part: string;

  constructor(
    db: AppDb,
    private readonly source: IndexSource<Row, F>,
    private readonly table = source.table(db),
  ) {
    this.part = `idb://${db.name}/${this.table.name}/`;
    const listener = (parts: ObservabilitySet) => this.noteWrites(parts[this.part]);
    Dexie.on('storagemutated', listener);
    // A closed database may be opened again (or deleted and made anew): its next index starts fresh.
    db.on('close', () => {
      Dexie.on.storagemutated.unsubscribe(listener);
      indexes.get(db)?.delete(source as unknown as IndexSource<never, unknown>);
    });
  }

  /** The entries of a pack's rows of the workspace. */
  private entries(pack: ReadPack<Row>, companyId: number): Loaded<F>[] {
    if (pack.company !== companyId) return [];
    return pack.rows.map((row) => ({
      entry: { id: row.id, sort: row.nameFold, fields: this.source.fields(row), pack: pack.pack },
      text: ` ${row.search}`,
    }));
  }

  /**
   * The workspace's entries in name order, read a few packs at a time: each step's entries are
   * sorted on their own, then the sorted runs are merged two by two, pausing between steps so no
   * step holds the page for long (packs come in arrival order, not by name).
   */
  private async load(companyId: number): Promise<Loaded<F>[]> {
    const keys = await this.table.companyPackKeys(companyId);
    let runs: Loaded<F>[][] = [];
    for (let at = 0; at < keys.length; at += LOAD_STEP) {
      if (at > 0) await pause();
      const packs = await this.table.readPacks(keys.slice(at, at + LOAD_STEP));
      runs.push(packs.flatMap((pack) => (pack ? this.entries(pack, companyId) : [])).sort(compareLoaded));
    }
    while (runs.length > 1) {
      const merged: Loaded<F>[][] = [];
      for (let at = 0; at < runs.length; at += 2) {
        await pause();
        merged.push(mergeSorted(runs[at]!, runs[at + 1] ?? [], compareLoaded));
      }
      runs = merged;
    }
    return runs[0] ?? [];
  }

  /** The workspace's entries, loaded and up to date with every committed write reported so far. */
  ready(companyId: number): Promise<WorkspaceEntries<F>> {
    const next = this.queue.then(() => this.catchUp(companyId));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private noteWrites(tree: IntervalTree | undefined): void {
    if (!tree || !this.workspace || this.stale) return;
    for (const node of RangeSet(tree)) {
      // A range, or more packs than reading them one by one is worth (a reset deleting a mirror).
      if (cmp(node.from, node.to) !== 0 || this.touched.size >= MAX_TOUCHED) {
        this.stale = true;
        this.touched.clear();
        return;
      }
      this.touched.add(node.from as number);
    }
  }

  private async catchUp(companyId: number): Promise<WorkspaceEntries<F>> {
    let loaded = false;
    for (;;) {
      const current = this.workspace;
      if (!loaded && (this.stale || current?.companyId !== companyId)) {
        // Noting writes starts before the read: those made while loading are applied after it.
        const loading = { companyId, entries: new WorkspaceEntries<F>() };
        this.workspace = loading;
        this.stale = false;
        this.touched.clear();
        try {
          loading.entries = await WorkspaceEntries.fromSorted(await this.load(companyId), pause);
        } catch (error) {
          // Never leave the empty placeholder to answer the next search.
          if (this.workspace === loading) this.workspace = null;
          throw error;
        }
        loaded = true;
        continue;
      }
      // A sync writing in bulk while the list loaded: answer from what was read (one load per
      // search, never a chase), and load again for the next search.
      if (!current || this.stale || this.touched.size === 0) return current!.entries;
      const keys = [...this.touched];
      this.touched.clear();
      // A deleted pack reads as nothing: its entries go.
      const packs = await this.table.readPacks(keys);
      current.entries.apply(
        packs.flatMap((pack) => (pack ? this.entries(pack, companyId) : [])),
        new Set(keys),
      );
    }
  }
}

/** The rows of some entries, in their order, each read from its pack (a row deleted since is left out). */
export function entryRows<Row extends SearchableRow>(table: PackedTable<Row>, entries: readonly IndexEntry<unknown>[]): Promise<Row[]> {
  return table.rowsAt(entries);
}

const indexes = new WeakMap<AppDb, Map<IndexSource<never, unknown>, TableIndex<never, unknown>>>();

/** The index of one mirrored table of `db` (one per database and source, made on first use). */
export function searchIndex<Row extends SearchableRow, F>(db: AppDb, source: IndexSource<Row, F>): TableIndex<Row, F> {
  let forDb = indexes.get(db);
  if (!forDb) indexes.set(db, (forDb = new Map()));
  const key = source as unknown as IndexSource<never, unknown>;
  let index = forDb.get(key);
  if (!index) forDb.set(key, (index = new TableIndex(db, source) as unknown as TableIndex<never, unknown>));
  return index as unknown as TableIndex<Row, F>;
}
