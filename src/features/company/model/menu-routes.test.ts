/**
 * The menu, the routes and the page permissions are three lists kept by hand: a route added without
 * its permission is open to every member, and a menu link to a path no route serves is a dead end.
 * These checks read the generated route tree (src/route-tree.gen.ts, what the router really serves)
 * and fail on either.
 */
import { describe, expect, it } from 'vitest';
import { FEATURE_CODES, REPORT_CONFIG_KEYS, type FeatureFlags } from '@contract/company-switches';
import { COMPANY_TYPES } from '@contract/company';
import { pagePermission } from '@/session/page-permissions';
import routeTree from '@/route-tree.gen.ts?raw';
import { BOTTOM_NAV, buildMenu, menuLinks } from './menu';

/** Pages any member (or anyone) may open, each with why it needs no permission of a role. */
const OPEN_PAGES: Record<string, string> = {
  '/': 'sends a visitor on to the dashboard or the sign-in page',
  '/login': 'signing in',
  '/register': 'opening an account',
  '/forgot-password': 'resetting a password',
  '/403': 'says a page is not allowed',
  '/onboard': 'choosing, creating or asking to join a company, before any membership',
  '/my-account': "the person's own account",
  '/my-account/edit': "the person's own account",
  '/notifications': "the person's own notices",
  '/diagnostics': "this device's sync state, the rep's own outbox",
  '/join-requests': 'every member sees who asked; only the owner decides (the page and company.routes.ts say so)',
  '/system': "the system administrator's area, behind its own layout (src/routes/system.tsx) and the server's admin check",
};

function servedPaths(): string[] {
  const block = routeTree.slice(routeTree.indexOf('fullPaths:'), routeTree.indexOf('fileRoutesByTo: FileRoutesByTo'));
  const paths = [...block.matchAll(/'([^']+)'/g)].map((match) => match[1]!.replace(/(.)\/$/, '$1'));
  return [...new Set(paths)];
}

const isOpen = (route: string) => Object.keys(OPEN_PAGES).some((open) => route === open || (open !== '/' && route.startsWith(`${open}/`)));

describe('routes, menu and page permissions', () => {
  const served = servedPaths();

  it('reads the route tree', () => {
    expect(served).toContain('/dashboard');
    expect(served).toContain('/order/$id');
    expect(served.length).toBeGreaterThan(40);
  });

  it('gives every page a permission of a role, or names why it needs none', () => {
    const unguarded = served.filter((route) => pagePermission(route) === null && !isOpen(route));
    expect(unguarded, 'pages open to every member: add them to src/session/page-permissions.ts').toEqual([]);
  });

  it('names no open page the router does not serve', () => {
    expect(Object.keys(OPEN_PAGES).filter((open) => !served.includes(open))).toEqual([]);
  });

  it('links only to pages the router serves, whatever the switches and the kind of company', () => {
    const allOn: FeatureFlags = Object.fromEntries([...FEATURE_CODES, ...REPORT_CONFIG_KEYS].map((code) => [code, true]));
    const links = COMPANY_TYPES.flatMap((companyType) => menuLinks(buildMenu({ flags: allOn, companyType })));
    const targets = [...new Set([...links, ...BOTTOM_NAV].map((link) => link.to.split('?')[0]!.replace(/(.)\/$/, '$1')))];
    expect(targets.filter((target) => !served.includes(target))).toEqual([]);
    expect(targets.length).toBeGreaterThan(20);
  });
});
