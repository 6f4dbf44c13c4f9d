/**
 * The API's route table, read from the Hono app itself (`app.routes`), so a route added to
 * server/app.ts is fuzzed and checked for tenant isolation without editing these tests.
 */
import type { AppDeps } from '@server/kernel/app-types';
import { createApp } from '@server/app';

export type RouteEntry = { method: string; path: string; params: { name: string; pattern: string | null }[] };

export function routeTable(deps: AppDeps): RouteEntry[] {
  const app = createApp(deps);
  const seen = new Set<string>();
  const table: RouteEntry[] = [];
  for (const route of app.routes) {
    // Middleware (`use`) and catch-alls are registered as wildcard paths; every handler has a path of its own.
    if (!route.path.startsWith('/api/') || route.path.endsWith('*')) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const params = [...route.path.matchAll(/:(\w+)(?:\{([^}]+)\})?/g)].map((match) => ({ name: match[1]!, pattern: match[2] ?? null }));
    table.push({ method: route.method, path: route.path, params });
  }
  return table;
}

/** The path with its parameters filled in (each URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)(?:\{[^}]+\})?/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
}

export function routeName(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}
