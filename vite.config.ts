import fs from 'node:fs';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { coldStart } from './scripts/cold-start-plugin';
import { officeChunks } from './scripts/office-chunks';
import { precompress } from './scripts/precompress-plugin';
import { rechartsFirstHalf } from './scripts/recharts-split';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3001';

/** What the service worker downloads on install (the whole offline app) stays under this. */
const PRECACHE_BUDGET_BYTES = 2.5 * 1024 * 1024;

/** The route chunks a cold start loads: /dashboard in its workspace layout (one file), /login in its own. */
const COLD_START_ROUTES = /^assets\/(cold-start|_login|login)-[\w-]{8}\.js$/;
/** /dashboard's route modules (TanStack's split components), gathered in one file named in its HTML. */
const dashboardStart = coldStart(
  { '/dashboard': /[\\/]src[\\/]routes[\\/]_app(\.tsx|[\\/]dashboard\.tsx)\?tsr-split=component$/ },
  /[\\/]src[\\/]routes[\\/]_login(\.tsx|[\\/]login\.tsx)\?tsr-split=component$/,
);

/** The recharts files of its first chunk (scripts/recharts-split.ts), and a module id as that real path. */
const rechartsHalf = rechartsFirstHalf();
const realFile = (id: string) => {
  const file = path.resolve(id.split('?')[0]!);
  return fs.existsSync(file) ? fs.realpathSync(file) : file;
};

