/**
 * Forgetting cached server data without loading the cache library: the router (in the first
 * download, /login included) calls `clearServerCache()` when a session ends; the query client
 * registers itself here once a screen that uses it has loaded (src/app/query-client.ts).
 */
let clear: (() => void) | null = null;

export function registerServerCache(clearCache: () => void): void {
  clear = clearCache;
}

export function clearServerCache(): void {
  clear?.();
}
