/**
 * Code requests past the server's threshold are answered 428 CHALLENGE_REQUIRED: the request is
 * sent again with a solved proof-of-work challenge (contract/auth-challenge.ts), transparently.
 */
import { accountPaths } from '@contract/api-paths';
import type { ChallengeSolution, OtpChallenge } from '@contract/auth-challenge';
import { ApiError } from '@/api/api-error';
import { apiData } from '@/api/client';

/** Asks the server for a challenge and finds its number (about a second on a low-end phone). */
export async function solvedChallenge(): Promise<ChallengeSolution> {
  // The solver comes only when a challenge is asked for: /login's first visit does not carry it.
  const challenge = await apiData<OtpChallenge>(accountPaths.otpChallenge, { body: {}, auth: false });
  const { solveChallenge } = await import('@contract/auth-challenge');
  return { ...challenge, number: await solveChallenge(challenge) };
}

/**
 * Sends the request; when the server asks for a challenge, solves one (`onVerifying(true)` while it
 * works, so the screen can say "Đang xác minh…") and sends the same request again with it. Any
 * other refusal, and one of the solution, is thrown as is (the server's Vietnamese message).
 */
export async function withChallenge<T>(
  send: (challenge?: ChallengeSolution) => Promise<T>,
  onVerifying?: (verifying: boolean) => void,
  solve: () => Promise<ChallengeSolution> = solvedChallenge,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'CHALLENGE_REQUIRED') throw error;
  }
  onVerifying?.(true);
  let solution: ChallengeSolution;
  try {
    solution = await solve();
  } finally {
    onVerifying?.(false);
  }
  return send(solution);
}
