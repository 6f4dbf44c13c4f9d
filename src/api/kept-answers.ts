/**
 * Server answers the device keeps, for figures that are read from the server (the reports, the
 * dashboard): each answer is kept in local storage for the person and company with the time it
 * was fetched, so the same question paints at once on the next visit and answers without the
 * network ("Đang ngoại tuyến: số liệu … lấy lúc …"). A question never asked on this device answers
 * offline with the latest answer to that call, its own query said beside it. A logout clears local
 * storage (src/session/session-store.ts).
 */
import { ApiError } from './api-error';
import { apiData } from './client';

export type KeptQuery = Record<string, string | number | boolean | undefined>;
export type Kept<T> = { data: T; fetchedAt: string; query: KeptQuery };
export type Fetched<T> = Kept<T> & { fromDevice: boolean };

const PREFIX = 'report:';
/** Answers kept per person and company; the oldest go first. */
const KEPT = 24;

export const isOffline = (error: unknown) => error instanceof ApiError && error.isNetwork;

export const cleanQuery = (query: KeptQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '' && value !== false));

function keyOf(accountId: number, path: string, query: KeptQuery): string {
  // Not localeCompare: its first call builds a collator, tens of milliseconds on a phone's first paint.
  const sorted = Object.entries(cleanQuery(query)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${PREFIX}${query.company}:${accountId}:${path}?${new URLSearchParams(sorted.map(([k, v]) => [k, String(v)])).toString()}`;
}

function read<T>(key: string): Kept<T> | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as Kept<T> | null;
  } catch {
    return null;
  }
}

function keep<T>(key: string, answer: Kept<T>): void {
  try {
    localStorage.setItem(key, JSON.stringify(answer));
    const mine = key.slice(0, key.indexOf('?'));
    const all = Object.keys(localStorage).filter((candidate) => candidate.startsWith(mine.slice(0, mine.lastIndexOf(':') + 1)));
    if (all.length > KEPT) {
      const byAge = all.map((candidate) => ({ candidate, at: read(candidate)?.fetchedAt ?? '' })).sort((a, b) => a.at.localeCompare(b.at));
      for (const { candidate } of byAge.slice(0, all.length - KEPT)) localStorage.removeItem(candidate);
    }
  } catch {
    // A full storage only costs the offline copy.
  }
}

/** The latest kept answer to a call for this person and company, whatever its query. */
function latest<T>(accountId: number, path: string, company: unknown): Kept<T> | null {
  const start = `${PREFIX}${company}:${accountId}:${path}?`;
  let best: Kept<T> | null = null;
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(start)) continue;
    const kept = read<T>(key);
    if (kept && (!best || kept.fetchedAt > best.fetchedAt)) best = kept;
  }
  return best;
}

/** The kept answer to exactly this question, to paint before the server answers. */
export function keptAnswer<T>(accountId: number, path: string, query: KeptQuery): Fetched<T> | undefined {
  const kept = read<T>(keyOf(accountId, path, query));
  return kept ? { ...kept, fromDevice: true } : undefined;
}

/** Asks the server and keeps its answer; without the network, answers from what the device kept. */
export async function fetchKeeping<T>(accountId: number, path: string, query: KeptQuery): Promise<Fetched<T>> {
  const key = keyOf(accountId, path, query);
  try {
    const data = await apiData<T>(path, { query: cleanQuery(query) as Record<string, string | number> });
    const answer = { data, fetchedAt: new Date().toISOString(), query };
    keep(key, answer);
    return { ...answer, fromDevice: false };
  } catch (error) {
    const kept = isOffline(error) ? (read<T>(key) ?? latest<T>(accountId, path, query.company)) : null;
    if (kept) return { ...kept, fromDevice: true };
    throw error;
  }
}
