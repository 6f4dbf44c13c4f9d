/**
 * Events the simulated Zalo pushes to an app's webhook (docs/messaging.md "Conversations"): what a
 * user does (user_send_text, follow, unfollow) is sent as Zalo sends it, signed in the
 * `X-ZEvent-Signature` header as `mac=` sha256(app_id + body + timestamp + OA secret key). Zalo
 * wants an answer within 2 seconds; each delivery's status and time are kept for tests to read.
 */
import crypto from 'node:crypto';
import type { SimApp } from './world';

export type Delivery = { event: string; url: string; status: number | null; ms: number; body: string };

export function signEvent(app: Pick<SimApp, 'appId' | 'oaSecretKey'>, body: string, timestamp: string): string {
  return `mac=${crypto.createHash('sha256').update(`${app.appId}${body}${timestamp}${app.oaSecretKey}`).digest('hex')}`;
}

export async function deliver(
  url: string,
  app: SimApp,
  event: Record<string, unknown> & { timestamp: string; event_name: string },
): Promise<Delivery> {
  const body = JSON.stringify({ app_id: app.appId, ...event });
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-ZEvent-Signature': signEvent(app, body, event.timestamp) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { event: event.event_name, url, status: response.status, ms: Date.now() - started, body };
  } catch {
    return { event: event.event_name, url, status: null, ms: Date.now() - started, body };
  }
}
