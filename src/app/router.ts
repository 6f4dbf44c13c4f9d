/**
 * The router, its context, and the app-wide reactions to navigation and to API answers:
 * product-spec.md §2 rule 4 (saved section filters), 403 → /403, an ended session → sign-out to /login.
 */
import { createRouter } from '@tanstack/react-router';
import { setApiHandlers } from '@/api/client';
import { routeTree } from '@/route-tree.gen';
import { clearSavedFilter, recordActiveRoute, sectionToClear } from '@/session/saved-filters';
import { clearSession } from '@/session/session-store';
import { removeLoginShell } from './login-shell';
import { clearServerCache } from '@/api/server-cache';

export function createAppRouter() {
  const router = createRouter({
    routeTree,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });

  // The sign-in frame the server painted in HTML (server/login-shell.ts) gives way to the first screen.
  const stopShell = router.subscribe('onRendered', () => {
    removeLoginShell();
    stopShell();
  });

  let previousPath: string | null = null;
  router.subscribe('onResolved', ({ toLocation }) => {
    const left = sectionToClear(previousPath, toLocation.pathname);
    if (left) clearSavedFilter(left);
    recordActiveRoute(toLocation.pathname);
    previousPath = toLocation.pathname;
  });

  setApiHandlers({
    onForbidden: () => void router.navigate({ to: '/403' }),
    onSessionExpired: () => {
      clearSession();
      clearServerCache();
      void router.navigate({ to: '/login' });
    },
  });

  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
