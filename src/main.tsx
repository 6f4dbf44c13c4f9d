import './ui/mantine-styles';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/route-meta';
import { AppProviders } from './app/providers';
import { captureInstallPrompt } from './app/pwa/install-prompt';
import { startServiceWorker } from './app/pwa/register-sw';
import { createAppRouter } from './app/router';
import { refreshSessionSnapshot } from './session/session-store';

// Chromium may fire beforeinstallprompt before anything renders.
captureInstallPrompt();
// Cookies may have changed in another tab (sign-out, workspace switch).
window.addEventListener('focus', refreshSessionSnapshot);

// It registers the worker after the page's load event and first paint (register-sw.ts), so the worker
// and workbox-window stay off the first screen's critical path.
startServiceWorker();

/**
 * A task of its own for the next step of start-up. Evaluating the modules, building the router,
 * resolving the route and rendering ran as one task of 45–50 ms at full CPU speed, four times that
 * on Lighthouse's mid-range phone, nearly all of it blocking time (docs/performance.md). Split, each step takes
 * 10–18 ms here, and input that arrives in between is handled.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The route is resolved before the first render, so that render holds the whole first screen and
  // runs as a transition: React builds it in slices of a few milliseconds instead of one task of
  // 50 ms at full CPU speed. Rendered first and resolved after, the route's screen came from the
  // router's store, which React renders in one block. A load that fails renders anyway: the router
  // shows its error.
  await router.load().catch(() => undefined);
  await nextTask();
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
void start(root);
