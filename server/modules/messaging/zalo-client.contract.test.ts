/**
 * Every Zalo call our client makes, against Zalo's published shapes (simulators/zalo/fixtures), not
 * against our simulator: each request carries only documented fields of their documented types,
 * with the token in the documented header, and each documented answer becomes the outcome a caller
 * acts on — the parsed value; "reconnect the OA" for a token Zalo refuses (-201, -216, -220, -124);
 * "try again later" for the rate limit (-32) and ZNS's unknown error (-100); a refusal in Vietnamese
 * for the rest. Zalo has no duplicate answer to read: ZNS's tracking_id is not de-duplicated, which
 * is why messages-send.ts never repeats a send whose answer was lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_CLOSED_MESSAGE } from '@contract/messaging-rules';
import { ProviderError } from '@server/lib/provider-http';
import { checkRequest, loadFixture, startFakeProvider, type FakeProvider, type ProviderFixture } from '@server/testing/provider-contract';
import { authorizeUrl, exchangeCode, refreshTokens, zaloApi, type ZaloHosts } from './zalo-client';

const fixture = (file: string) => loadFixture('zalo', `${file}.json`);
const getoa = fixture('oa-getoa');
const getlist = fixture('oa-user-getlist');
const detail = fixture('oa-user-detail');
const cs = fixture('oa-message-cs');
const templateAll = fixture('zns-template-all');
const templateInfo = fixture('zns-template-info');
const sample = fixture('zns-template-sample-data');
const quota = fixture('zns-message-quota');
const zns = fixture('zns-message-template');
const codeGrant = fixture('oauth-access-token-code');
const refreshGrant = fixture('oauth-access-token-refresh');

const RECONNECT = 'Phiên kết nối Zalo OA đã hết hạn hoặc bị thu hồi, vui lòng kết nối lại OA';
const APP_PROBLEM = 'Ứng dụng Zalo không hợp lệ hoặc không tồn tại, vui lòng kiểm tra App ID và kết nối lại OA';

/** The OA's calls on one fake Zalo; the two OAuth grants share a path, so each has its own. */
let oa: FakeProvider;
let codeZalo: FakeProvider;
let refreshZalo: FakeProvider;
const hostsOf = (provider: FakeProvider): ZaloHosts => ({ oauth: provider.url, openapi: provider.url, business: provider.url });
const api = () => zaloApi(hostsOf(oa), 'OA-ACCESS-TOKEN', 2_000);

beforeAll(async () => {
  oa = await startFakeProvider([getoa, getlist, detail, cs, templateAll, templateInfo, sample, quota, zns]);
  codeZalo = await startFakeProvider([codeGrant]);
  refreshZalo = await startFakeProvider([refreshGrant]);
});
afterAll(async () => {
  await Promise.all([oa, codeZalo, refreshZalo].map((provider) => provider?.stop()));
});

type Outcome = { failure: string; retryable: boolean; message: string; code: unknown } | { value: unknown };

async function outcome(provider: FakeProvider, call: ProviderFixture, answer: string, run: () => Promise<unknown>): Promise<Outcome> {
  provider.answer(call.call, answer);
  try {
    return { value: await run() };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { failure: error.failure, retryable: error.retryable, message: error.message, code: error.details.providerCode };
  }
}

const refused = (failure: string, message: string, code: number) => ({ failure, retryable: failure === 'rate_limited', message, code });
const reconnect = (code: number) => refused('auth', RECONNECT, code);

const sendZns = () =>
  api().sendZns({
    phone: '84987654321',
    templateId: '7895417a7d3f9461cd2e',
    data: { customer_name: 'Nguyễn Văn A', order_code: 'DH001' },
    trackingId: '0b7a4c1e-5d2f-4a8b-9c3d-1e2f3a4b5c6d',
    development: true,
  });

