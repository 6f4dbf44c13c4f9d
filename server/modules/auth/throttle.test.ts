/**
 * The attempt limits of sign-in, change of password and forgot password under requests sent at
 * once: counted before the slow work, atomically in the database, so no more than the
 * limit get through whatever the concurrency (PGlite, and PostgreSQL with a pool of connections
 * under scripts/with-pg.sh). Also where the caller's address comes from behind a proxy, and the
 * per-address limits that must not lock out an office behind one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@server/seed/demo';
import { forwardedClient } from '@server/lib/client-ip';
import { solvedChallenge } from '@server/testing/challenge.kit';
import { addAccount } from '@server/testing/fixtures';
import { startTestServer, type ApiAnswer, type TestServer } from '@server/testing/test-server';
import { ACCOUNT_LIMIT_FACTOR } from './throttle';

const LOGIN = '/account/api/login/';
const FORGOT = '/account/api/forgot_password/';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/**
 * `n` requests sent at once, as a script would: `n` connections are opened first (kept alive by
 * fetch), so the requests leave together instead of one per new connection.
 */
async function burst<T>(n: number, send: (i: number) => Promise<ApiAnswer<T>>, on: TestServer = server): Promise<ApiAnswer<T>[]> {
  await Promise.all(Array.from({ length: n }, () => on.call('/order/api/statusorder')));
  return Promise.all(Array.from({ length: n }, (_, i) => send(i)));
}

