/**
 * One workspace's search entries in memory, in name order, with their texts joined in one string
 * that searches scan (search-index.ts loads them from the mirror and keeps them current).
 */
type Key = string | number;

/** A search's result: the row's id, its list fields, and the pack its row is kept in (packed-table.ts), where its page reads it from. */
export type IndexEntry<F> = { id: Key; fields: F; pack: number };

/** An entry made from a stored row: with its name order key (nameFold) and its text. */
export type Loaded<F> = { entry: IndexEntry<F> & { sort: string }; text: string };

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

/** Loaded entries in name order, then id order. */
export function compareLoaded({ entry: a }: Loaded<unknown>, { entry: b }: Loaded<unknown>): number {
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
export function mergeSorted<T>(first: T[], second: T[], order: (a: T, b: T) => number): T[] {
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

/** Entries made per step when a load is turned into a workspace's entries. */
const STEP_ENTRIES = 20_000;

/** One workspace's entries in name order, with the joined text searches scan. */
export class WorkspaceEntries<F> {
  // No map by id: a map of 150,000 entries cost 8 MB of the heap, and writes are applied in one
  // pass over the list (apply), which finds the entries they replace as it goes.
  private entries: Held<F>[] = [];
  private joined = '';
  /** Texts of entries put since the text was last joined (the others are in `joined`). */
  private readonly waiting = new Map<Held<F>, string>();
  /** An entry was put or removed since the text was last joined. */
  private changed = false;

  /**
   * From entries already in name order (a load), made STEP_ENTRIES at a time with `pause` between
   * steps, so that making 100,000 of them does not hold the page in one task.
   */
  static async fromSorted<F>(loaded: readonly Loaded<F>[], pause: () => Promise<unknown>): Promise<WorkspaceEntries<F>> {
    const made = new WorkspaceEntries<F>();
    const entries = new Array<Held<F>>(loaded.length);
    let offset = 0;
    for (let start = 0; start < loaded.length; start += STEP_ENTRIES) {
      await pause();
      for (let index = start; index < Math.min(start + STEP_ENTRIES, loaded.length); index += 1) {
        const { entry, text } = loaded[index]!;
        const held = made.held(entry, text);
        held.at = offset;
        offset += text.length + 1;
        entries[index] = held;
      }
    }
    await pause();
    made.entries = entries;
    made.joined = loaded.map(({ text }) => text).join('\n');
    return made;
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
   * held from the `reread` packs (a pack read again lists all it holds now), in a pass over the list,
   * the written entries placed by binary search: 16–43 ms (p50) for 100,000 entries in node with 1
   * to 2,000 rows written (npm run bench:index-apply; 29–48 ms while they were merged in by
   * comparing with every entry), once per search that follows writes (a map by id found them in
   * microseconds, for 8 MB of heap held all the time).
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
