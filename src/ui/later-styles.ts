/**
 * The styles of the components a cold start's first frame does not draw (mantine-styles-later.ts):
 * fetched once, after that frame (after-first-paint.tsx waits for them before showing what it
 * deferred) or before a screen other than sign-in and the dashboard is first shown
 * (src/routes/__root.tsx). A failed fetch (offline before the worker had precached it) resolves
 * too: the screen shows unstyled parts rather than none.
 */
let loading: Promise<void> | null = null;

export function laterStyles(): Promise<void> {
  loading ??= import('./mantine-styles-later').then(
    () => undefined,
    () => undefined,
  );
  return loading;
}

/** The screens a cold start opens that paint with the first-paint sheets alone (mantine-styles.ts). */
const FIRST_PAINT_PATHS = new Set(['/login', '/dashboard']);

export function paintsWithoutLaterStyles(pathname: string): boolean {
  return FIRST_PAINT_PATHS.has(pathname.replace(/\/+$/, ''));
}
