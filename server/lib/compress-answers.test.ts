import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESS_FROM_BYTES, compressAnswers } from './compress-answers';

const big = { code: 200, data: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Nhà thuốc Minh Châu ${i}` })) };
const small = { code: 200, data: { id: 1 } };

const app = new Hono();
app.use('*', compressAnswers());
app.get('/big', (c) => c.json(big));
app.get('/small', (c) => c.json(small));
app.post('/big', (c) => c.json(big));
app.get('/file', (c) => c.body('x'.repeat(COMPRESS_FROM_BYTES * 2), 200, { 'content-type': 'text/csv' }));

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed answers', () => {
  it('sends a large JSON answer in brotli or gzip, as the client accepts, with the same JSON inside', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const brotli = await get('/big', 'gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/);
    const packed = Buffer.from(await brotli.arrayBuffer());
    expect(packed.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(packed).toString())).toEqual(big);

    const gzip = await get('/big', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(big);
  });

  it('sends plain JSON to a client that accepts neither, to a small answer, to a POST and for other types', async () => {
    const answers: [Response, unknown][] = [
      [await get('/big'), big],
      [await get('/big', 'br;q=0, gzip;q=0, identity'), big],
      [await get('/small', 'br'), small],
    ];
    for (const [answer, sent] of answers) {
      expect(answer.headers.get('content-encoding')).toBeNull();
      expect(await answer.json()).toEqual(sent);
    }
    const posted = await app.request('/big', { method: 'POST', headers: { 'accept-encoding': 'br' } });
    expect(posted.headers.get('content-encoding')).toBeNull();
    expect((await get('/file', 'br')).headers.get('content-encoding')).toBeNull();
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
