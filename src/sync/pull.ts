/**
 * Pulling the company's changes into the mirror, page by page. Each page and the cursor after it
 * are written in one Dexie transaction, so a crash never leaves a cursor ahead of its data (RxDB
 * #5571). A `reset` answer drops the mirrored (not the queued) records and starts from 0.
 */
import type { Envelope } from '@contract/envelope';
import type { PullAnswer } from '@contract/sync';
import type { AppDb, SyncCursorRow } from '@/db/app-db';
import { applyServerChanges, clearMirror, mirrorTables } from './mirror';

/**
 * One page. `onNextCursor` is told the following page's cursor as soon as the answer's headers name
 * it (NEXT_CURSOR_HEADER), before its body is downloaded and read.
 */
export type PullTransport = (
  query: { company: number; cursor: number; limit: number; scope?: string; count?: '1' },
  onNextCursor?: (cursor: number) => void,
) => Promise<Envelope<PullAnswer>>;

/**
 * A page asked for, the scope it was asked with (none from cursor 0), and the following page's
 * cursor once its headers name it (null when they do not).
 */
type Asked = { answer: Promise<Envelope<PullAnswer>>; scope: string | undefined; following: Promise<number | null> };

export type PullOptions = {
  db: AppDb;
  companyId: number;
  accountId: number;
  transport: PullTransport;
  pageSize?: number;
  onProgress?: (done: number, total: number | null) => void;
  /** Lets the UI breathe between pages. */
  yieldBetweenPages?: () => Promise<void>;
};

/**
 * Records per page: fewer than the server's most (MAX_PULL_LIMIT, 2,000). A page's parsed records
 * are alive while it is folded and written, and the garbage collector copies what is alive: with
 * pages of 2,000 its pauses made main-thread tasks of 55–65 ms during a first sync; with 1,500 or
 * 1,000, none past 50 ms. 1,500 keeps the first sync of 150,000 records at 10.6–11.4 s
 * (1,000: 10.6–12.6 s; tests/bench/local-data.ts).
 */
const PAGE_SIZE = 1_500;

export type PullOutcome = { pages: number; changes: number; resets: number; firstSyncDone: boolean };

export async function readCursor(db: AppDb, companyId: number, accountId: number): Promise<SyncCursorRow> {
  const row = await db.syncCursors.get(companyId);
  // A cursor pulled for another account saw other owner-scoped records: start that account over.
  if (row && row.accountId === accountId) return row;
  return { companyId, accountId, cursor: 0, initialDone: false, lastPullAt: null, lastPushAt: row?.lastPushAt ?? null };
}

export async function pullChanges(options: PullOptions): Promise<PullOutcome> {
  const { db, companyId, accountId, transport } = options;
  const limit = options.pageSize ?? PAGE_SIZE;
  let state = await readCursor(db, companyId, accountId);
  const outcome: PullOutcome = { pages: 0, changes: 0, resets: 0, firstSyncDone: false };
  // The scope key tells the server which customers this mirror was chosen for (PullAnswer.scopeKey);
  // a mirror from before scopes sends an empty one, which never matches, so it starts over once.
  // The first request of a run asks how much there is (for the progress bar); the rest do not.
  let total: number | null = null;
  const request = (cursor: number, scopeKey: string | null | undefined, count = false): Asked => {
    let announce: (cursor: number | null) => void = () => undefined;
    const following = new Promise<number | null>((resolve) => (announce = resolve));
    const scope = cursor > 0 ? (scopeKey ?? '') : undefined;
    const answer = transport(
      { company: companyId, cursor, limit, ...(scope === undefined ? {} : { scope }), ...(count ? { count: '1' as const } : {}) },
      announce,
    );
    // Settles `following` when no header named a cursor; also marks a failure as handled until the
    // page is awaited, where it surfaces after the pages before it are safe.
    answer.then(
      () => announce(null),
      () => announce(null),
    );
    return { answer, scope, following };
  };
  let next = request(state.cursor, state.scopeKey, true);
  // Three stages overlap on a first sync: page N+1 downloads while page N is prepared on this
  // thread and page N-1 commits in IndexedDB. `committing` is page N-1's write and its size.
  let committing: { write: Promise<void>; changes: number; firstSyncDone: boolean } | null = null;
  const settle = async () => {
    if (!committing) return;
    const { write, changes, firstSyncDone } = committing;
    committing = null;
    await write;
    outcome.changes += changes;
    if (firstSyncDone) outcome.firstSyncDone = true;
    options.onProgress?.(outcome.changes, total);
  };
  for (;;) {
    // The following page is asked for as soon as this one's headers name it, with the scope this one
    // was asked with (unknown on a first page from 0, which waits for its body), so the server
    // prepares it while this page downloads and is read. It is used only if this page confirms it.
    const ahead: { cursor: number; asked: Asked }[] = [];
    const current = next;
    void current.following.then((cursor) => {
      if (cursor !== null && current.scope !== undefined) ahead.push({ cursor, asked: request(cursor, current.scope) });
    });
    const { data: page } = await current.answer;
    outcome.pages += 1;
    if (page.reset) {
      if (outcome.resets > 0) throw new Error('máy chủ yêu cầu đồng bộ lại liên tục');
      outcome.resets += 1;
      await settle();
      await db.transaction('rw', [...mirrorTables(db), db.syncCursors], async () => {
        await clearMirror(db, companyId);
        state = { ...state, cursor: 0, initialDone: false, scopeKey: page.scopeKey ?? null };
        await db.syncCursors.put(state);
      });
      next = request(0, null, true);
      continue;
    }
    const finished = !page.hasMore;
    const scopeKey = page.scopeKey ?? state.scopeKey ?? null;
    if (!finished) {
      const [early] = ahead;
      next = early && early.cursor === page.cursor && early.asked.scope === (scopeKey ?? '') ? early.asked : request(page.cursor, scopeKey);
    }
    if (page.remaining !== undefined) total = outcome.changes + (committing?.changes ?? 0) + page.changes.length + page.remaining;
    const before = state;
    const after: SyncCursorRow = {
      ...state,
      cursor: page.cursor,
      initialDone: state.initialDone || finished,
      lastPullAt: page.serverTime,
      scopeKey,
    };
    state = after;
    const write = db.transaction('rw', [...mirrorTables(db), db.syncCursors], async () => {
      // Queued behind the previous page's write: when that one failed, its cursor is missing and
      // this page must not land beyond the gap (a crash never leaves a cursor ahead of its data).
      if ((await readCursor(db, companyId, accountId)).cursor !== before.cursor) throw new Error('trang trước chưa được lưu');
      await applyServerChanges(db, page.changes);
      await db.syncCursors.put(after);
    });
    write.catch(() => undefined);
    await settle();
    committing = { write, changes: page.changes.length, firstSyncDone: finished && !before.initialDone };
    if (finished) {
      await settle();
      return outcome;
    }
    await options.yieldBetweenPages?.();
  }
}
