/**
 * Builds the benchmark page (tests/bench/browser/index.html + entry.ts) into .tmp/bench-browser/:
 * the app's real database, sync and search modules, without the app's screens. The bench server
 * serves this directory as its static root, so the page and the API share one origin (cookies,
 * CSP 'self') exactly as the app does.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  logLevel: 'warn',
  resolve: { tsconfigPaths: true },
  build: {
    outDir: path.resolve(here, '../../../.tmp/bench-browser'),
    emptyOutDir: true,
    // The server's CSP allows no inline script (server/lib/security-headers.ts).
    modulePreload: { polyfill: false },
    sourcemap: false,
    minify: true,
    target: 'es2022',
    rolldownOptions: {
      // TanStack Query's "use client" markers mean nothing outside React Server Components.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
