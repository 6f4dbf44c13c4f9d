/** Solved proof-of-work challenges for code requests past the threshold (contract/auth-challenge.ts). */
import { accountPaths } from '@contract/api-paths';
import { solveChallenge, type ChallengeSolution, type OtpChallenge } from '@contract/auth-challenge';
import type { TestServer } from './test-server';

/** A challenge from the server, solved as the browser does. */
export async function solvedChallenge(server: TestServer, headers: Record<string, string> = {}): Promise<ChallengeSolution> {
  const answer = await server.call<OtpChallenge>(accountPaths.otpChallenge, { body: {}, headers });
  if (answer.status !== 200) throw new Error(`otp-challenge answered ${answer.status}`);
  const challenge = answer.body.data;
  return { ...challenge, number: await solveChallenge(challenge) };
}
