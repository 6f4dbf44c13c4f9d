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

const router = createAppRouter();

// Cookies may have changed in another tab (sign-out, workspace switch).
window.addEventListener('focus', refreshSessionSnapshot);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
const reactRoot = createRoot(root);
// The route is resolved before the first render, so that render holds the whole first screen and
// runs as a transition: React builds it in slices of a few milliseconds instead of one task of
// 50 ms at full CPU speed, four times that on a mid-range phone (issue 19's blocking time). Rendered
// first and resolved after, the route's screen came from the router's store, which React renders in
// one block. A load that fails renders anyway: the router shows its error.
const renderApp = () =>
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
void router.load().then(renderApp, renderApp);

// It registers the worker after the page's load event and first paint (register-sw.ts), so the worker
// and workbox-window stay off the first screen's critical path.
startServiceWorker();