describe('requests', () => {
  it('are what Zalo documents, with the token in the documented header', async () => {
    oa.seen.length = 0;
    await api().profile();
    await api().followers(0, 50);
    await api().userDetail('2468013579');
    await api().sendText('2468013579', 'Xin chào');
    await api().templates(0, 100);
    await api().templateInfo('123456');
    await api().templateSample('123456');
    await api().quota();
    await sendZns();
    await api().sendZns({ phone: '84987654321', templateId: '1', data: {}, trackingId: 't', development: false });
    expect(oa.seen.map((seen) => [seen.call, seen.problems])).toEqual([
      [getoa.call, []],
      [getlist.call, []],
      [detail.call, []],
      [cs.call, []],
      [templateAll.call, []],
      [templateInfo.call, []],
      [sample.call, []],
      [quota.call, []],
      [zns.call, []],
      [zns.call, []],
    ]);
    expect(oa.seen.every((seen) => seen.headers.access_token === 'OA-ACCESS-TOKEN')).toBe(true);
  });

  it('of the two OAuth grants are the documented forms, with the app secret in the secret_key header', async () => {
    const code = { appId: 'APP', secret: 'APP-SECRET', code: 'CODE', codeVerifier: 'VERIFIER' };
    await exchangeCode(hostsOf(codeZalo), code, 2_000);
    await refreshTokens(hostsOf(refreshZalo), { appId: 'APP', secret: 'APP-SECRET', refreshToken: 'REFRESH' }, 2_000);
    for (const seen of [...codeZalo.seen, ...refreshZalo.seen]) {
      expect(seen.problems).toEqual([]);
      expect(seen.headers).toMatchObject({ secret_key: 'APP-SECRET', 'content-type': 'application/x-www-form-urlencoded' });
    }
  });

  it('for the consent page carries the documented query', () => {
    const consent = fixture('oauth-permission');
    const url = new URL(
      authorizeUrl(hostsOf(oa), { appId: 'APP', redirectUri: 'https://app.example/cb', codeChallenge: 'CH', state: 'S' }),
    );
    const seen = { method: consent.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: {}, body: undefined };
    expect(checkRequest(consent, seen)).toEqual([]);
  });

  it('are caught when they stray from the document', () => {
    const wrong = { phone: 84987654321, template_data: { customer_name: 'A' }, tracking: 'x' };
    expect(checkRequest(zns, { method: 'POST', path: '/message/template', query: {}, headers: {}, body: wrong })).toEqual([
      'phone is integer, documented string',
      'tracking is not a documented field',
      'template_id is required and was not sent',
    ]);
    const query = { data: JSON.stringify({ offset: 0, count: '50' }) };
    expect(checkRequest(getlist, { method: 'GET', path: '/v3.0/oa/user/getlist', query, headers: {}, body: undefined })).toEqual([
      'data.count is string, documented integer',
    ]);
  });
});

