import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOADER_HASH } from './login-shell';
import { mountBuiltApp } from './static-files';

let dir: string;
const app = new Hono();
const script = 'console.log("Xin chào");'.repeat(100);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  // The head as Vite writes it: the entry script and the preloads of its imports.
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Sales Field</title><script type="module" crossorigin src="/assets/app-abc123.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/framework-abc123.js"></head><div id="root"></div>',
  );
  // What the build writes for the pages a cold start opens (scripts/cold-start-plugin.ts); a name
  // outside /assets/ is not the build's and is left out.
  fs.writeFileSync(
    path.join(dir, 'cold-start.json'),
    JSON.stringify({
      '/dashboard': ['/assets/cold-start-abc123.js', '/assets/cold-start-abc123.css', 'https://evil.example/x.js', '/assets/"><script>'],
    }),
  );
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), zlib.gzipSync(script));
  mountBuiltApp(app, dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('built app files', () => {
  it('sends the build’s Brotli or gzip copy to a browser that accepts it, as JavaScript, cached for good', async () => {
    const brotli = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(script);

    const gzip = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers the app for a route and a real 404 for a missing file', async () => {
    const route = await app.request('/order/create');
    expect([route.status, route.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(await route.text()).toContain('Sales Field');
    expect((await app.request('/assets/missing-1.js')).status).toBe(404);
  });

  it('paints the sign-in frame in the HTML of /login only, as an overlay that takes no input', async () => {
    const login = await (await app.request('/login')).text();
    expect(login).toMatch(/<div id="login-shell" inert aria-hidden="true">.*<\/div><div id="root"><\/div>/s);
    expect(login).toContain('Dùng số điện thoại đã đăng ký để đăng nhập.');
    for (const route of ['/', '/customers', '/login/extra']) expect(await (await app.request(route)).text()).not.toContain('login-shell');
  });

  it('asks for the scripts of /login only once its frame is painted, by the one inline script the policy allows', async () => {
    const login = await (await app.request('/login')).text();
    expect(login).not.toContain('<script type="module"');
    expect(login).not.toContain('<link rel="modulepreload"');
    const files = /<script type="application\/json" id="login-app">(.*?)<\/script>/.exec(login)?.[1];
    expect(JSON.parse(files ?? 'null')).toEqual({ entry: '/assets/app-abc123.js', preload: ['/assets/framework-abc123.js'] });
    const inline = [...login.matchAll(/<script>(.*?)<\/script>/gs)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    expect(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`).toBe(LOGIN_LOADER_HASH);
    expect(inline[0]).toContain("'first-contentful-paint'");
    const dashboard = await (await app.request('/dashboard')).text();
    expect(dashboard).toContain('<script type="module" crossorigin src="/assets/app-abc123.js"></script>');
    expect(dashboard).not.toContain('<script>');
  });

  it('names the files of /dashboard’s route in its head, so they come with the entry’s, and no other page’s', async () => {
    const dashboard = await (await app.request('/dashboard')).text();
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/cold-start-abc123.js"><link rel="stylesheet" crossorigin href="/assets/cold-start-abc123.css"></head>',
    );
    expect(dashboard).not.toContain('evil.example');
    expect(dashboard).not.toContain('<script>');
    for (const route of ['/', '/order/create', '/dashboard/x']) expect(await (await app.request(route)).text()).not.toContain('cold-start');
  });
});
