/**
 * eSMS's send call as eSMS documents it (simulators/esms/fixtures/send-sms-cskh.json), not as our
 * simulator answers it: the request our client sends carries only documented fields of their
 * documented types, and every documented answer becomes the outcome a caller acts on — accepted,
 * already sent (124, no SMSID), a refusal with its Vietnamese reason that is not retried, or, for
 * a code eSMS does not document, a failure the job tries again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequest, loadFixture, startFakeProvider, type FakeProvider } from '@server/testing/provider-contract';
import { sendEsmsSms, type EsmsConfig } from './esms-client';
import { ProviderError } from './provider-http';

const send = loadFixture('esms', 'send-sms-cskh.json');
let provider: FakeProvider;
let config: EsmsConfig;

beforeAll(async () => {
  provider = await startFakeProvider([send]);
  config = { baseUrl: provider.url, apiKey: 'KEY', secretKey: 'SECRET', brandname: 'SalesField', sandbox: false, timeoutMs: 2_000 };
});
afterAll(async () => {
  await provider?.stop();
});

const message = { phone: '0912345678', content: 'Ma xac minh cua ban la 123456.', requestId: 'b5a1f0d2-3c4e-4f60-8a9b-0c1d2e3f4a5b' };

async function outcome(answer: string): Promise<unknown> {
  provider.answer(send.call, answer);
  try {
    return await sendEsmsSms(config, message);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { failure: error.failure, retryable: error.retryable, message: error.message, code: error.details.providerCode };
  }
}

describe('eSMS SendMultipleMessage_V4_post_json', () => {
  it('sends only what eSMS documents, of the documented types, in production and in sandbox', async () => {
    provider.seen.length = 0;
    await sendEsmsSms(config, message);
    await sendEsmsSms({ ...config, sandbox: true }, message);
    expect(provider.seen.map((seen) => seen.problems)).toEqual([[], []]);
    expect(provider.seen[0]!.body).toMatchObject({ SmsType: '2', Sandbox: '0', RequestId: message.requestId, Phone: '0912345678' });
    expect(provider.seen[1]!.body).toMatchObject({ Sandbox: '1' });
  });

  it('is caught when the request strays from the document', () => {
    const seen = provider.seen[0]!;
    const { Brandname: _left, ...rest } = seen.body as Record<string, unknown>;
    const body = { ...rest, SmsType: 2, Unicode: '0' };
    expect(checkRequest(send, { ...seen, body })).toEqual([
      'SmsType is integer, documented string',
      'Unicode is not a documented field',
      'Brandname is required and was not sent',
    ]);
  });

  it('reads 100 as accepted with its SMSID, and 124 (a RequestId seen before) as already sent, without an SMSID', async () => {
    expect(await outcome('100')).toEqual({ smsId: 'd533459ee42b2b9525ba9eabf6a8156', duplicate: false });
    expect(await outcome('124')).toEqual({ smsId: null, duplicate: true });
  });

  it('refuses, without retrying, what eSMS refuses, in Vietnamese', async () => {
    const refusals: Record<string, [string, string]> = {
      '99': ['rejected', 'Số điện thoại bị chặn nhận tin nhắn'],
      '101': ['auth', 'eSMS từ chối ApiKey hoặc SecretKey'],
      '102': ['rejected', 'Tài khoản eSMS chưa có bảng giá'],
      '103': ['rejected', 'Tài khoản eSMS không đủ số dư để gửi tin'],
      '104': ['rejected', 'Brandname chưa được đăng ký với eSMS'],
      '108': ['rejected', 'Số điện thoại không đúng định dạng'],
      '118': ['rejected', 'eSMS không hỗ trợ loại tin này'],
      '120': ['rejected', 'Danh sách số điện thoại vượt giới hạn của eSMS'],
      '140': ['auth', 'Địa chỉ IP của máy chủ chưa được eSMS cho phép gửi tin'],
      '146': ['rejected', 'Nội dung tin chưa khớp mẫu tin chăm sóc khách hàng đã đăng ký'],
      '177': ['rejected', 'Nhà mạng của số điện thoại chưa được đăng ký brandname'],
      '300': ['rejected', 'Yêu cầu gửi tin thiếu loại tin (SmsType)'],
    };
    for (const [code, [failure, text]] of Object.entries(refusals)) {
      expect(await outcome(code)).toEqual({ failure, retryable: false, message: text, code });
    }
    expect(await outcome('99 (tab)')).toEqual({
      failure: 'rejected',
      retryable: false,
      message: 'eSMS không đọc được yêu cầu gửi tin (Invalid request)',
      code: undefined,
    });
    // Every documented answer is read here or in the test above.
    expect(send.answers.map((answer) => answer.name).sort()).toEqual(['100', '124', '99 (tab)', ...Object.keys(refusals)].sort());
  });
});
