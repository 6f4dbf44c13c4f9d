/**
 * A local push service for tests (real ones are unreachable here): an HTTPS endpoint, trusted by
 * this process only (its certificate is added to the default agent's authorities, which the
 * `web-push` package's requests use), that records what it is sent and answers as told. With it, a
 * browser's side of Web Push: a subscription's keys (RFC 8291 §2), the decryption of an aes128gcm
 * message (RFC 8188, 8291 §3.4) and the check of the VAPID signature (RFC 8292).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export type PushDelivery = { path: string; headers: Record<string, string | undefined>; body: Buffer };

export type PushEndpoint = {
  url: string;
  deliveries: PushDelivery[];
  /** The status the next deliveries are answered with (201 unless said). */
  answerWith: (status: number) => void;
  stop: () => Promise<void>;
};

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const cert = fs.readFileSync(path.join(FIXTURES, 'push-endpoint.crt'));
  const key = fs.readFileSync(path.join(FIXTURES, 'push-endpoint.key'));
  const trusted = https.globalAgent.options.ca;
  https.globalAgent.options.ca = [...(Array.isArray(trusted) ? trusted : trusted ? [trusted] : []), cert];
  const deliveries: PushDelivery[] = [];
  let status = 201;
  const server = https.createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        path: request.url ?? '',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
        ),
        body: Buffer.concat(chunks),
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `https://127.0.0.1:${port}`,
    deliveries,
    answerWith: (next) => {
      status = next;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
export function subscriberKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url'), authBytes: auth };
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** Decrypts an aes128gcm Web Push message with the subscriber's keys (one record, as web-push sends). */
export function decryptPush(body: Buffer, keys: ReturnType<typeof subscriberKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = hkdf(keys.authBytes, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` against the server's public key; the JWT's claims. */
export async function verifyVapid(authorization: string | undefined, publicKey: string): Promise<JWTPayload> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  if (match[2] !== publicKey) throw new Error('signed with another key');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
  const { payload } = await jwtVerify(match[1]!, await importJWK(jwk, 'ES256'));
  return payload;
}
