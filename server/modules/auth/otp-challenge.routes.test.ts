/**
 * The proof-of-work challenge before a code by SMS (./otp-challenge.ts, docs/security.md): none
 * below the threshold; past it (2 codes from one address in 15 minutes, or a share of the
 * platform's daily budget sent) a request without a solution is refused 428 and nothing is sent
 * or counted; a solution is accepted once; a reused, expired, forged or wrong one is refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '@contract/api-paths';
import { CHALLENGE_TEXTS, solves, type ChallengeSolution, type OtpChallenge } from '@contract/auth-challenge';
import type { RegistrationStarted } from '@contract/auth-register';
import { registrations } from '@server/kernel/db/schema';
import { readEnv } from '@server/kernel/env';
import { solvedChallenge } from '@server/testing/challenge.kit';
import { addAccount, freshPhone } from '@server/testing/fixtures';
import { startTestServer, type TestServer } from '@server/testing/test-server';
import { CHALLENGE_TTL_SECONDS, issueChallenge } from './otp-challenge';

const FORGOT = accountPaths.forgotPassword;
const REGISTER = '/account/api/register-v2';
const RESEND = '/account/api/resend-otp-v2';
const PASSWORD = 'Thu@thach2026';

let server: TestServer;
beforeAll(async () => {
  // Difficulty 10 (a thousand hashes) keeps the suite fast; the production 15 is checked below.
  server = await startTestServer({ proxyHops: 1, smsChallenge: { afterSent: 1000, afterPerAddress: 2, bits: 10 } });
});
afterAll(async () => {
  await server?.stop();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const forgot = (phone: string, ip: string, challenge?: unknown) =>
  server.call(FORGOT, { body: challenge === undefined ? { phone } : { phone, challenge }, headers: from(ip) });
const codesTo = (phone: string, on: TestServer = server) => on.sentCodes.filter((sent) => sent.to === phone).length;

/** Two codes asked for from `ip` (to numbers without an account: nothing is sent, both are counted). */
async function twoRequestsFrom(ip: string) {
  for (const phone of [freshPhone(), freshPhone()]) expect((await forgot(phone, ip)).status).toBe(200);
}

