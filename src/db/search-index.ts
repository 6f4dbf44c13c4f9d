/**
 * Searching the mirrored customers and variants on the device, held in memory.
 *
 * Why not a multi-entry word index in IndexedDB (what issues #3/#4 first used): Chromium writes
 * every index entry as its own LevelDB record, so 100,000 customers with ~13 words each spent three
 * quarters of an 80 s first sync writing the word index, and a search led by a common word ("nha")
 * read hundreds of rows through it. Here the mirror keeps one plain `search` text per row (its
 * folded words, no index), and each table keeps, per workspace, a compact in-memory list of
 * entries (id, name key, the fields list filters use) sorted by name, and their search texts joined
 * in one string (each text held once; 28–32 MB in all for 150,000 rows in tests/bench/local-data.ts):
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

type Key = string | number;

/** What a mirrored row must hold to be searchable. */
type SearchableRow = { id: Key; company: number; nameFold: string; search: string };

/** A search's result: the row's id, its list fields, and the pack its row is kept in (packed-table.ts), where its page reads it from. */
export type IndexEntry<F> = { id: Key; fields: F; pack: number };

/** An entry made from a stored row: with its name order key (nameFold) and its text. */
type Loaded<F> = { entry: IndexEntry<F> & { sort: string }; text: string };

/**
 * An entry as its workspace holds it: its text (' word1 word2 …': a typed word matches where ' ' +
 * word occurs) lives only in the joined text, from `at` to the next '\n', so each text is held once
 * (the heap the index keeps was 57 MB for 150,000 rows while every text was held twice). Its name
 * key is a string only where the text does not begin with it; where it does (most rows: the name's
 * folded words come first in the text), `sort` is the key's length and the key is read from the text
 * (5 MB less for 150,000 rows).
 */
type Held<F> = IndexEntry<F> & { sort: string | number; at: number };

/** The text of the entry at `at` of a joined text. */
function textAt(joined: string, at: number): string {
  const end = joined.indexOf('\n', at);
  return joined.slice(at, end < 0 ? joined.length : end);
}

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

const SAMPLES = 8;
const SAMPLE_CHARS = 32_768;

/**
 * The needles, rarest first, by how often each occurs in a few slices spread over the joined text
 * (names are sorted, so one slice from the start would see only names beginning with "a").
 * Between equals, the longer needle first.
 */
function rarestFirst(joined: string, needles: string[]): string[] {
  if (needles.length < 2) return needles;
  const step = Math.max(SAMPLE_CHARS, Math.floor(joined.length / SAMPLES));
  const count = (needle: string) => {
    let found = 0;
    for (let start = 0; start < joined.length; start += step) {
      // A slice, so a needle absent from it costs one slice's scan, not the rest of the text's.
      const part = joined.slice(start, start + SAMPLE_CHARS);
      for (let at = part.indexOf(needle); at >= 0; at = part.indexOf(needle, at + needle.length)) found += 1;
    }
    return found;
  };
  const counted = needles.map((needle) => ({ needle, found: count(needle) }));
  return counted.sort((a, b) => a.found - b.found || b.needle.length - a.needle.length).map((entry) => entry.needle);
}

function compareIds(a: Key, b: Key): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function compareLoaded({ entry: a }: Loaded<unknown>, { entry: b }: Loaded<unknown>): number {
  if (a.sort !== b.sort) return a.sort < b.sort ? -1 : 1;
  return compareIds(a.id, b.id);
}

