/**
 * Signing in and out on this device. Sign-out follows product-spec.md §4: the session cookies and local
 * storage go, the server session is revoked, and the caller navigates to the login path.
 */
import type { LoginAnswer } from '@contract/auth';
import { clearSession, setAccessToken, setUserAccount } from '@/session/session-store';
import { logoutOnServer } from '../api/auth-api';

export function rememberSignIn(answer: LoginAnswer): void {
  setAccessToken(answer.access);
  setUserAccount(answer.account);
}

export async function signOut(): Promise<void> {
  await logoutOnServer();
  clearSession();
}
