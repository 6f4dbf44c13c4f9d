/**
 * Serves the built client from the same process as the API. Hashed assets are cached for a year;
 * index.html, the service worker and the manifest are revalidated on every load so an update is
 * seen at once (vite-plugin-pwa #770/#775: stale shells came from caching these). Every other
 * navigation answers index.html so client-side routes work on reload (/login with the sign-in
 * frame painted in HTML, login-shell.ts); `/api` never falls back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { withLoginShell } from './login-shell';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function hasBuiltApp(staticDir: string): boolean {
  return fs.existsSync(path.join(staticDir, 'index.html'));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Hono env works here
export function mountBuiltApp(app: Hono<any>, staticDir: string): void {
  const indexHtml = path.join(staticDir, 'index.html');

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
    return c.html(c.req.path === '/login' ? withLoginShell(html) : html);
  });
}