/** The order of two texts' parts (as `<` orders strings: by UTF-16 code unit), without cutting them out. */
function compareParts(a: string, aStart: number, aLength: number, b: string, bStart: number, bLength: number): number {
  const shorter = Math.min(aLength, bLength);
  for (let index = 0; index < shorter; index += 1) {
    const difference = a.charCodeAt(aStart + index) - b.charCodeAt(bStart + index);
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

const keyLength = ({ sort }: Held<unknown>): number => (typeof sort === 'string' ? sort.length : sort);

/**
 * A few items put into a long list in the same order: each placed by binary search, so a write's
 * entries cost a few comparisons each, not one per entry kept (an entry's key may be read from the
 * joined text, slower to compare than a string).
 */
function insertSorted<T>(list: T[], items: T[], order: (a: T, b: T) => number): T[] {
  if (items.length === 0) return list;
  const merged: T[] = [];
  let from = 0;
  for (const item of items) {
    let low = from;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (order(list[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    for (let index = from; index < low; index += 1) merged.push(list[index]!);
    merged.push(item);
    from = low;
  }
  for (let index = from; index < list.length; index += 1) merged.push(list[index]!);
  return merged;
}

/** Two lists in the same order as one. */
function mergeSorted<T>(first: T[], second: T[], order: (a: T, b: T) => number): T[] {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  const merged = new Array<T>(first.length + second.length);
  let a = 0;
  let b = 0;
  for (let index = 0; index < merged.length; index += 1) {
    merged[index] = b >= second.length || (a < first.length && order(first[a]!, second[b]!) <= 0) ? first[a++]! : second[b++]!;
  }
  return merged;
}

/** One workspace's entries in name order, with the joined text searches scan. */
class WorkspaceEntries<F> {
  // No map by id: a map of 150,000 entries cost 8 MB of the heap, and writes are applied in one
  // pass over the list (apply), which finds the entries they replace as it goes.
  private entries: Held<F>[] = [];
  private joined = '';
  /** Texts of entries put since the text was last joined (the others are in `joined`). */
  private readonly waiting = new Map<Held<F>, string>();
  /** An entry was put or removed since the text was last joined. */
  private changed = false;

  /** From entries already in name order (a load). */
  constructor(loaded: readonly Loaded<F>[] = []) {
    let offset = 0;
    this.entries = loaded.map(({ entry, text }) => {
      const held = this.held(entry, text);
      held.at = offset;
      offset += text.length + 1;
      return held;
    });
    this.joined = loaded.map(({ text }) => text).join('\n');
  }

  /** An entry as held, its name key read from its text where the text begins with it. */
  private held({ id, sort, fields, pack }: Loaded<F>['entry'], text: string): Held<F> {
    // A literal, not a spread: a spread entry with one more property grows a separate property
    // store, which held 150,000 times costs megabytes.
    return { id, sort: text.startsWith(sort, 1) ? sort.length : sort, fields, pack, at: 0 };
  }

  /** The text an entry's name key is read from: its own, its waiting text (put since the last join), or the joined text. */
  private keyText(entry: Held<F>): string {
    return typeof entry.sort === 'string' ? entry.sort : (this.waiting.get(entry) ?? this.joined);
  }

  /** Where the entry's name key begins in keyText (after the text's leading space). */
  private keyStart(entry: Held<F>): number {
    return typeof entry.sort === 'string' ? 0 : this.waiting.has(entry) ? 1 : entry.at + 1;
  }

  /** Name order, then id order. */
  private readonly compare = (a: Held<F>, b: Held<F>): number =>
    compareParts(this.keyText(a), this.keyStart(a), keyLength(a), this.keyText(b), this.keyStart(b), keyLength(b)) ||
    compareIds(a.id, b.id);

  get size(): number {
    return this.entries.length;
  }

  /**
   * Puts the written entries (new, or replacing the entry of the same id) and removes the entries
   * held from the `reread` packs (a pack read again lists all it holds now), in one pass over the
   * list: 7–10 ms for 100,000 entries in node, whether one row was written or two thousand, once per
   * search that follows writes (a map by id found them in microseconds, for 8 MB of heap held all
   * the time).
   */
  apply(written: readonly Loaded<F>[], reread: ReadonlySet<number>): void {
    const added = written.map(({ entry, text }) => {
      const held = this.held(entry, text);
      this.waiting.set(held, text);
      return held;
    });
    added.sort(this.compare);
    let kept = this.entries;
    if (kept.length > 0) {
      const replaced = new Set(added.map((held) => held.id));
      kept = kept.filter((entry) => {
        if (!reread.has(entry.pack) && !replaced.has(entry.id)) return true;
        this.waiting.delete(entry);
        return false;
      });
    }
    this.entries = insertSorted(kept, added, this.compare);
    // Left out of `joined` at its next join, which holds only what `entries` holds.
    this.changed = true;
  }

  /**
   * The entries whose text holds every word (and that pass `where`), in name order, at most
   * `limit`. The rarest word leads the scan; the others are checked on the entries it finds, so
   * "nha thuoc tam" walks the few "tam" and never the many "nha thuoc".
   */
  find(words: readonly string[], where: ((fields: F) => boolean) | null, limit: number): IndexEntry<F>[] {
    const found: IndexEntry<F>[] = [];
    if (words.length === 0) {
      for (const entry of this.entries) {
        if (where && !where(entry.fields)) continue;
        found.push(entry);
        if (found.length >= limit) break;
      }
      return found;
    }
    const joined = this.joinedText();
    const [lead, ...rest] = rarestFirst(
      joined,
      words.map((word) => ` ${word}`),
    ) as [string, ...string[]];
    let from = 0;
    for (;;) {
      const at = joined.indexOf(lead, from);
      if (at < 0) break;
      const index = this.entryAt(at);
      const entry = this.entries[index]!;
      const text = rest.length > 0 ? textAt(joined, entry.at) : '';
      if (rest.every((needle) => text.includes(needle)) && (!where || where(entry.fields))) {
        found.push(entry);
        if (found.length >= limit) break;
      }
      if (index + 1 >= this.entries.length) break;
      from = this.entries[index + 1]!.at;
    }
    return found;
  }

  /**
   * The texts joined by '\n' (no needle holds one, so no match spans two entries), in the entries'
   * order: the waiting texts, and the others cut from the last joined text.
   */
  private joinedText(): string {
    if (!this.changed) return this.joined;
    const texts = new Array<string>(this.entries.length);
    let offset = 0;
    for (const [index, entry] of this.entries.entries()) {
      const text = this.waiting.get(entry) ?? textAt(this.joined, entry.at);
      texts[index] = text;
      entry.at = offset;
      offset += text.length + 1;
    }
    this.waiting.clear();
    this.changed = false;
    this.joined = texts.join('\n');
    return this.joined;
  }

  /** The entry whose text holds position `at` of the joined text. */
  private entryAt(at: number): number {
    let low = 0;
    let high = this.entries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.entries[middle]!.at <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
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
          loading.entries = new WorkspaceEntries(await this.load(companyId));
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
