import './ui/mantine-styles';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
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
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// After the first render: the worker and workbox-window stay off the first screen's critical path.
startServiceWorker();
