/**
 * Machine error codes shared by server and client, each with the Vietnamese text a person sees
 * when the server has nothing more specific to say.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Dữ liệu không hợp lệ',
  INVALID_JSON: 'Dữ liệu gửi lên không đúng định dạng JSON',
  PAYLOAD_TOO_LARGE: 'Dữ liệu gửi lên quá lớn',
  UNSUPPORTED_MEDIA_TYPE: 'Định dạng dữ liệu không được hỗ trợ',
  NOT_FOUND: 'Không tìm thấy dữ liệu yêu cầu',
  ROUTE_NOT_FOUND: 'Đường dẫn không tồn tại',
  METHOD_NOT_ALLOWED: 'Phương thức không được hỗ trợ',
  UNAUTHENTICATED: 'Vui lòng đăng nhập để tiếp tục',
  TOKEN_INVALID: 'Phiên đăng nhập không hợp lệ, vui lòng đăng nhập lại',
  TOKEN_EXPIRED: 'Phiên đăng nhập đã hết hạn',
  SESSION_REVOKED: 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại',
  REFRESH_INVALID: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
  REFRESH_REUSED: 'Phát hiện phiên đăng nhập bị dùng lại, mọi phiên đã được đăng xuất để bảo vệ tài khoản',
  LOGIN_FAILED: 'Số điện thoại hoặc mật khẩu không đúng',
  LOGIN_THROTTLED: 'Bạn đã đăng nhập sai quá nhiều lần, vui lòng thử lại sau',
  ACCOUNT_INACTIVE: 'Tài khoản đã bị khóa',
  WRONG_PASSWORD: 'Mật khẩu hiện tại không đúng',
  WEAK_PASSWORD: 'Mật khẩu chưa đủ mạnh',
  OTP_INVALID: 'Mã OTP không đúng hoặc đã hết hạn',
  OTP_TOO_SOON: 'Vui lòng chờ trước khi yêu cầu mã mới',
  OTP_BUDGET: 'Hệ thống đã gửi quá nhiều mã OTP hôm nay, vui lòng thử lại sau',
  CHALLENGE_REQUIRED: 'Cần xác minh thiết bị',
  CHALLENGE_INVALID: 'Xác minh thiết bị không hợp lệ',
  REGISTRATION_TOKEN_INVALID: 'Số tài khoản không hợp lệ. Vui lòng kiểm tra lại.',
  PHONE_TAKEN: 'Số điện thoại này đã có tài khoản',
  RESET_TOKEN_INVALID: 'Yêu cầu đặt lại mật khẩu không hợp lệ hoặc đã hết hạn',
  FORBIDDEN: 'Bạn không có quyền thực hiện thao tác này',
  CROSS_ORIGIN: 'Yêu cầu không đến từ trang của ứng dụng nên đã bị từ chối',
  NOT_A_MEMBER: 'Bạn không phải thành viên đã được xác nhận của công ty này',
  MEMBER_INACTIVE: 'Tài khoản của bạn đã bị ngừng hoạt động tại công ty này',
  UNKNOWN_FEATURE: 'Mã chức năng không tồn tại',
  FEATURE_OFF: 'Công ty chưa bật dịch vụ này',
  CONFLICT: 'Dữ liệu đã tồn tại',
  FILE_QUOTA: 'Công ty đã dùng hết dung lượng lưu ảnh',
  ORDER_TRANSITION_INVALID: 'Không thể chuyển trạng thái đơn hàng',
  STOCK_INSUFFICIENT: 'Không đủ hàng trong kho',
  PERIOD_CLOSED: 'Kỳ kế toán đã khóa sổ',
  LOT_BLOCKED: 'Lô hàng không được bán',
  CREDIT_LIMIT_EXCEEDED: 'Khách hàng vượt hạn mức công nợ',
  RATE_LIMITED: 'Bạn thao tác quá nhanh, vui lòng thử lại sau',
  CARRIER_REFUSED: 'Hãng vận chuyển từ chối yêu cầu',
  CARRIER_UNAVAILABLE: 'Hãng vận chuyển đang không phản hồi, vui lòng thử lại sau',
  PROVIDER_ERROR: 'Đối tác đang gặp sự cố',
  CATALOGUE_FIRST: 'Vui lòng đồng bộ danh mục sang MISA trước khi đồng bộ chứng từ',
  ZALO_WINDOW_CLOSED: 'Quá 7 ngày, chỉ gửi được ZNS',
  INTERNAL: 'Hệ thống đang gặp sự cố, vui lòng thử lại sau',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_MESSAGES;
}
