/**
 * Whether a request was made by a page of another site (docs/security.md "Origin checks"). The browser attaches the
 * refresh cookie by itself, so a call it authenticates (refresh, logout) must come from the app's
 * own pages: SameSite=Strict keeps the cookie off most cross-site requests, and this refuses the
 * rest. Browsers say where a request comes from in headers page scripts cannot set:
 * `Sec-Fetch-Site` (every current browser), else `Origin` (sent with every POST). A request with
 * neither was not made by a web page (curl, the tests, a server) and cannot be a forged one.
 */

type Headers = { header: (name: string) => string | undefined };

/** `host` is the request's own host (the Host header, or what the trusted proxy forwarded). */
export function isCrossOrigin(req: Headers, host: string | undefined): boolean {
  const site = req.header('sec-fetch-site')?.toLowerCase();
  if (site) return site !== 'same-origin';
  const origin = req.header('origin');
  if (origin === undefined) return false;
  try {
    return !host || new URL(origin).host.toLowerCase() !== host.toLowerCase();
  } catch {
    // "null" (a sandboxed frame, a file), or garbage.
    return true;
  }
}
