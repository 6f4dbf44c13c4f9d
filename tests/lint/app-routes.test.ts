/**
 * The browser tests that look at every screen walk the lists of tests/support/app-routes.ts: every
 * route of the route tree (src/route-tree.gen.ts, generated from src/routes) must be in one of
 * them, and each list may only hold routes that exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROUTES,
  DETAIL_ROUTES,
  MEMBER_ROUTES,
  PUBLIC_ROUTES,
  SYSTEM_ROUTES,
  WALKED_IN_THEIR_FLOW,
} from '@tests/support/app-routes';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The full paths the router knows, an index route's trailing '/' dropped ('/customers/' is /customers). */
export function routeTreePaths(text: string): string[] {
  const block = /interface FileRoutesByFullPath \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map(([, full]) => (full!.length > 1 ? full!.replace(/\/$/, '') : full!));
}

const walked = [
  ...MEMBER_ROUTES,
  ...DETAIL_ROUTES,
  ...ACCOUNT_ROUTES,
  ...PUBLIC_ROUTES,
  ...SYSTEM_ROUTES,
  ...Object.keys(WALKED_IN_THEIR_FLOW),
];

describe('every screen is walked', () => {
  const routes = routeTreePaths(fs.readFileSync(path.join(ROOT, 'src/route-tree.gen.ts'), 'utf8'));

  it('reads the route tree (the reader is proved on its own shape)', () => {
    expect(routeTreePaths("interface FileRoutesByFullPath {\n  '/': typeof A\n  '/order/': typeof B\n  '/order/$id': typeof C\n}")).toEqual(
      ['/', '/order', '/order/$id'],
    );
    expect(routes.length).toBeGreaterThan(80);
  });

  it('walks every route of src/routes', () => {
    expect(routes.filter((route) => !walked.includes(route))).toEqual([]);
  });

  it('lists only routes that exist, each once', () => {
    expect(walked.filter((route) => !routes.includes(route))).toEqual([]);
    expect(walked.filter((route, index) => walked.indexOf(route) !== index)).toEqual([]);
  });
});
