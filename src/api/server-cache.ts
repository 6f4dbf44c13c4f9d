/**
 * Reaching the server cache without loading the cache library: the router (in the first download,
 * /login included) forgets it when a session ends, and the sync engine marks it stale when this
 * device's queued work was applied on the server (a rep's order moves the dashboard and KPI
 * figures, which are read from the server). The query client registers itself here once a screen
 * that uses it has loaded (src/app/query-client.ts).
 */
type ServerCache = { clear: () => void; invalidate: () => void };

let cache: ServerCache | null = null;

export function registerServerCache(registered: ServerCache): void {
  cache = registered;
}

export function clearServerCache(): void {
  cache?.clear();
}

/** Server figures may have changed: screens showing them read them again. */
export function serverDataChanged(): void {
  cache?.invalidate();
}
