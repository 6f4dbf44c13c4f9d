/**
 * The caller's address, for throttling and session records.
 *
 * Behind proxies (TRUST_PROXY), `X-Forwarded-For` is a list each proxy appends to: the entries on
 * the left are whatever the caller sent, only those the trusted proxies appended can be believed.
 * With `trustedHops` proxies in front of the server, the client is the `trustedHops`-th entry from
 * the right (the left-most entry would let anyone pick their address, and so their throttle).
 */
import net from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The address `trustedHops` proxies vouch for in an X-Forwarded-For value, or null. */
export function forwardedClient(header: string | undefined, trustedHops: number): string | null {
  if (!header || trustedHops < 1) return null;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  // Fewer entries than proxies: the left-most was still appended by one of them.
  const entry = entries[Math.max(0, entries.length - trustedHops)]!;
  return net.isIP(entry) ? entry : null;
}

export function clientIp(c: Context, trustedHops: number): string {
  const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustedHops);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
