/**
 * A proxy between the browser and the app that can be unplugged, so that "offline" is real for the
 * page AND its service worker: Playwright's setOffline() does not reach the worker's own fetches
 * (playwright#2311, docs/offline-sync.md "How it is tested"), so the browser talks to the app through this proxy,
 * which drops every connection while unplugged. A file missing from the precache then fails as it
 * would on a phone in airplane mode. Tests also call setOffline() on the context, so the page sees
 * navigator.onLine === false and gets the `online` event when the network returns.
 */
import http from 'node:http';
import type net from 'node:net';

export type OfflineProxy = {
  /** Origin the browser uses, e.g. http://127.0.0.1:41235 (no trailing slash). */
  url: string;
  /** Drops every open connection and refuses new ones until set back to false. */
  setOffline: (offline: boolean) => void;
  /** Appended to /sw.js so the browser sees a new version of the worker ('' = none). */
  setWorkerSuffix: (suffix: string) => void;
  close: () => Promise<void>;
};

export async function startOfflineProxy(upstreamUrl: string): Promise<OfflineProxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<net.Socket>();
  let offline = false;
  let workerSuffix = '';

  const server = http.createServer((request, response) => {
    if (offline) {
      request.socket.destroy();
      return;
    }
    const rewrite = workerSuffix !== '' && request.method === 'GET' && request.url?.split('?')[0] === '/sw.js';
    const headers = { ...request.headers };
    if (rewrite) {
      // A whole, uncompressed body to append to, and no 304 from an earlier validator.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        if (!rewrite || answer.statusCode !== 200) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(workerSuffix)]);
          const { etag: _etag, 'last-modified': _lastModified, 'content-length': _length, ...rest } = answer.headers;
          response.writeHead(200, { ...rest, 'content-length': String(body.length) });
          response.end(body);
        });
      },
    );
    // The app dropped the connection (or is gone): the browser sees its connection dropped too.
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  server.on('connection', (socket) => {
    if (offline) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setOffline(value) {
      offline = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    setWorkerSuffix(suffix) {
      workerSuffix = suffix;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
