/**
 * Pulling the company's changes into the mirror, page by page. Each page and the cursor after it
 * are written in one Dexie transaction, so a crash never leaves a cursor ahead of its data (RxDB
 * #5571). A `reset` answer drops the mirrored (not the queued) records and starts from 0.
 */
import type { Envelope } from '../../contract/envelope';
import { MAX_PULL_LIMIT, type PullAnswer } from '../../contract/sync';
import type { AppDb, SyncCursorRow } from '../db/app-db';
import { applyServerChanges, clearMirror, mirrorTables } from './mirror';

export type PullTransport = (query: {
  company: number;
  cursor: number;
  limit: number;
  scope?: string;
  count?: '1';
}) => Promise<Envelope<PullAnswer>>;

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

/** Records per page: the server's most (MAX_PULL_LIMIT); fewer round trips and transactions. */
const PAGE_SIZE = MAX_PULL_LIMIT;

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
  const request = (cursor: number, scopeKey: string | null | undefined, count = false) =>
    transport({ company: companyId, cursor, limit, ...(cursor > 0 ? { scope: scopeKey ?? '' } : {}), ...(count ? { count: '1' } : {}) });
  let next = request(state.cursor, state.scopeKey, true);
  for (;;) {
    const { data: page } = await next;
    outcome.pages += 1;
    if (page.reset) {
      if (outcome.resets > 0) throw new Error('máy chủ yêu cầu đồng bộ lại liên tục');
      outcome.resets += 1;
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
    // The next page is fetched while this one is written: a first sync costs the larger of the
    // two, not their sum. Its failure surfaces when it is awaited, after this page is safe.
    if (!finished) {
      next = request(page.cursor, scopeKey);
      next.catch(() => undefined);
    }
    await db.transaction('rw', [...mirrorTables(db), db.syncCursors], async () => {
      await applyServerChanges(db, page.changes);
      const firstSyncDone = finished && !state.initialDone;
      state = { ...state, cursor: page.cursor, initialDone: state.initialDone || finished, lastPullAt: page.serverTime, scopeKey };
      await db.syncCursors.put(state);
      if (firstSyncDone) outcome.firstSyncDone = true;
    });
    if (page.remaining !== undefined) total = outcome.changes + page.changes.length + page.remaining;
    outcome.changes += page.changes.length;
    options.onProgress?.(outcome.changes, total);
    if (finished) return outcome;
    await options.yieldBetweenPages?.();
  }
}