describe('answers', () => {
  it('of the OAuth grants: the tokens, or "reconnect" with Zalo\'s reason', async () => {
    const tokens = { accessToken: '<token>', refreshToken: '<refresh>', expiresInSeconds: 90_000 };
    const grant = () => exchangeCode(hostsOf(codeZalo), { appId: 'A', secret: 'S', code: 'C', codeVerifier: 'V' }, 2_000);
    expect(await outcome(codeZalo, codeGrant, 'ok', grant)).toEqual({ value: tokens });
    const refusal = 'Zalo từ chối cấp quyền (mã lỗi -14000): kiểm tra App ID, khóa bí mật và kết nối lại OA';
    expect(await outcome(codeZalo, codeGrant, 'refused', grant)).toEqual(refused('auth', refusal, -14000));
    const again = () => refreshTokens(hostsOf(refreshZalo), { appId: 'A', secret: 'S', refreshToken: 'R' }, 2_000);
    expect(await outcome(refreshZalo, refreshGrant, 'ok', again)).toEqual({ value: { ...tokens, refreshToken: '<new refresh>' } });
    expect(await outcome(refreshZalo, refreshGrant, 'refused', again)).toEqual(refused('auth', refusal, -14000));
  });

  it('of the OA calls: the parsed value, or "reconnect" for a token Zalo refuses', async () => {
    const calls: [ProviderFixture, () => Promise<unknown>, unknown][] = [
      [getoa, () => api().profile(), { oaId: '<id>', name: '<OA name>', avatar: '<url>' }],
      [getlist, () => api().followers(0, 50), { total: 0, userIds: ['<id>'] }],
      [
        detail,
        () => api().userDetail('<id>'),
        {
          userId: '<id>',
          displayName: '<name>',
          avatar: '<url>',
          isFollower: true,
          lastInteractionDate: 'dd/MM/yyyy',
          tags: [],
          sharedPhone: '84xxxxxxxxx',
        },
      ],
      [cs, () => api().sendText('<id>', 'Xin chào'), '<id>'],
    ];
    for (const [call, run, value] of calls) {
      expect(await outcome(oa, call, 'ok', run)).toEqual({ value });
      for (const code of [-216, -220]) expect(await outcome(oa, call, String(code), run)).toEqual(reconnect(code));
    }
  });

  it('of a customer-service message: the 7-day window, not a follower, the rate limit, an invalid token, bad input', async () => {
    const run = () => api().sendText('<id>', 'Xin chào');
    expect(await outcome(oa, cs, '-230', run)).toEqual(refused('rejected', WINDOW_CLOSED_MESSAGE, -230));
    expect(await outcome(oa, cs, '-213', run)).toEqual(refused('rejected', 'Người dùng chưa quan tâm OA hoặc đã bỏ quan tâm', -213));
    expect(await outcome(oa, cs, '-32', run)).toEqual(
      refused('rate_limited', 'Zalo đang giới hạn tốc độ gửi của OA, tin sẽ được gửi lại sau ít phút', -32),
    );
    expect(await outcome(oa, cs, '-201', run)).toEqual(reconnect(-201));
    expect(await outcome(oa, cs, '-203', run)).toEqual(refused('rejected', 'Zalo từ chối dữ liệu gửi lên (tham số không hợp lệ)', -203));
    expect(await outcome(oa, cs, '-204', run)).toEqual(refused('rejected', 'Zalo từ chối yêu cầu (mã lỗi -204: Invalid message)', -204));
    expect(await outcome(oa, cs, '-207', run)).toEqual(refused('rejected', 'Người dùng Zalo không tồn tại hoặc không thuộc OA này', -207));
  });

  it('of the template calls: numbers and strings read as Zalo gives them, -109 refused', async () => {
    expect(await outcome(oa, templateAll, 'ok', () => api().templates(0, 100))).toEqual({
      value: { total: 1, rows: [{ templateId: '123456', name: 'Xác nhận đơn hàng', status: 'ENABLE', quality: 'HIGH' }] },
    });
    expect(await outcome(oa, templateInfo, 'ok', () => api().templateInfo('123456'))).toEqual({
      value: {
        templateId: '123456',
        name: '...',
        status: 'ENABLE',
        quality: 'HIGH',
        previewUrl: 'https://...',
        tag: 'TRANSACTION',
        price: 200,
        params: [{ name: 'customer_name', require: true, type: 'STRING', maxLength: 30 }],
      },
    });
    expect(await outcome(oa, templateInfo, '-109', () => api().templateInfo('1'))).toEqual(
      refused('rejected', 'Mẫu ZNS không tồn tại hoặc chưa được duyệt', -109),
    );
    expect(await outcome(oa, sample, 'ok', () => api().templateSample('1'))).toEqual({
      value: { customer_name: 'Nguyễn Văn A', order_code: 'DH001' },
    });
    expect(await outcome(oa, quota, 'ok', () => api().quota())).toEqual({ value: { daily: 500, remaining: 499 } });
  });

  it("of a ZNS send: Zalo's msg_id, or each documented error as the caller must act on it", async () => {
    expect(await outcome(oa, zns, 'ok', sendZns)).toEqual({ value: '<id>' });
    const expected: Record<string, ReturnType<typeof refused>> = {
      '-100': refused('server', 'Zalo đang gặp lỗi không xác định, tin sẽ được gửi lại sau', -100),
      '-101': refused('rejected', APP_PROBLEM, -101),
      '-102': refused('rejected', APP_PROBLEM, -102),
      '-103': refused('rejected', 'Ứng dụng Zalo chưa được kích hoạt, vui lòng kích hoạt ứng dụng trên developers.zalo.me', -103),
      '-104': refused('rejected', 'Khóa bí mật của ứng dụng Zalo không đúng, vui lòng kết nối lại OA', -104),
      '-105': refused('rejected', 'Ứng dụng Zalo chưa liên kết với OA, vui lòng kết nối lại OA', -105),
      '-106': refused('rejected', 'Zalo từ chối yêu cầu (mã lỗi -106: Method unsupported)', -106),
      '-107': refused('rejected', 'Zalo từ chối yêu cầu (mã lỗi -107: Message ID invalid)', -107),
      '-108': refused('rejected', 'Số điện thoại không hợp lệ với ZNS', -108),
      '-109': refused('rejected', 'Mẫu ZNS không tồn tại hoặc chưa được duyệt', -109),
      '-110': refused('rejected', 'Phiên bản Zalo của người nhận quá cũ để nhận ZNS', -110),
      '-111': refused('rejected', 'Thiếu dữ liệu cho mẫu ZNS', -111),
      '-112': refused('rejected', 'Dữ liệu mẫu ZNS không hợp lệ (thiếu tham số bắt buộc hoặc quá dài)', -112),
      '-118': refused('rejected', 'Số điện thoại chưa đăng ký tài khoản Zalo', -118),
      '-124': reconnect(-124),
      '-133': refused('rejected', 'Zalo chỉ gửi ZNS loại này từ 6:00 đến 22:00', -133),
      '-139': refused('rejected', 'Người dùng đã từ chối nhận loại tin ZNS này', -139),
      '-141': refused('rejected', 'Người dùng đã từ chối nhận ZNS từ OA này', -141),
      '-144': refused('rejected', 'OA đã dùng hết hạn mức ZNS trong ngày, hãy gửi lại vào ngày mai', -144),
      '-216': reconnect(-216),
      '-220': reconnect(-220),
    };
    for (const [answer, want] of Object.entries(expected)) {
      const got = await outcome(oa, zns, answer, sendZns);
      // -100 is "try again later" although it is not a rate limit.
      expect(got).toEqual(answer === '-100' ? { ...want, retryable: true } : want);
    }
    expect(zns.answers.map((answer) => answer.name).sort()).toEqual(['ok', ...Object.keys(expected)].sort());
  });
});