export default defineConfig({
  // The path aliases of tsconfig.base.json (@contract/, @/, @server/, @tests/), for the app and the service worker.
  resolve: { tsconfigPaths: true },
  plugins: [
    // Must come before react(): a wrong order makes route splitting fail silently (perf-rel.md 1.5).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    // Installable, offline app (docs/architecture.md "Offline-first"): our own worker in sw/sw.ts,
    // updates by prompt only (docs/offline-sync.md "Service worker updates"), registered by src/app/pwa/register-sw.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // The icons and other public files are precached by globPatterns below; listing them here
      // as well would put each of them in the precache list twice.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Sales Field – Quản lý bán hàng',
        short_name: 'Sales Field',
        description: 'Quản lý bán hàng và phân phối cho doanh nghiệp dược phẩm và thương mại',
        lang: 'vi',
        dir: 'ltr',
        // The colour of the app's top bar (app-layout.module.css .header: --mantine-color-body, white in
        // the light scheme the app uses), so the browser's and the system's bars continue it. Mantine's
        // teal[9] (#087f5b, the theme's primary shade) is the buttons' colour, not the bar's; #0b7285 (the
        // logo's, Mantine cyan[9]) stays the icons' ground. index.html's theme-color says the same
        // (tests/e2e/pwa-offline.test.ts compares both with the header as drawn).
        theme_color: '#ffffff',
        background_color: '#ffffff',
        display: 'standalone',
        orientation: 'any',
        start_url: '/dashboard',
        scope: '/',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the installed icon (docs/offline-sync.md "Installing the app"). "Hôm nay" opens
        // /visits: the app has no day plan, and a rep's day is the check-in there and its list of visits.
        // Icons and screenshots: scripts/capture-install-screenshots.ts.
        shortcuts: [
          {
            name: 'Tạo đơn hàng',
            short_name: 'Tạo đơn',
            url: '/order/create',
            description: 'Lên đơn hàng mới cho khách, kể cả khi không có mạng',
            icons: [{ src: '/icons/shortcut-order.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Khách hàng',
            short_name: 'Khách hàng',
            url: '/customers',
            description: 'Tìm khách hàng, xem thông tin và thêm khách hàng mới',
            icons: [{ src: '/icons/shortcut-customers.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Ghé thăm hôm nay',
            short_name: 'Hôm nay',
            url: '/visits',
            description: 'Check-in tại khách hàng và xem các lượt ghé thăm của bạn',
            icons: [{ src: '/icons/shortcut-today.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
        // Chromium's richer install dialog: at least one wide and one narrow picture of the real app.
        screenshots: [
          {
            src: '/screenshots/phone-dashboard.webp',
            sizes: '780x1688',
            type: 'image/webp',
            form_factor: 'narrow',
            label: 'Trang chủ trên điện thoại: mọi chức năng bán hàng trong một chạm',
          },
          {
            src: '/screenshots/desktop-dashboard.webp',
            sizes: '1280x800',
            type: 'image/webp',
            form_factor: 'wide',
            label: 'Tổng quan trên máy tính: KPI tháng, doanh thu và đơn hàng',
          },
        ],
      },
      injectManifest: {
        // One classic script: no module-worker support needed, and nothing for the CSP to refuse.
        rollupFormat: 'iife',
        // Everything the app needs with the network off: every chunk (routes are split), styles,
        // the shell, the icons and the address picker's province/ward files (public/address, ~280 kB
        // raw: a customer can be created offline in any province). The plugin adds
        // manifest.webmanifest itself. The barcode decoder's WebAssembly (450 kB) comes after the
        // install, in the background, and the worker keeps it (sw/sw.ts "Barcode decoder").
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', 'address/*.json'],
        // Precompressed copies are for the server, never cached twice. The office screens of each
        // feature (<feature>-office*: components/office and components/online with what only they
        // use, scripts/office-chunks.ts) need the server for everything they show, so they are
        // fetched when first opened instead of taking the phone's precache (src/ui/online-screen.tsx);
        // the Excel reader likewise. The report pages and their charts (reports-*) too: the service worker keeps
        // them once fetched (sw/sw.ts), so a rep's report opened online reads offline later.
        // The install sheet's screenshots are for the browser's install dialog only, never the offline app.
        globIgnores: ['**/*.{gz,br}', 'assets/*-office-*', 'assets/xlsx-reader-*', 'assets/reports-*', 'screenshots/**'],
        manifestTransforms: [
          (entries) => {
            const total = entries.reduce((sum, entry) => sum + entry.size, 0);
            if (total > PRECACHE_BUDGET_BYTES) {
              throw new Error(
                `Precache ${(total / 1024).toFixed(0)} KiB > budget ${(PRECACHE_BUDGET_BYTES / 1024).toFixed(0)} KiB (docs/performance.md): ` +
                  'the offline app has grown too big for its first download.',
              );
            }
            return { manifest: entries, warnings: [] };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    dashboardStart.plugin,
    precompress(),
  ],
  build: {
    // The CSP allows no inline script; Vite's preload polyfill would be one.
    modulePreload: {
      polyfill: false,
      // The page's own files are preloaded from the HTML; a screen loaded later (a route, a dialog)
      // is fetched with what it imports, with no list of that written into the file that loads it.
      // Those lists were 349 file names, 7.5 kB gzip of the entry chunk (over a third of it) on
      // every first visit, /login's included; and they only ever help a screen opened in the first
      // seconds of a first visit: right after it the service worker has precached every file, and a
      // route is fetched on the intent to open it (src/app/router.ts defaultPreload).
      // The exception: the routes a cold start opens (the workspace layout and its dashboard, the
      // sign-in page and its layout). Without their lists each level of imports is found only when
      // the level above has arrived, a round trip each (seven levels for the dashboard); with them
      // every file is asked for at once when the route starts loading (for Lighthouse on a cold start; docs/performance.md).
      resolveDependencies: (filename, deps, { hostType }) => (hostType === 'html' || COLD_START_ROUTES.test(filename) ? deps : []),
    },
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every screen needs React and the router; left to automatic splitting they arrive as
          // a dozen small files, each paying its own request and gzip overhead on first visit.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-store|store))[\\/]/,
            },
            // The server cache is not needed to sign in (src/app/query-layer.tsx): its own file.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
            // Online-only screens by folder: each feature's components/office and components/online
            // parts with what only they use (scripts/office-chunks.ts), left out of the precache above.
            officeChunks(),
            // The system administrator's layout apart (src/routes/system.tsx loads it), so its screens'
            // file does not wait for it.
            { name: 'system-office-layout', test: /src[\\/]app[\\/]layout[\\/]system-layout\.tsx$/, includeDependenciesRecursively: false },
            // The reports' charts: recharts (under @mantine/charts) is too heavy for one chunk (60 kB), so
            // it is cut in two halves that import each other one way only (scripts/recharts-split.ts); the
            // libraries only it uses go in two more. Out of the precache too; @mantine/charts and
            // src/features/reports/components/charts stay in the charts' own file (reports-charts).
            {
              name: (id: string) => {
                const pkg = /node_modules[\\/]((?:@[\w.-]+[\\/])?[\w.-]+)[\\/]/.exec(id)?.[1];
                if (pkg === 'recharts') return rechartsHalf.has(realFile(id)) ? 'reports-chart-recharts-a' : 'reports-chart-recharts-b';
                if (!pkg) return null;
                if (/^(victory-vendor|d3-[\w-]+|internmap)$/.test(pkg)) return 'reports-chart-d3';
                // Only what recharts alone uses: a package the app shares (clsx…) stays in the precached files.
                if (
                  /^(@reduxjs[\\/]toolkit|redux|react-redux|redux-thunk|immer|reselect|decimal\.js-light|eventemitter3|es-toolkit|use-sync-external-store|react-is|tiny-invariant)$/.test(
                    pkg,
                  )
                )
                  return 'reports-chart-libs';
                return null;
              },
              includeDependenciesRecursively: false,
            },
            // The Excel reader (src/lib/import-file.ts loads it when a file is chosen): online-only,
            // out of the precache above.
            { name: 'xlsx-reader', test: /src[\\/]lib[\\/]xlsx-reader\.ts$|node_modules[\\/](read-excel-file|fflate)[\\/]/ },
            // The search-parameter rules the route tree reads for every route (validateSearch), which
            // the first visit loads whatever the page: one file instead of a dozen tiny ones.
            {
              name: 'route-search',
              test: /[\\/](employee-filter|customer-filter|order-filter-search|dashboard-search|saved-filters|page-query|order-print-format|customers-tabs|kpi|orders-status|fold)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // What /dashboard's layout and page use beyond the entry, in one file (scripts/cold-start-plugin.ts).
            dashboardStart.group,
            // The Mantine pieces every screen draws (sign-in included): one file instead of thirty.
            {
              name: 'ui',
              test: /node_modules[\\/]@mantine[\\/](hooks[\\/]|core[\\/]esm[\\/](core[\\/]|utils[\\/]|components[\\/](Box|Button|Input|InputBase|Text|Title|Stack|Group|Loader|Transition|Paper|Center|ActionIcon|CloseButton|TextInput|PasswordInput|Checkbox|Alert|Anchor|ThemeIcon|SimpleGrid|Container|UnstyledButton|Badge|Card|Flex)[\\/]))/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
});
