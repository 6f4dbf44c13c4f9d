/**
 * Serves the built client from the same process as the API. Hashed assets are cached for a year;
 * index.html, the service worker and the manifest are revalidated on every load so an update is
 * seen at once (vite-plugin-pwa #770/#775: stale shells came from caching these). Every other
 * navigation answers index.html so client-side routes work on reload (/login with the sign-in
 * frame painted in HTML, login-shell.ts; /dashboard naming its route's files, below); `/api` never
 * falls back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { withLoginShell } from './login-shell';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The pages a cold start opens, with the files their route chunks import that index.html does not
 * name (written by the build, scripts/cold-start-plugin.ts). Named in the page's head, they are
 * fetched with the entry's files rather than once the entry has run its router.
 */
function readColdStart(staticDir: string): Map<string, string[]> {
  try {
    const pages = JSON.parse(fs.readFileSync(path.join(staticDir, 'cold-start.json'), 'utf8')) as Record<string, unknown>;
    return new Map(
      Object.entries(pages).flatMap(([page, files]) =>
        Array.isArray(files)
          ? [[page, files.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+$/.test(file))]]
          : [],
      ),
    );
  } catch {
    return new Map();
  }
}

/** index.html with a page's route files preloaded: scripts as module preloads, styles as the page's stylesheets. */
export function withPreloads(indexHtml: string, files: string[]): string {
  const links = files.map((file) =>
    file.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="${file}">` : `<link rel="modulepreload" crossorigin href="${file}">`,
  );
  return indexHtml.replace('</head>', `${links.join('')}</head>`);
}

export function hasBuiltApp(staticDir: string): boolean {
  return fs.existsSync(path.join(staticDir, 'index.html'));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono env works here
export function mountBuiltApp(app: Hono<any>, staticDir: string): void {
  const indexHtml = path.join(staticDir, 'index.html');
  const coldStart = readColdStart(staticDir);

  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api')) return;
    if (c.res.status !== 200 && c.res.status !== 206) return;
    const cacheable = c.req.path.startsWith('/assets/') || c.req.path.startsWith('/wasm/');
    c.res.headers.set('Cache-Control', cacheable ? IMMUTABLE : NO_CACHE);
  });

  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api')) return next();
    return serveStatic({ root: staticDir, precompressed: true })(c, next);
  });

  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api')) return next();
    // A missing file with an extension is a real 404, not a route of the app.
    if (path.extname(c.req.path) !== '') return c.text('Không tìm thấy tệp', 404);
    const html = await fs.promises.readFile(indexHtml, 'utf8');
    if (c.req.path === '/login') return c.html(withLoginShell(html));
    const preloads = coldStart.get(c.req.path);
    return c.html(preloads ? withPreloads(html, preloads) : html);
  });
}
