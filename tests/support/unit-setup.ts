import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
// The synced domains, registered with the sync kernel as the app does at start.
import '@/app/sync-domains';

// Vitest runs without globals, so Testing Library cannot register its own afterEach cleanup;
// without this, components rendered by one test stay in the document for the next.
afterEach(cleanup);

// Mantine's toasts live in one store per module graph, which the files of a worker share
// (vitest.config.ts): a toast one test left must not show up in the next one's host.
beforeEach(() => notifications.clean());

// Browser APIs Mantine calls (as in mantinedev/vite-template's vitest.setup.mjs). happy-dom implements
// them already; the fallbacks only fill the gaps if the unit project is ever switched to jsdom.
if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
  if (typeof window.HTMLElement.prototype.scrollIntoView !== 'function') {
    window.HTMLElement.prototype.scrollIntoView = () => {};
  }
  // Mantine's autosizing Textarea listens to document.fonts, which happy-dom does not have.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  if (navigator.userAgent.includes('jsdom')) {
    // jsdom throws "Not implemented" for the pseudo-element argument Mantine passes.
    const { getComputedStyle } = window;
    window.getComputedStyle = (element: Element) => getComputedStyle(element);
  }
}
