/** Account calls used by sign-in, password and profile screens. */
import { accountPaths } from '@contract/api-paths';
import type { LoginAnswer } from '@contract/auth';
import { apiData, apiRequest } from '@/api/client';
import { withChallenge } from './otp-challenge';

export function login(phone: string, password: string, remember: boolean): Promise<LoginAnswer> {
  return apiData<LoginAnswer>(accountPaths.login, { body: { phone, password, remember }, auth: false });
}

/** Ends the session on the server; offline or failing, the local sign-out still happens. */
export async function logoutOnServer(): Promise<void> {
  await apiRequest(accountPaths.logout, {
    method: 'POST',
    redirectOnForbidden: false,
    refreshOnUnauthorized: false,
    timeoutMs: 4000,
  }).catch(() => undefined);
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<string | undefined> {
  const answer = await apiRequest(accountPaths.changePassword, {
    method: 'PUT',
    body: { old_password: oldPassword, new_password: newPassword },
  });
  return answer.message;
}

/** Asks for a reset code; a challenge the server asks for is solved and the request sent again (./otp-challenge.ts). */
export async function requestResetCode(phone: string, onVerifying?: (verifying: boolean) => void): Promise<string | undefined> {
  return withChallenge(
    async (challenge) => (await apiRequest(accountPaths.forgotPassword, { body: { phone, challenge }, auth: false })).message,
    onVerifying,
  );
}

export function verifyResetCode(phone: string, code: string): Promise<{ reset_token: string }> {
  return apiData(accountPaths.verifyForgot, { body: { phone, code }, auth: false });
}

export async function resetPassword(resetToken: string, newPassword: string): Promise<void> {
  await apiRequest(accountPaths.resetPassword, { body: { reset_token: resetToken, new_password: newPassword }, auth: false });
}
