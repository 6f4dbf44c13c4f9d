/**
 * eSMS.vn (ViHAT), the SMS brandname gateway the app sends one-time codes through. One documented
 * call: "Send OTP/Customer care message", POST
 * /MainService.svc/json/SendMultipleMessage_V4_post_json/ (devesms/gitbook_esms_for_develop_v2_en,
 * esms-api/send-sms-api/send-otp-customer-care-message.md), with its answer codes
 * (esms-api/table-of-error-codes.md). The request's RequestId is eSMS's idempotency key: the same
 * id again (within 24 hours) answers 124 "Duplicate RequestId", without an SMSID, and sends nothing,
 * so a retried send is one message. 100 means eSMS accepted the message, not that it reached the
 * phone. Sandbox messages are checked and not stored, so no de-duplication is promised there. Its
 * simulator is simulators/esms; the mismatches with eSMS's documents: docs/provider-sources.md.
 */
import { ProviderError, providerFetch } from './provider-http';

export const ESMS_HOSTS = { production: 'https://rest.esms.vn', sandbox: 'https://rest.esms.vn' } as const;
export const ESMS_SEND_PATH = '/MainService.svc/json/SendMultipleMessage_V4_post_json/';

export type EsmsConfig = {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** The registered sender name shown on the phone. */
  brandname: string;
  /** eSMS's test mode (Sandbox=1): checked and answered, not delivered or charged. */
  sandbox: boolean;
  timeoutMs?: number;
};

export type EsmsSend = { phone: string; content: string; requestId: string };
export type EsmsSent = { smsId: string | null; duplicate: boolean };

type EsmsAnswer = { CodeResult?: string; SMSID?: string; ErrorMessage?: string };

/** eSMS's codes, in Vietnamese for the people who read the job's failure. */
const REFUSALS: Record<string, { failure: 'auth' | 'rejected'; message: string }> = {
  '99': { failure: 'rejected', message: 'Số điện thoại bị chặn nhận tin nhắn' },
  '101': { failure: 'auth', message: 'eSMS từ chối ApiKey hoặc SecretKey' },
  '102': { failure: 'rejected', message: 'Tài khoản eSMS chưa có bảng giá' },
  '103': { failure: 'rejected', message: 'Tài khoản eSMS không đủ số dư để gửi tin' },
  '104': { failure: 'rejected', message: 'Brandname chưa được đăng ký với eSMS' },
  '108': { failure: 'rejected', message: 'Số điện thoại không đúng định dạng' },
  '140': { failure: 'auth', message: 'Địa chỉ IP của máy chủ chưa được eSMS cho phép gửi tin' },
  '146': { failure: 'rejected', message: 'Nội dung tin chưa khớp mẫu tin chăm sóc khách hàng đã đăng ký' },
  '177': { failure: 'rejected', message: 'Nhà mạng của số điện thoại chưa được đăng ký brandname' },
  // The same request refused again the same way: none of these passes by waiting.
  '118': { failure: 'rejected', message: 'eSMS không hỗ trợ loại tin này' },
  '120': { failure: 'rejected', message: 'Danh sách số điện thoại vượt giới hạn của eSMS' },
  '300': { failure: 'rejected', message: 'Yêu cầu gửi tin thiếu loại tin (SmsType)' },
};

export async function sendEsmsSms(config: EsmsConfig, message: EsmsSend): Promise<EsmsSent> {
  const answer = await providerFetch(`${config.baseUrl}${ESMS_SEND_PATH}`, {
    json: {
      ApiKey: config.apiKey,
      SecretKey: config.secretKey,
      Phone: message.phone,
      Content: message.content,
      Brandname: config.brandname,
      SmsType: '2',
      IsUnicode: '0',
      Sandbox: config.sandbox ? '1' : '0',
      RequestId: message.requestId,
    },
    timeoutMs: config.timeoutMs,
  });
  const body = (answer.body ?? {}) as EsmsAnswer & { error?: unknown };
  const code = String(body.CodeResult ?? '');
  if (code === '100') return { smsId: body.SMSID ?? null, duplicate: false };
  // eSMS sent it on an earlier try; its answer carries no SMSID.
  if (code === '124') return { smsId: body.SMSID ?? null, duplicate: true };
  if (!code && typeof body.error === 'string') {
    // `{"error":"Invalid request"}`: eSMS could not read the request; the same one would fail again.
    throw new ProviderError('rejected', `eSMS không đọc được yêu cầu gửi tin (${body.error})`, { status: answer.status, body });
  }
  const refusal = REFUSALS[code];
  if (refusal) throw new ProviderError(refusal.failure, refusal.message, { status: answer.status, providerCode: code, body });
  throw new ProviderError('server', `eSMS trả về mã không rõ (${code || answer.status})`, {
    status: answer.status,
    providerCode: code,
    body,
  });
}
