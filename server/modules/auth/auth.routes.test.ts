import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account, LoginAnswer, RefreshAnswer } from '@contract/auth';
import { loginFailures } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { keysFromSecret, signAccessToken } from '@server/lib/tokens';
import { addAccount } from '@server/testing/fixtures';
import { refreshCookieOf, startTestServer, type TestServer } from '@server/testing/test-server';

const LOGIN = '/account/api/login/';
const REFRESH = '/micro-account-local/account/api/refresh_token';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('login/', () => {
  it('answers tokens and the account with every membership', async () => {
    const answer = await server.call<LoginAnswer>(LOGIN, { body: { phone: DEMO.an.phone, password: 'Demo@2026' } });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    const { access, account } = answer.body.data;
    expect(access.split('.')).toHaveLength(3);
    // The refresh token travels only in its HttpOnly cookie: page scripts never see it.
    expect(Object.keys(answer.body.data).sort()).toEqual(['access', 'account']);
    expect(refreshCookieOf(answer.headers)!.length).toBeGreaterThan(30);
    expect(account.full_name).toBe('Nguyễn Văn An');
    expect(account.account_type_data.code).toBe('COMPANY');
    expect(account.company_data.map((m) => [m.company_data.title, m.company_data.type, m.status_display])).toEqual([
      ['Công ty Dược phẩm An Khang', 'Dược phẩm', 'accept'],
      ['Công ty TNHH Thương mại Minh Phát', 'Khác', 'accept'],
      ['Nhà thuốc Hòa Bình', 'Dược phẩm', 'pending'],
    ]);
    expect(account.company_data[0]!.company).toBe(account.company_data[0]!.company_data.id);
  });

  it('sets the refresh token as an HttpOnly SameSite=Strict cookie scoped to /api', async () => {
    const answer = await server.call(LOGIN, { body: { phone: DEMO.binh.phone, password: 'Demo@2026' } });
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('refreshToken='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts the phone typed with spaces or +84', async () => {
    const answer = await server.call(LOGIN, { body: { phone: '+84 901 234 567', password: 'Demo@2026' } });
    expect(answer.status).toBe(200);
  });

  it('refuses a wrong password and an unknown phone with the same Vietnamese message', async () => {
    const wrong = await server.call(LOGIN, { body: { phone: DEMO.binh.phone, password: 'sai-mat-khau' } });
    const unknown = await server.call(LOGIN, { body: { phone: '0999999999', password: 'sai-mat-khau' } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.error).toBe('LOGIN_FAILED');
    expect(unknown.body.message).toBe(wrong.body.message);
    expect(wrong.body.message).toBe('Số điện thoại hoặc mật khẩu không đúng');
  });

  it.each([
    ['missing fields', {}, 'phone', 'Vui lòng nhập số điện thoại'],
    ['phone of the wrong type', { phone: 901234567, password: 'x' }, 'phone', 'Số điện thoại phải là chuỗi ký tự'],
    ['invalid phone', { phone: '12345', password: 'x' }, 'phone', 'Số điện thoại không hợp lệ'],
    ['missing password', { phone: DEMO.an.phone }, 'password', 'Vui lòng nhập mật khẩu'],
    [
      'remember of the wrong type',
      { phone: DEMO.an.phone, password: 'x', remember: 'yes' },
      'remember',
      'Giá trị ghi nhớ phải là true hoặc false',
    ],
  ])('answers 400 naming the field for %s', async (_label, body, field, message) => {
    const answer = await server.call(LOGIN, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('VALIDATION_FAILED');
    expect(answer.body.fields?.[field]).toBe(message);
  });

  it('answers malformed JSON, a non-JSON type and a huge body with 4xx and a message', async () => {
    const malformed = await server.call(LOGIN, { rawBody: '{"phone":', headers: { 'content-type': 'application/json' } });
    expect([malformed.status, malformed.body.error]).toEqual([400, 'INVALID_JSON']);
    const form = await server.call(LOGIN, { rawBody: 'phone=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([form.status, form.body.error]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const huge = await server.call(LOGIN, {
      rawBody: JSON.stringify({ phone: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([huge.status, huge.body.error]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(huge.body.message).toMatch(/vượt quá/);
  });
});

describe('login throttling', () => {
  it('locks an account after 5 failures, even for the right password, and says when to retry', async () => {
    const user = await addAccount(server.deps.db);
    for (let i = 0; i < 5; i += 1) {
      const answer = await server.call(LOGIN, { body: { phone: user.phone, password: 'sai-mat-khau' } });
      expect(answer.status).toBe(400);
    }
    const locked = await server.call(LOGIN, { body: { phone: user.phone, password: user.password } });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('LOGIN_THROTTLED');
    expect(locked.body.message).toMatch(/thử lại sau \d+ phút/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits failures per client address across accounts', async () => {
    const strict = await startTestServer({ loginMaxFailuresPerIp: 3 });
    try {
      for (let i = 0; i < 3; i += 1) {
        await strict.call(LOGIN, { body: { phone: `090000000${i}`, password: 'sai-mat-khau' } });
      }
      const answer = await strict.call(LOGIN, { body: { phone: DEMO.an.phone, password: 'Demo@2026' } });
      expect(answer.status).toBe(429);
    } finally {
      await strict.stop();
    }
  });
});

describe('refresh_token', () => {
  it('rotates: the answer carries a new access token and a new cookie, and the new access token works', async () => {
    const first = await server.login(DEMO.binh.phone);
    const answer = await server.call<RefreshAnswer>(REFRESH, {
      method: 'POST',
      headers: { cookie: `refreshToken=${first.refreshCookie}` },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data), 'no refresh token in the body').toEqual(['access']);
    expect(refreshCookieOf(answer.headers)).not.toBe(first.refreshCookie);
    const me = await server.call<Account>(`/account/api/account/${first.account.id}/`, { token: answer.body.data.access });
    expect(me.status).toBe(200);
  });

  it('still accepts a refresh token a client sends in the body (product-spec.md §7)', async () => {
    const first = await server.login(DEMO.binh.phone);
    const answer = await server.call<RefreshAnswer>(REFRESH, { body: { refresh: first.refreshCookie } });
    expect(answer.status).toBe(200);
    expect(refreshCookieOf(answer.headers)?.length).toBeGreaterThan(30);
  });

  it('treats a reused refresh token as theft and ends the whole session', async () => {
    const first = await server.login(DEMO.binh.phone);
    const rotated = await server.call<RefreshAnswer>(REFRESH, { body: { refresh: first.refreshCookie } });
    expect(rotated.status).toBe(200);
    const replay = await server.call(REFRESH, { body: { refresh: first.refreshCookie } });
    expect([replay.status, replay.body.error]).toEqual([401, 'REFRESH_REUSED']);
    const successor = await server.call(REFRESH, { body: { refresh: refreshCookieOf(rotated.headers) } });
    expect(successor.status).toBe(401);
    const access = await server.call(`/account/api/account/${first.account.id}/`, { token: rotated.body.data.access });
    expect([access.status, access.body.error]).toEqual([401, 'SESSION_REVOKED']);
  });

  it('refuses unknown, missing and malformed refresh tokens', async () => {
    expect((await server.call(REFRESH, { body: { refresh: 'không-có-thật' } })).status).toBe(401);
    expect((await server.call(REFRESH, { method: 'POST' })).status).toBe(401);
    const wrongType = await server.call(REFRESH, { body: { refresh: 42 } });
    expect([wrongType.status, wrongType.body.error]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('calls authenticated by the cookie come from our own pages', () => {
  const host = () => new URL(server.url).host;
  const crossSite = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (another subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ] as const;

  it.each(crossSite)('refuses refresh and logout by cookie with %s, and the session goes on', async (_label, headers) => {
    const session = await server.login(DEMO.binh.phone);
    const cookie = `refreshToken=${session.refreshCookie}`;
    const refresh = await server.call(REFRESH, { method: 'POST', headers: { cookie, ...headers } });
    expect([refresh.status, refresh.body.error]).toEqual([403, 'CROSS_ORIGIN']);
    expect(refresh.body.message).toBe('Yêu cầu không đến từ trang của ứng dụng nên đã bị từ chối');
    expect(refreshCookieOf(refresh.headers), 'the cookie is left as it is').toBeNull();
    const logout = await server.call('/account/api/logout/', { method: 'POST', headers: { cookie, ...headers } });
    expect([logout.status, logout.body.error]).toEqual([403, 'CROSS_ORIGIN']);
    expect((await server.call(`/account/api/account/${session.account.id}/`, { token: session.access })).status).toBe(200);
    const own = await server.call(REFRESH, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.status, 'the same cookie still refreshes from our own page').toBe(200);
  });

  it('accepts them from our own pages (Sec-Fetch-Site: same-origin, or an Origin of our host) and from clients that are no web page', async () => {
    for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { origin: `http://${host()}` }, {}] as Record<string, string>[]) {
      const session = await server.login(DEMO.binh.phone);
      const cookie = `refreshToken=${session.refreshCookie}`;
      const refresh = await server.call<RefreshAnswer>(REFRESH, { method: 'POST', headers: { cookie, ...headers } });
      expect(refresh.status).toBe(200);
      const next = `refreshToken=${refreshCookieOf(refresh.headers)}`;
      const logout = await server.call('/account/api/logout/', { method: 'POST', headers: { cookie: next, ...headers } });
      expect(logout.status).toBe(200);
      expect((await server.call(`/account/api/account/${session.account.id}/`, { token: refresh.body.data.access })).status).toBe(401);
    }
  });
});

describe('access tokens', () => {
  it('refuses missing, malformed, forged and expired tokens with 401 and a message', async () => {
    const { account } = await server.login(DEMO.an.phone);
    const path = `/account/api/account/${account.id}/`;
    expect((await server.call(path)).body.error).toBe('UNAUTHENTICATED');
    expect((await server.call(path, { token: 'abc.def' })).body.error).toBe('TOKEN_INVALID');
    const forged = await signAccessToken(await keysFromSecret('khóa-giả-mạo-khóa-giả-mạo-khóa-giả'), account.id, crypto.randomUUID());
    expect((await server.call(path, { token: forged })).body.error).toBe('TOKEN_INVALID');
    const old = await signAccessToken(server.deps.keys, account.id, crypto.randomUUID(), new Date(Date.now() - 3600_000));
    const expired = await server.call(path, { token: old });
    expect([expired.status, expired.body.error]).toEqual([401, 'TOKEN_EXPIRED']);
    expect(expired.body.message).toBeTruthy();
  });

  it('stops working after logout', async () => {
    const { access, account } = await server.login(DEMO.binh.phone);
    const out = await server.call('/account/api/logout/', { method: 'POST', token: access });
    expect(out.status).toBe(200);
    const after = await server.call(`/account/api/account/${account.id}/`, { token: access });
    expect(after.body.error).toBe('SESSION_REVOKED');
  });
});

describe('changepassword/', () => {
  it('checks the current password and the new one, then revokes every session', async () => {
    const user = await addAccount(server.deps.db);
    const a = await server.login(user.phone, user.password);
    const b = await server.login(user.phone, user.password);
    const wrong = await server.call('/account/api/changepassword/', {
      method: 'PUT',
      token: a.access,
      body: { old_password: 'khong-dung', new_password: 'MatKhauMoi@1' },
    });
    expect([wrong.status, wrong.body.error, wrong.body.fields?.old_password]).toEqual([
      400,
      'WRONG_PASSWORD',
      'Mật khẩu hiện tại không đúng',
    ]);
    const weak = await server.call('/account/api/changepassword/', {
      method: 'PUT',
      token: a.access,
      body: { old_password: user.password, new_password: '123' },
    });
    expect([weak.status, weak.body.fields?.new_password]).toEqual([400, 'Mật khẩu phải có ít nhất 8 ký tự']);
    const missing = await server.call('/account/api/changepassword/', {
      method: 'PUT',
      token: a.access,
      body: { new_password: 'MatKhauMoi@1' },
    });
    expect(missing.body.fields?.old_password).toBe('Vui lòng nhập mật khẩu hiện tại');

    const changed = await server.call('/account/api/changepassword/', {
      method: 'PUT',
      token: a.access,
      body: { old_password: user.password, new_password: 'MatKhauMoi@1' },
    });
    expect([changed.status, changed.body.message]).toEqual([200, 'Đổi mật khẩu thành công !!!']);
    for (const session of [a, b]) {
      expect((await server.call(`/account/api/account/${user.id}/`, { token: session.access })).status).toBe(401);
      expect((await server.call(REFRESH, { body: { refresh: session.refreshCookie } })).status).toBe(401);
    }
    expect((await server.call(LOGIN, { body: { phone: user.phone, password: user.password } })).status).toBe(400);
    expect((await server.call(LOGIN, { body: { phone: user.phone, password: 'MatKhauMoi@1' } })).status).toBe(200);
  });

  it('requires sign-in', async () => {
    const answer = await server.call('/account/api/changepassword/', { method: 'PUT', body: { old_password: 'a', new_password: 'b' } });
    expect(answer.status).toBe(401);
  });
});

describe('forgot password', () => {
  // Each test asks for codes from the same loopback address: below the challenge's threshold
  // (2 per address in 15 minutes, ./otp-challenge.routes.test.ts) when each starts from none.
  beforeEach(async () => {
    await server.deps.db.delete(loginFailures).where(like(loginFailures.key, 'otp-ip:%'));
  });

  it('sends a code, verifies it, and sets a new password that ends old sessions', async () => {
    const user = await addAccount(server.deps.db);
    const before = await server.login(user.phone, user.password);
    const ask = await server.call('/account/api/forgot_password/', { body: { phone: user.phone } });
    expect(ask.status).toBe(200);
    const sent = server.sentCodes.filter((entry) => entry.to === user.phone);
    expect(sent).toHaveLength(1);
    const code = sent[0]!.code;
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await server.call('/account/api/verify_forgot/', { body: { phone: user.phone, code: wrongCode } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Mã OTP không đúng hoặc đã hết hạn']);

    const verified = await server.call<{ reset_token: string }>('/account/api/verify_forgot/', { body: { phone: user.phone, code } });
    expect(verified.status).toBe(200);
    const resetToken = verified.body.data.reset_token;
    const reset = await server.call('/account/api/resetpassword/', { body: { reset_token: resetToken, new_password: 'DatLai@2026' } });
    expect(reset.status).toBe(200);
    expect((await server.call(LOGIN, { body: { phone: user.phone, password: 'DatLai@2026' } })).status).toBe(200);
    expect((await server.call(`/account/api/account/${user.id}/`, { token: before.access })).status).toBe(401);
    const again = await server.call('/account/api/resetpassword/', { body: { reset_token: resetToken, new_password: 'LanNua@2026' } });
    expect([again.status, again.body.error]).toEqual([400, 'RESET_TOKEN_INVALID']);
  });

  it('answers an unknown phone exactly like a known one and sends nothing', async () => {
    const answer = await server.call('/account/api/forgot_password/', { body: { phone: '0988000111' } });
    expect(answer.status).toBe(200);
    expect(server.sentCodes.some((entry) => entry.to === '0988000111')).toBe(false);
  });

  it('refuses a second code within a minute', async () => {
    const user = await addAccount(server.deps.db);
    expect((await server.call('/account/api/forgot_password/', { body: { phone: user.phone } })).status).toBe(200);
    const soon = await server.call('/account/api/forgot_password/', { body: { phone: user.phone } });
    expect([soon.status, soon.body.error]).toEqual([429, 'OTP_TOO_SOON']);
  });

  it('gives up on a code after 5 wrong tries', async () => {
    const user = await addAccount(server.deps.db);
    await server.call('/account/api/forgot_password/', { body: { phone: user.phone } });
    const code = server.sentCodes.filter((entry) => entry.to === user.phone).at(-1)!.code;
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) await server.call('/account/api/verify_forgot/', { body: { phone: user.phone, code: wrong } });
    const right = await server.call('/account/api/verify_forgot/', { body: { phone: user.phone, code } });
    expect([right.status, right.body.error]).toEqual([400, 'OTP_INVALID']);
  });

  it('validates the code format and the new password', async () => {
    const badCode = await server.call('/account/api/verify_forgot/', { body: { phone: DEMO.an.phone, code: 'abc' } });
    expect(badCode.body.fields?.code).toBe('Mã xác minh gồm 6 chữ số');
    const weak = await server.call('/account/api/resetpassword/', { body: { reset_token: 'x', new_password: '12345678' } });
    expect(weak.body.fields?.new_password).toBe('Mật khẩu quá phổ biến, vui lòng chọn mật khẩu khác');
  });
});

describe('checkphone/', () => {
  it('answers the same for a phone with an account and one without (no account oracle)', async () => {
    const known = await server.call('/account/api/checkphone/', { body: { phone: DEMO.an.phone } });
    const unknown = await server.call('/account/api/checkphone/', { body: { phone: '0977000000' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const strip = (body: unknown) => JSON.stringify(body).replaceAll(DEMO.an.phone, 'P').replaceAll('0977000000', 'P');
    expect(strip(known.body)).toBe(strip(unknown.body));
    expect(known.body.message).toBe('Số điện thoại hợp lệ. Mã xác minh sẽ được gửi đến số này khi đăng ký');
    const bad = await server.call('/account/api/checkphone/', { body: { phone: '12' } });
    expect([bad.status, bad.body.fields?.phone]).toEqual([400, 'Số điện thoại không hợp lệ']);
  });
});

describe('account/{id}/ and updateaccountall/{id}/', () => {
  it('lets an account read and edit itself only', async () => {
    const an = await server.login(DEMO.an.phone);
    const binh = await server.login(DEMO.binh.phone);
    const self = await server.call<Account>(`/account/api/account/${an.account.id}/`, { token: an.access });
    expect(self.body.data.phone).toBe(DEMO.an.phone);
    const other = await server.call(`/account/api/account/${an.account.id}/`, { token: binh.access });
    expect([other.status, other.body.error]).toEqual([403, 'FORBIDDEN']);
    expect((await server.call('/account/api/account/abc/', { token: an.access })).status).toBe(404);
    expect((await server.call('/account/api/account/99999999999999/', { token: an.access })).status).toBe(404);

    const user = await addAccount(server.deps.db);
    const session = await server.login(user.phone, user.password);
    const edited = await server.call<Account>(`/account/api/updateaccountall/${user.id}/`, {
      method: 'PUT',
      token: session.access,
      body: { full_name: '  Lê Thị Cúc ', email: 'cuc@example.vn', birthday: '1990-05-01', gender: 'Nữ' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ full_name: 'Lê Thị Cúc', email: 'cuc@example.vn', birthday: '1990-05-01', gender: 'Nữ' });
    const badEmail = await server.call(`/account/api/updateaccountall/${user.id}/`, {
      method: 'PUT',
      token: session.access,
      body: { email: 'không-phải-email' },
    });
    expect([badEmail.status, badEmail.body.fields?.email]).toEqual([400, 'Email không hợp lệ']);
    const notMine = await server.call(`/account/api/updateaccountall/${an.account.id}/`, {
      method: 'PUT',
      token: session.access,
      body: { full_name: 'X' },
    });
    expect(notMine.status).toBe(403);
  });
});
