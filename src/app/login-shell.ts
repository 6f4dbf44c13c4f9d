/**
 * The server paints the sign-in frame in HTML on a first visit to /login (server/login-shell.ts),
 * as an overlay above the app. It goes once the app has drawn a screen of its own: the sign-in
 * form when it mounts, or whatever page the first navigation settled on (a signed-in person
 * sent on from /login).
 */
export function removeLoginShell(): void {
  document.getElementById('login-shell')?.remove();
}
