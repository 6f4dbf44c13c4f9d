import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account, LoginAnswer } from '@contract/auth';
import type { EmailVerification, RegistrationDone, RegistrationStarted } from '@contract/auth-register';
import { accounts, loginFailures, registrations, verificationCodes } from '@server/kernel/db/schema';
import { DEMO, DEMO_PASSWORD } from '@server/seed/demo';
import { readEnv } from '@server/kernel/env';
import { solvedChallenge } from '@server/testing/challenge.kit';
import { freshPhone } from '@server/testing/fixtures';
import { lastCodeTo, refreshCookieOf, startTestServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;

beforeAll(async () => {
  // The challenge past 2 codes per address (./otp-challenge.ts) at difficulty 10, so solving stays quick.
  server = await startTestServer({ smsChallenge: { ...readEnv({}).smsChallenge, bits: 10 } });
});
afterAll(async () => {
  await server?.stop();
});
// Each test asks for codes from the same loopback address: start each one with an empty address count.
beforeEach(async () => {
  await server.deps.db.delete(loginFailures).where(like(loginFailures.key, 'otp-ip:%'));
});

const PASSWORD = 'Dang@ky2026';
const form = (phone: string, extra: Record<string, unknown> = {}) => ({
  phone,
  full_name: 'Lý Thị Mai',
  email: 'mai.ly@example.vn',
  password: PASSWORD,
  password_confirm: PASSWORD,
  ...extra,
});

async function register(phone: string, extra: Record<string, unknown> = {}) {
  const answer = await server.call<RegistrationStarted>('/account/api/register-v2', { body: form(phone, extra) });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const verify = (access_token: string, otp: string) =>
  server.call<RegistrationDone>('/account/api/verify-v2', { body: { access_token, otp } });
const resend = (access_token: string) => server.call<RegistrationStarted>('/account/api/resend-otp-v2', { body: { access_token } });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Moves a phone's last code request a minute back, as if the cooldown had passed. */
async function passCooldown(phone: string) {
  await server.deps.db
    .update(loginFailures)
    .set({ at: sql`${loginFailures.at} - interval '61 seconds'` })
    .where(eq(loginFailures.key, `otp:${phone}`));
}

describe('registration V2 (register-v2, resend-otp-v2, verify-v2)', () => {
  it('sends a code to the phone, and the right code makes the account, signed in', async () => {
    const phone = freshPhone();
    const started = await register(phone);
    expect(started.phone_hint).toBe(`${phone.slice(0, 2)}•••••${phone.slice(-3)}`);
    expect(started.resend_after).toBe(60);
    const code = lastCodeTo(server.sentCodes, phone, 'registration')!;
    expect(code).toMatch(/^\d{6}$/);
    // No account before the phone is proven.
    expect(await server.deps.db.select().from(accounts).where(eq(accounts.phone, phone))).toHaveLength(0);

    const done = await verify(started.access_token, code);
    expect(done.status).toBe(201);
    expect(done.body.data.account).toMatchObject({
      phone,
      full_name: 'Lý Thị Mai',
      email: 'mai.ly@example.vn',
      email_verified: false,
      company_data: [],
    });
    expect(refreshCookieOf(done.headers)).toBeTruthy();
    const me = await server.call<Account>(`/account/api/account/${done.body.data.account.id}/`, { token: done.body.data.access });
    expect(me.body.data.phone).toBe(phone);
    // The password chosen on the form signs in.
    await expect(server.login(phone, PASSWORD)).resolves.toMatchObject({ account: { phone } });
  });

  it('keeps only the code hashed, and spends it once', async () => {
    const phone = freshPhone();
    const started = await register(phone);
    const code = lastCodeTo(server.sentCodes, phone)!;
    const stored = await server.deps.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'registration'));
    expect(stored.some((row) => row.codeHash.includes(code))).toBe(false);
    expect((await verify(started.access_token, code)).status).toBe(201);

    const again = await verify(started.access_token, code);
    expect([again.status, again.body.error, again.body.message]).toEqual([
      400,
      'REGISTRATION_TOKEN_INVALID',
      'Số tài khoản không hợp lệ. Vui lòng kiểm tra lại.',
    ]);
  });

  it('refuses a wrong code with the spec text, and after five tries even the right one', async () => {
    const phone = freshPhone();
    const started = await register(phone);
    const code = lastCodeTo(server.sentCodes, phone)!;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await verify(started.access_token, wrong(code));
      expect([answer.status, answer.body.message, answer.body.fields?.otp]).toEqual([
        400,
        'Mã OTP không đúng hoặc đã hết hạn',
        'Mã OTP không đúng hoặc đã hết hạn',
      ]);
    }
    expect((await verify(started.access_token, code)).body.error).toBe('OTP_INVALID');
    expect(await server.deps.db.select().from(accounts).where(eq(accounts.phone, phone))).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const phone = freshPhone();
    const started = await register(phone);
    const code = lastCodeTo(server.sentCodes, phone)!;
    await server.deps.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.purpose, 'registration'));
    expect((await verify(started.access_token, code)).body.message).toBe('Mã OTP không đúng hoặc đã hết hạn');
  });

  it('resends a minute apart; the new code replaces the old one', async () => {
    const phone = freshPhone();
    const started = await register(phone);
    const first = lastCodeTo(server.sentCodes, phone)!;
    const tooSoon = await resend(started.access_token);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^Vui lòng chờ \d+ giây trước khi yêu cầu mã mới$/);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);

    await passCooldown(phone);
    const again = await resend(started.access_token);
    expect(again.status).toBe(200);
    const second = lastCodeTo(server.sentCodes, phone)!;
    const sentToPhone = server.sentCodes.filter((entry) => entry.to === phone);
    expect(sentToPhone).toHaveLength(2);
    if (second !== first) expect((await verify(started.access_token, first)).body.error).toBe('OTP_INVALID');
    expect((await verify(started.access_token, second)).status).toBe(201);
  });

  it('sends a phone at most 10 codes a day', async () => {
    const phone = freshPhone();
    const started = await register(phone);
    for (let sent = 1; sent < 10; sent += 1) {
      await passCooldown(phone);
      await server.deps.db.delete(loginFailures).where(like(loginFailures.key, 'otp-ip:%'));
      expect((await resend(started.access_token)).status).toBe(200);
    }
    await passCooldown(phone);
    const refused = await resend(started.access_token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Vui lòng chờ \d+ phút trước khi yêu cầu mã mới$/);
    expect(server.sentCodes.filter((entry) => entry.to === phone)).toHaveLength(10);
  });

  it('sends at most 10 codes per 15 minutes from one address, whatever the phones', async () => {
    for (let index = 0; index < 2; index += 1) await register(freshPhone());
    // From the third, a solved challenge is asked for first.
    const unsolved = await server.call('/account/api/register-v2', { body: form(freshPhone()) });
    expect([unsolved.status, unsolved.body.error]).toEqual([428, 'CHALLENGE_REQUIRED']);
    for (let index = 2; index < 10; index += 1) await register(freshPhone(), { challenge: await solvedChallenge(server) });
    const phone = freshPhone();
    const refused = await server.call('/account/api/register-v2', { body: form(phone, { challenge: await solvedChallenge(server) }) });
    expect(refused.status).toBe(429);
    expect(server.sentCodes.some((entry) => entry.to === phone)).toBe(false);
  });

  it('answers the same for a phone that has an account, and tells only after its code', async () => {
    const started = await register(DEMO.an.phone, { full_name: 'Kẻ Mạo Danh' });
    expect(started.access_token).toBeTruthy();
    const code = lastCodeTo(server.sentCodes, DEMO.an.phone, 'registration')!;
    const answer = await verify(started.access_token, code);
    expect([answer.status, answer.body.error]).toEqual([409, 'PHONE_TAKEN']);
    expect(answer.body.message).toContain('Số điện thoại này đã có tài khoản');
    // Nothing changed: the name and the password stay.
    const an = await server.login(DEMO.an.phone, DEMO_PASSWORD);
    expect(an.account.full_name).toBe(DEMO.an.fullName);
  });

  it('refuses an unknown or expired access token with the spec text', async () => {
    for (const token of ['khong-phai-ma-that', 'x'.repeat(64)]) {
      for (const answer of [await resend(token), await verify(token, '123456')]) {
        expect([answer.status, answer.body.message, answer.body.fields?.access_token]).toEqual([
          400,
          'Số tài khoản không hợp lệ. Vui lòng kiểm tra lại.',
          'Số tài khoản không hợp lệ. Vui lòng kiểm tra lại.',
        ]);
      }
    }
    const phone = freshPhone();
    const started = await register(phone);
    await server.deps.db
      .update(registrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrations.phone, phone));
    expect((await verify(started.access_token, lastCodeTo(server.sentCodes, phone)!)).body.error).toBe('REGISTRATION_TOKEN_INVALID');
  });

  it("refuses a bad form with the spec's texts, field by field, and sends nothing", async () => {
    const sentBefore = server.sentCodes.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '' }, 'phone', 'Bạn cần điền vào mục này'],
      [{ phone: '12345' }, 'phone', 'Tên tài khoản không hợp lệ'],
      [{ full_name: '  ' }, 'full_name', 'Vui lòng nhập họ và tên.'],
      [{ email: 'mai@' }, 'email', 'Email không hợp lệ'],
      [{ password_confirm: 'Khac@2026' }, 'password_confirm', 'Mật khẩu không trùng khớp'],
      [{ password_confirm: '' }, 'password_confirm', 'Bạn cần điền vào mục này'],
      [{ password: '12345678', password_confirm: '12345678' }, 'password', 'Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác'],
    ];
    for (const [change, field, message] of cases) {
      const answer = await server.call('/account/api/register-v2', { body: form(freshPhone(), change) });
      expect([answer.status, answer.body.fields?.[field]]).toEqual([400, message]);
    }
    const phone = freshPhone();
    const samePhone = await server.call('/account/api/register-v2', { body: form(phone, { password: phone, password_confirm: phone }) });
    expect(samePhone.body.fields?.password).toBe('Mật khẩu không được trùng với số điện thoại');
    expect(server.sentCodes.length).toBe(sentBefore);
  });

  it('takes the first version (registeraccount) without a confirmation, confirmed the same way', async () => {
    const phone = freshPhone();
    const answer = await server.call<RegistrationStarted>('/account/api/registeraccount/', {
      body: { phone, full_name: 'Đỗ Văn Tâm', password: PASSWORD },
    });
    expect(answer.status).toBe(201);
    const done = await verify(answer.body.data.access_token, lastCodeTo(server.sentCodes, phone)!);
    expect(done.body.data.account).toMatchObject({ phone, full_name: 'Đỗ Văn Tâm', email: null });
  });
});

