/**
 * Moving to a route as a person does once the app is loaded: through the app's router (TanStack's,
 * which the app's links use; router-core keeps it on window), waiting until the new screen has been
 * rendered. A whole page load per route cost about 1 s more each on 2 cores, which the walks over
 * every route (tests/e2e/accessibility.test.ts, tests/e2e/layout-widths.test.ts) paid a hundred times.
 * Before the app has loaded, the route is opened as a page.
 */
import type { Page } from 'playwright-core';

export async function navigateInApp(page: Page, route: string): Promise<void> {
  const moved = await page.evaluate(async (href) => {
    type Router = {
      navigate(options: { href: string }): Promise<void>;
      subscribe(event: 'onRendered', listener: () => void): () => void;
    };
    const router = (window as unknown as { __TSR_ROUTER__?: Router }).__TSR_ROUTER__;
    if (!router) return false;
    await new Promise<void>((rendered, failed) => {
      const stop = router.subscribe('onRendered', () => {
        stop();
        rendered();
      });
      router.navigate({ href }).catch(failed);
    });
    return true;
  }, route);
  if (!moved) await page.goto(route);
}