const tally = (answers: ApiAnswer[]) => {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const key = `${answer.status} ${answer.body.error ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort());
};

describe('sign-in attempts sent at once', () => {
  it.each([12, 20])('of %i wrong passwords sent at once, 5 are checked and the rest refused before the hash', async (n) => {
    const user = await addAccount(server.deps.db);
    const answers = await burst(n, () => server.call(LOGIN, { body: { phone: user.phone, password: 'sai-mat-khau' } }));
    console.info(`${server.database.driver}: ${n} wrong passwords at once →`, tally(answers));
    expect(tally(answers)).toEqual({ '400 LOGIN_FAILED': 5, '429 LOGIN_THROTTLED': n - 5 });
    const right = await server.call(LOGIN, { body: { phone: user.phone, password: user.password } });
    expect([right.status, right.body.error], 'the account is locked for this address').toEqual([429, 'LOGIN_THROTTLED']);
  });

  it('checks a wrong current password at most 5 times when sent at once to changepassword/', async () => {
    const user = await addAccount(server.deps.db);
    const session = await server.login(user.phone, user.password);
    const answers = await burst(12, () =>
      server.call('/account/api/changepassword/', {
        method: 'PUT',
        token: session.access,
        body: { old_password: 'khong-dung-1', new_password: 'MatKhauMoi@1' },
      }),
    );
    expect(tally(answers)).toEqual({ '400 WRONG_PASSWORD': 5, '429 LOGIN_THROTTLED': 7 });
  });

  it('compares at most 5 reset codes sent at once, after which even the right code is refused', async () => {
    const user = await addAccount(server.deps.db);
    await server.call(FORGOT, { body: { phone: user.phone } });
    const code = server.sentCodes.filter((entry) => entry.to === user.phone).at(-1)!.code;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await burst(12, (i) => server.call('/account/api/verify_forgot/', { body: { phone: user.phone, code: wrong(i) } }));
    expect(tally(answers)).toEqual({ '400 OTP_INVALID': 12 });
    const right = await server.call('/account/api/verify_forgot/', { body: { phone: user.phone, code } });
    expect([right.status, right.body.error]).toEqual([400, 'OTP_INVALID']);
  });

  it('sends one code for a phone however many requests arrive at once', async () => {
    const user = await addAccount(server.deps.db);
    const limited = await startTestServer({ proxyHops: 1 });
    try {
      const answers = await burst(
        8,
        (i) => limited.call(FORGOT, { body: { phone: user.phone }, headers: { 'x-forwarded-for': `10.1.0.${i}` } }),
        limited,
      );
      expect(tally(answers)).toEqual({ '200': 1, '429 OTP_TOO_SOON': 7 });
    } finally {
      await limited.stop();
    }
  });
});

describe('per-address limits', () => {
  it('limits forgot-password requests per address, across phones (10 per 15 minutes)', async () => {
    // Past the second request the address must solve a challenge (./otp-challenge.ts): at difficulty 10 here.
    const limited = await startTestServer({ proxyHops: 1, smsChallenge: { afterSent: 500, afterPerAddress: 2, bits: 10 } });
    try {
      const send = async (phone: string, ip: string, solve = false) =>
        limited.call(FORGOT, {
          body: { phone, ...(solve ? { challenge: await solvedChallenge(limited) } : {}) },
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 0; i < 10; i += 1) expect((await send(`0977${String(i).padStart(6, '0')}`, '10.2.0.1', i >= 2)).status).toBe(200);
      const eleventh = await send('0977999999', '10.2.0.1', true);
      expect([eleventh.status, eleventh.body.error]).toEqual([429, 'OTP_TOO_SOON']);
      expect(eleventh.body.message).toMatch(/Vui lòng chờ \d+ phút/);
      expect((await send('0977999999', '10.2.0.2')).status, 'another address is not held back').toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('stops codes to phones at the platform’s daily budget, however many phones and addresses ask', async () => {
    const limited = await startTestServer({ proxyHops: 1, smsDailyBudget: 3 });
    try {
      const user = await addAccount(limited.deps.db);
      const send = (phone: string, ip: string) => limited.call(FORGOT, { body: { phone }, headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 3; i += 1) expect((await send(`0966${String(i).padStart(6, '0')}`, `10.4.0.${i}`)).status).toBe(200);
      const over = await send(user.phone, '10.4.1.1');
      expect([over.status, over.body.error]).toEqual([429, 'OTP_BUDGET']);
      expect(over.body.message).toMatch(/quá nhiều mã OTP qua SMS trong 24 giờ qua\. Vui lòng thử lại sau \d+ giờ/);
      expect(limited.sentCodes.filter((sent) => sent.to === user.phone)).toHaveLength(0);
      // The person's own counters were given back: the minute's limit does not hold them too.
      const again = await send(user.phone, '10.4.1.1');
      expect(again.body.error).toBe('OTP_BUDGET');
    } finally {
      await limited.stop();
    }
  });

  it('does not lock out, behind one address, an account that signed in from it before', async () => {
    const limited = await startTestServer({ proxyHops: 1, loginMaxFailuresPerIp: 3 });
    try {
      const office = { 'x-forwarded-for': '10.3.0.1' };
      const regular = await addAccount(limited.deps.db);
      const newcomer = await addAccount(limited.deps.db);
      expect((await limited.call(LOGIN, { body: { phone: regular.phone, password: regular.password }, headers: office })).status).toBe(200);
      // Someone in the office tries phones one after another.
      for (let i = 0; i < 3; i += 1) {
        await limited.call(LOGIN, { body: { phone: `0966${String(i).padStart(6, '0')}`, password: 'sai-mat-khau' }, headers: office });
      }
      const blocked = await limited.call(LOGIN, { body: { phone: newcomer.phone, password: newcomer.password }, headers: office });
      expect([blocked.status, blocked.body.error], 'an account new to the address waits').toEqual([429, 'LOGIN_THROTTLED']);
      const known = await limited.call(LOGIN, { body: { phone: regular.phone, password: regular.password }, headers: office });
      expect(known.status, 'an account that signed in from this address before still gets in').toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it(`limits guesses at one account from many addresses (${5 * ACCOUNT_LIMIT_FACTOR} per 15 minutes)`, async () => {
    const limited = await startTestServer({ proxyHops: 1 });
    try {
      const user = await addAccount(limited.deps.db);
      const guess = (ip: string) =>
        limited.call(LOGIN, { body: { phone: user.phone, password: 'sai-mat-khau' }, headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 5 * ACCOUNT_LIMIT_FACTOR; i += 1) expect((await guess(`10.4.${Math.floor(i / 4)}.1`)).status).toBe(400);
      expect((await guess('10.4.200.1')).status).toBe(429);
    } finally {
      await limited.stop();
    }
  });
});

describe('the client address behind a trusted proxy (TRUST_PROXY)', () => {
  it('is the entry the proxy appended, not what the caller wrote', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7', 2), 'fewer entries than proxies: the left-most, which a proxy appended').toBe('203.0.113.7');
    expect(forwardedClient('not-an-address', 1)).toBeNull();
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 0)).toBeNull();
    expect(forwardedClient('2001:db8::1', 1)).toBe('2001:db8::1');
  });

  it('throttles the real client whatever it writes in X-Forwarded-For, and only it', async () => {
    const limited = await startTestServer({ proxyHops: 1, loginMaxFailuresPerIp: 3 });
    try {
      const send = (spoofed: string, real: string) =>
        limited.call(LOGIN, {
          body: { phone: `0955${spoofed.replaceAll('.', '').slice(-6).padStart(6, '0')}`, password: 'sai-mat-khau' },
          headers: { 'x-forwarded-for': `${spoofed}, ${real}` },
        });
      for (let i = 0; i < 3; i += 1) expect((await send(`1.2.3.${i}`, '198.51.100.7')).status).toBe(400);
      const spoofing = await send('9.9.9.9', '198.51.100.7');
      expect(spoofing.status, 'a new left-most entry does not make a new address').toBe(429);
      expect((await send('1.2.3.0', '198.51.100.8')).status, 'another client behind the same proxy is not held back').toBe(400);
      const session = await limited.call(LOGIN, {
        body: { phone: DEMO.binh.phone, password: 'Demo@2026' },
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.9' },
      });
      expect(session.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