describe('e-mail verification (verifyemail POST and PUT)', () => {
  async function newAccount(): Promise<LoginAnswer> {
    const phone = freshPhone();
    const started = await register(phone);
    return (await verify(started.access_token, lastCodeTo(server.sentCodes, phone)!)).body.data;
  }

  it('sends a code to the address and marks it verified with it, once', async () => {
    const me = await newAccount();
    const sent = await server.call<EmailVerification>('/account/api/verifyemail/', { token: me.access, body: {} });
    expect([sent.status, sent.body.data]).toEqual([200, { email: 'mai.ly@example.vn', email_verified: false }]);
    const code = lastCodeTo(server.sentCodes, 'mai.ly@example.vn', 'email')!;
    expect(server.sentCodes.at(-1)?.channel).toBe('email');

    const bad = await server.call('/account/api/verifyemail/', { method: 'PUT', token: me.access, body: { otp: wrong(code) } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Mã OTP không đúng hoặc đã hết hạn']);
    const good = await server.call<EmailVerification>('/account/api/verifyemail/', {
      method: 'PUT',
      token: me.access,
      body: { otp: code },
    });
    expect(good.body.data).toEqual({ email: 'mai.ly@example.vn', email_verified: true });
    const view = await server.call<Account>(`/account/api/account/${me.account.id}/`, { token: me.access });
    expect(view.body.data.email_verified).toBe(true);
    const reused = await server.call('/account/api/verifyemail/', { method: 'PUT', token: me.access, body: { otp: code } });
    expect(reused.status).toBe(400);

    // A new address is not verified until it is proven.
    await server.call(`/account/api/updateaccountall/${me.account.id}/`, {
      method: 'PUT',
      token: me.access,
      body: { email: 'mai.moi@example.vn' },
    });
    const changed = await server.call<Account>(`/account/api/account/${me.account.id}/`, { token: me.access });
    expect(changed.body.data).toMatchObject({ email: 'mai.moi@example.vn', email_verified: false });
  });

  it('verifies a new address given in the call, and a code for one address does not prove another', async () => {
    const me = await newAccount();
    await server.call('/account/api/verifyemail/', { token: me.access, body: { email: 'Mai.Cong.Viec@Example.vn' } });
    const code = lastCodeTo(server.sentCodes, 'mai.cong.viec@example.vn', 'email')!;
    const other = await server.call('/account/api/verifyemail/', {
      method: 'PUT',
      token: me.access,
      body: { email: 'khac@example.vn', otp: code },
    });
    expect(other.status).toBe(400);
    const right = await server.call<EmailVerification>('/account/api/verifyemail/', {
      method: 'PUT',
      token: me.access,
      body: { email: 'mai.cong.viec@example.vn', otp: code },
    });
    expect(right.body.data).toEqual({ email: 'mai.cong.viec@example.vn', email_verified: true });
    const [row] = await server.deps.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, me.account.id)));
    expect(row?.email).toBe('mai.cong.viec@example.vn');
  });

  it('needs a signed-in account and an address to send to', async () => {
    expect((await server.call('/account/api/verifyemail/', { body: {} })).status).toBe(401);
    const phone = freshPhone();
    const started = await server.call<RegistrationStarted>('/account/api/registeraccount/', {
      body: { phone, full_name: 'Không Email', password: PASSWORD },
    });
    const me = (await verify(started.body.data.access_token, lastCodeTo(server.sentCodes, phone)!)).body.data;
    const none = await server.call('/account/api/verifyemail/', { token: me.access, body: {} });
    expect([none.status, none.body.fields?.email]).toEqual([400, 'Vui lòng nhập email']);
    const bad = await server.call('/account/api/verifyemail/', { token: me.access, body: { email: 'khong-phai-email' } });
    expect(bad.body.fields?.email).toBe('Email không hợp lệ');
  });
});