describe('the challenge route', () => {
  it('issues a signed challenge at the production difficulty, expiring in 5 minutes', async () => {
    expect(readEnv({}).smsChallenge).toEqual({ afterSent: 500, afterPerAddress: 2, bits: 15 });
    expect(readEnv({ SMS_DAILY_BUDGET: '100' }).smsChallenge.afterSent).toBe(25);
    const answer = await server.call<OtpChallenge>(accountPaths.otpChallenge, { body: {} });
    expect(answer.status).toBe(200);
    const challenge = answer.body.data;
    expect(challenge).toEqual({
      algorithm: 'SHA-256',
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
      bits: 10,
      expires_at: expect.any(Number),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(Math.abs(challenge.expires_at - (Date.now() / 1000 + CHALLENGE_TTL_SECONDS))).toBeLessThan(5);
  });
});

describe('forgot_password past the threshold', () => {
  it('asks nothing of the first two requests from an address, and refuses the third without a challenge: nothing sent, nothing counted', async () => {
    const user = await addAccount(server.deps.db);
    const ip = '10.9.0.1';
    await twoRequestsFrom(ip);
    const refused = await forgot(user.phone, ip);
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([428, 'CHALLENGE_REQUIRED', CHALLENGE_TEXTS.required]);
    expect(codesTo(user.phone)).toBe(0);
    // Nothing was counted: the phone's one-a-minute limit does not hold back the solved request.
    const solved = await forgot(user.phone, ip, await solvedChallenge(server));
    expect(solved.status).toBe(200);
    expect(codesTo(user.phone)).toBe(1);
    // Another address is below the threshold still.
    const other = await addAccount(server.deps.db);
    expect((await forgot(other.phone, '10.9.0.2')).status).toBe(200);
    expect(codesTo(other.phone)).toBe(1);
  });

  it('accepts a solution once: the same one again is refused and sends nothing', async () => {
    const [first, second] = [await addAccount(server.deps.db), await addAccount(server.deps.db)];
    const ip = '10.9.1.1';
    await twoRequestsFrom(ip);
    const solution = await solvedChallenge(server);
    expect((await forgot(first.phone, ip, solution)).status).toBe(200);
    const reused = await forgot(second.phone, ip, solution);
    expect([reused.status, reused.body.error, reused.body.message]).toEqual([400, 'CHALLENGE_INVALID', CHALLENGE_TEXTS.used]);
    expect(codesTo(second.phone)).toBe(0);
  });

  it('refuses an expired, forged or wrong solution, and sends nothing', async () => {
    const user = await addAccount(server.deps.db);
    const ip = '10.9.2.1';
    await twoRequestsFrom(ip);
    const expect400 = async (challenge: unknown, message: string) => {
      const answer = await forgot(user.phone, ip, challenge);
      expect([answer.status, answer.body.error, answer.body.message]).toEqual([400, 'CHALLENGE_INVALID', message]);
    };

    const old = await issueChallenge(server.deps, new Date(Date.now() - (CHALLENGE_TTL_SECONDS + 1) * 1000));
    await expect400({ ...old, number: await firstNumber(old, true) }, CHALLENGE_TEXTS.expired);

    const good = await solvedChallenge(server);
    // Forged: an easier difficulty, a later expiry, another salt or a made-up signature than what was signed.
    await expect400({ ...good, bits: 1 }, CHALLENGE_TEXTS.invalid);
    await expect400({ ...good, expires_at: good.expires_at + 3600 }, CHALLENGE_TEXTS.invalid);
    await expect400({ ...good, salt: 'f'.repeat(32) }, CHALLENGE_TEXTS.invalid);
    await expect400({ ...good, signature: '0'.repeat(64) }, CHALLENGE_TEXTS.invalid);
    // Signed by the server but a number that does not solve it.
    await expect400({ ...good, number: await firstNumber(good, false) }, CHALLENGE_TEXTS.invalid);
    // Malformed: refused by the body's check.
    const malformed = await forgot(user.phone, ip, { salt: good.salt, number: 'x' });
    expect([malformed.status, malformed.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect(codesTo(user.phone)).toBe(0);
    // None of them spent the good one.
    expect((await forgot(user.phone, ip, good)).status).toBe(200);
    expect(codesTo(user.phone)).toBe(1);
  });

  it('asks every address once the platform has sent its share of the daily budget', async () => {
    const shared = await startTestServer({ proxyHops: 1, smsChallenge: { afterSent: 2, afterPerAddress: 2, bits: 10 } });
    try {
      const users = [await addAccount(shared.deps.db), await addAccount(shared.deps.db), await addAccount(shared.deps.db)];
      const send = (phone: string, ip: string, challenge?: ChallengeSolution) =>
        shared.call(FORGOT, { body: { phone, challenge }, headers: from(ip) });
      expect((await send(users[0]!.phone, '10.8.0.1')).status).toBe(200);
      expect((await send(users[1]!.phone, '10.8.0.2')).status).toBe(200);
      const fresh = await send(users[2]!.phone, '10.8.0.3');
      expect([fresh.status, fresh.body.error]).toEqual([428, 'CHALLENGE_REQUIRED']);
      expect(codesTo(users[2]!.phone, shared)).toBe(0);
      expect((await send(users[2]!.phone, '10.8.0.3', await solvedChallenge(shared))).status).toBe(200);
      expect(codesTo(users[2]!.phone, shared)).toBe(1);
    } finally {
      await shared.stop();
    }
  });

  it('solves the production difficulty (15 bits) and the server accepts it', async () => {
    const production = await startTestServer({ proxyHops: 1, smsChallenge: { afterSent: 0, afterPerAddress: 0, bits: 15 } });
    try {
      const user = await addAccount(production.deps.db);
      const solution = await solvedChallenge(production);
      expect(solution.bits).toBe(15);
      const answer = await production.call(FORGOT, { body: { phone: user.phone, challenge: solution }, headers: from('10.7.0.1') });
      expect(answer.status).toBe(200);
      expect(codesTo(user.phone, production)).toBe(1);
    } finally {
      await production.stop();
    }
  });
});

describe('registration past the threshold', () => {
  const form = (phone: string, challenge?: ChallengeSolution) => ({
    phone,
    full_name: 'Đỗ Minh Khoa',
    password: PASSWORD,
    password_confirm: PASSWORD,
    ...(challenge ? { challenge } : {}),
  });

  it('refuses register-v2 and resend-otp-v2 without a solution (nothing made, nothing sent) and takes them with one', async () => {
    const ip = '10.9.3.1';
    await twoRequestsFrom(ip);
    const phone = freshPhone();
    const refused = await server.call(REGISTER, { body: form(phone), headers: from(ip) });
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([428, 'CHALLENGE_REQUIRED', CHALLENGE_TEXTS.required]);
    expect(codesTo(phone)).toBe(0);
    expect(await server.deps.db.select().from(registrations).where(eq(registrations.phone, phone))).toHaveLength(0);

    const started = await server.call<RegistrationStarted>(REGISTER, {
      body: form(phone, await solvedChallenge(server)),
      headers: from(ip),
    });
    expect(started.status).toBe(201);
    expect(codesTo(phone)).toBe(1);

    const token = started.body.data.access_token;
    const resent = await server.call(RESEND, { body: { access_token: token }, headers: from(ip) });
    expect([resent.status, resent.body.error]).toEqual([428, 'CHALLENGE_REQUIRED']);
    expect(codesTo(phone)).toBe(1);
    const forged = await server.call(RESEND, {
      body: { access_token: token, challenge: { ...(await solvedChallenge(server)), signature: 'a'.repeat(64) } },
      headers: from(ip),
    });
    expect([forged.status, forged.body.error, forged.body.message]).toEqual([400, 'CHALLENGE_INVALID', CHALLENGE_TEXTS.invalid]);
    expect(codesTo(phone)).toBe(1);
  });
});

/** The first number from 0 that does (or does not) solve the challenge. */
async function firstNumber(challenge: Pick<OtpChallenge, 'salt' | 'bits'>, solving: boolean): Promise<number> {
  for (let number = 0; ; number += 1) if ((await solves(challenge, number)) === solving) return number;
}
