/**
 * Zalo's error codes (Open API, ZNS, OAuth v4) as sentences a person can act on, and whether trying
 * again may help. Sources: zalo.cloud/zns/guidelines/handle-error-code (ZNS rows 0, -100…-112), the
 * OA message code table quoted in simulators/zalo/fixtures/oa-message-cs.json (-201 invalid access
 * token, -203 invalid parameter, -207 invalid user id), third-party clients for -118 and -220; each
 * row's source and what is unverified: docs/provider-sources.md "Zalo OA / ZNS". The provider's code
 * is kept beside the sentence for support.
 */
import { ProviderError, type ProviderFailure } from '@server/lib/provider-http';
import { WINDOW_CLOSED_MESSAGE } from '@contract/messaging-rules';

const RECONNECT = 'Phiên kết nối Zalo OA đã hết hạn hoặc bị thu hồi, vui lòng kết nối lại OA';
const APP_PROBLEM = 'Ứng dụng Zalo không hợp lệ hoặc không tồn tại, vui lòng kiểm tra App ID và kết nối lại OA';

const KNOWN: Record<number, { failure: ProviderFailure; message: string }> = {
  [-32]: { failure: 'rate_limited', message: 'Zalo đang giới hạn tốc độ gửi của OA, tin sẽ được gửi lại sau ít phút' },
  // "Xảy ra lỗi không xác định, vui lòng thử lại sau": Zalo answered, so nothing was sent; try again.
  [-100]: { failure: 'server', message: 'Zalo đang gặp lỗi không xác định, tin sẽ được gửi lại sau' },
  [-101]: { failure: 'rejected', message: APP_PROBLEM },
  [-102]: { failure: 'rejected', message: APP_PROBLEM },
  [-103]: { failure: 'rejected', message: 'Ứng dụng Zalo chưa được kích hoạt, vui lòng kích hoạt ứng dụng trên developers.zalo.me' },
  [-104]: { failure: 'rejected', message: 'Khóa bí mật của ứng dụng Zalo không đúng, vui lòng kết nối lại OA' },
  [-105]: { failure: 'rejected', message: 'Ứng dụng Zalo chưa liên kết với OA, vui lòng kết nối lại OA' },
  [-110]: { failure: 'rejected', message: 'Phiên bản Zalo của người nhận quá cũ để nhận ZNS' },
  [-201]: { failure: 'auth', message: RECONNECT },
  [-203]: { failure: 'rejected', message: 'Zalo từ chối dữ liệu gửi lên (tham số không hợp lệ)' },
  [-207]: { failure: 'rejected', message: 'Người dùng Zalo không tồn tại hoặc không thuộc OA này' },
  [-213]: { failure: 'rejected', message: 'Người dùng chưa quan tâm OA hoặc đã bỏ quan tâm' },
  [-216]: { failure: 'auth', message: RECONNECT },
  [-220]: { failure: 'auth', message: RECONNECT },
  [-124]: { failure: 'auth', message: RECONNECT },
  [-230]: { failure: 'rejected', message: WINDOW_CLOSED_MESSAGE },
  [-232]: { failure: 'rejected', message: WINDOW_CLOSED_MESSAGE },
  [-108]: { failure: 'rejected', message: 'Số điện thoại không hợp lệ với ZNS' },
  [-109]: { failure: 'rejected', message: 'Mẫu ZNS không tồn tại hoặc chưa được duyệt' },
  [-111]: { failure: 'rejected', message: 'Thiếu dữ liệu cho mẫu ZNS' },
  [-112]: { failure: 'rejected', message: 'Dữ liệu mẫu ZNS không hợp lệ (thiếu tham số bắt buộc hoặc quá dài)' },
  [-118]: { failure: 'rejected', message: 'Số điện thoại chưa đăng ký tài khoản Zalo' },
  [-133]: { failure: 'rejected', message: 'Zalo chỉ gửi ZNS loại này từ 6:00 đến 22:00' },
  [-139]: { failure: 'rejected', message: 'Người dùng đã từ chối nhận loại tin ZNS này' },
  [-141]: { failure: 'rejected', message: 'Người dùng đã từ chối nhận ZNS từ OA này' },
  [-144]: { failure: 'rejected', message: 'OA đã dùng hết hạn mức ZNS trong ngày, hãy gửi lại vào ngày mai' },
  [-211]: { failure: 'rejected', message: 'OA đã hết hạn mức gửi tin' },
  [-320]: { failure: 'rejected', message: 'Tin tư vấn có phí cần tài khoản Zalo Cloud có số dư (mã lỗi -320)' },
  [-321]: { failure: 'rejected', message: 'Tài khoản Zalo Cloud của OA không đủ số dư (mã lỗi -321)' },
};

/** A refusal Zalo answered with `error` ≠ 0, as a ProviderError the callers and jobs understand. */
export function zaloError(code: number, providerMessage: string | undefined): ProviderError {
  const known = KNOWN[code];
  if (known) {
    return new ProviderError(known.failure, known.message, {
      providerCode: code,
      retryAfterMs: known.failure === 'rate_limited' ? 2_000 : undefined,
      body: providerMessage,
    });
  }
  // OAuth v4 refusals (-14xxx): the app, its secret, the code or the refresh token is not accepted.
  if (code <= -14000 && code > -15000) {
    return new ProviderError('auth', `Zalo từ chối cấp quyền (mã lỗi ${code}): kiểm tra App ID, khóa bí mật và kết nối lại OA`, {
      providerCode: code,
      body: providerMessage,
    });
  }
  return new ProviderError('rejected', `Zalo từ chối yêu cầu (mã lỗi ${code}${providerMessage ? `: ${providerMessage}` : ''})`, {
    providerCode: code,
    body: providerMessage,
  });
}

export function providerCodeOf(error: unknown): string | null {
  return error instanceof ProviderError && error.details.providerCode !== undefined ? String(error.details.providerCode) : null;
}
