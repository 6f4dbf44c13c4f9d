/**
 * meInvoice's error codes (MISA's integration document §15, simulators/meinvoice/fixtures/error-codes.json),
 * spelled as MISA spells them ("InActiveAppID", "InvoiceNumberNotCotinuous"), in words an accountant
 * can act on, and what each means for us: sign in again, try again, already done, or a refusal.
 */
import { ProviderError, type ProviderFailure } from '@server/lib/provider-http';

const ERROR_TEXT: Record<string, string> = {
  InvalidAppID: 'Mã ứng dụng (AppID) MISA không đúng, hãy liên hệ MISA để lấy AppID tích hợp',
  InActiveAppID: 'Mã ứng dụng (AppID) MISA đã bị ngừng, hãy liên hệ MISA',
  UnAuthorize: 'Sai tài khoản, mật khẩu hoặc mã số thuế meInvoice',
  TokenExpiredCode: 'Phiên đăng nhập meInvoice đã hết hạn, hãy kết nối lại',
  InvalidTokenCode: 'Phiên đăng nhập meInvoice không hợp lệ, hãy kết nối lại',
  InvalidTaxCode: 'Mã số thuế không đúng với tài khoản meInvoice',
  DuplicateRefID: 'Hóa đơn đã được gửi sang meInvoice trước đó',
  DuplicateInvoiceRefID: 'Hóa đơn đã được gửi sang meInvoice trước đó',
  InvoiceDuplicated: 'Số hóa đơn trên meInvoice đang bị trùng, hệ thống sẽ phát hành lại',
  InvoiceNumberNotCotinuous: 'Số hóa đơn trên meInvoice không liên tục, hệ thống sẽ phát hành lại',
  InvoiceTemplateNotExist: 'Ký hiệu hóa đơn không có trên tài khoản meInvoice',
  CreateInvoiceDataError: 'meInvoice không tạo được dữ liệu hóa đơn, hãy liên hệ MISA',
  TaxRateInfo_VATRateName: 'Thuế suất trong bảng tổng hợp thuế không hợp lệ',
  InvoiceQuantityTooLarge: 'Gửi quá nhiều hóa đơn trong một lần',
  XMLTooLong: 'Hóa đơn có quá nhiều dòng hàng (tối đa 200 dòng), hãy tách hóa đơn',
  LicenseInfo_NotBuy: 'Tài khoản meInvoice chưa mua gói hóa đơn, hãy liên hệ MISA',
  LicenseInfo_OutOfInvoice: 'Tài khoản meInvoice đã hết số hóa đơn, hãy mua thêm',
  LicenseInfo_Expired: 'Gói hóa đơn meInvoice đã hết hạn hoặc chưa thanh toán',
  InvalidTransactionID: 'Mã tra cứu hóa đơn không hợp lệ',
  SignatureEmpty: 'Tài khoản meInvoice chưa cấu hình chữ ký số (HSM)',
  InvalidSignature: 'Chữ ký số không khớp với chữ ký đã đăng ký trên tờ khai',
  CertRevocation: 'Chứng thư số đã bị thu hồi',
  InvalidCertByRegistration: 'Chứng thư số không có trong tờ khai đã được chấp nhận',
  HasRegistrationStopUseCert: 'Chứng thư số đã có tờ khai ngừng sử dụng',
  SigningTimeNotInRegistration: 'Ngày ký nằm ngoài thời hạn chứng thư số đã đăng ký',
  SignSoftDream78Exception: 'Lỗi ký số HSM, hãy liên hệ MISA',
  SignEsignHSMError: 'Lỗi ký số HSM, hãy liên hệ MISA',
  CallSignServiceFail: 'Chứng thư số của đơn vị không ký được hóa đơn',
  InvalidXMLData: 'Dữ liệu hóa đơn không hợp lệ theo chuẩn của cơ quan thuế',
  InvalidXMLContainEmoji: 'Dữ liệu hóa đơn có biểu tượng cảm xúc (emoji), hãy xóa đi',
  InvalidInvNo: 'Số hóa đơn không hợp lệ',
  BuyerTaxCode_TaxCodeInvalid: 'Mã số thuế người mua không hợp lệ',
  InvalidInvoiceData: 'Dữ liệu hóa đơn không hợp lệ',
  Exception: 'meInvoice gặp lỗi không rõ nguyên nhân, hãy liên hệ MISA',
  DeclarationNotExist: 'Chưa có tờ khai hóa đơn điện tử được cơ quan thuế chấp nhận',
  InvalidDeclaration: 'Chưa có tờ khai hóa đơn điện tử được cơ quan thuế chấp nhận',
  ExistDeclarationNotReceive: 'Tờ khai đang chờ cơ quan thuế chấp nhận',
  ExistsInvoiceNextYear: 'Đã có hóa đơn của năm sau trên ký hiệu này',
  InvoiceTemplateNotValidInDeclaration: 'Tờ khai không đăng ký loại hóa đơn này',
  InvalidInvoiceDate: 'Ngày hóa đơn nhỏ hơn ngày của hóa đơn cuối cùng cùng ký hiệu',
  TaxReductionDateInValid: 'Ngày hóa đơn không thuộc thời gian được giảm thuế',
  InvoiceCannotReplace: 'Không thể thay thế hóa đơn đã hủy',
  InvoiceCannotAdjust: 'Không thể điều chỉnh hóa đơn đã hủy hoặc đã bị thay thế',
  InvoiceCannotReplaceByStatusNew: 'Hóa đơn gốc chưa ở trạng thái được thay thế trên meInvoice',
  HasAdjustmentInvoice: 'Hóa đơn đã có hóa đơn điều chỉnh, không thể thay thế',
};

/** Field-named codes: `InvoiceDetail_<field>`, `RequireError_<field>`, `StockInTaxCode_NotInfo_…`. */
const PREFIXED: Array<[RegExp, (field: string) => string]> = [
  [/^InvoiceDetail_(.+)$/, (field) => `Dòng hàng có thông tin ${field} không hợp lệ`],
  [/^RequireError_(.+)$/, (field) => `Thiếu hoặc sai thông tin ${field}`],
];

export function meInvoiceMessage(code: string): string {
  const known = ERROR_TEXT[code];
  if (known) return known;
  for (const [pattern, text] of PREFIXED) {
    const match = pattern.exec(code);
    if (match) return text(match[1]!);
  }
  return `meInvoice từ chối (mã lỗi ${code})`;
}

/** A token meInvoice no longer takes: sign in again once (§15 "Đăng nhập lại để lấy token mới"). */
export const SIGN_IN_AGAIN = new Set(['UnAuthorize', 'TokenExpiredCode', 'InvalidTokenCode']);
/** The account itself is refused at sign-in: the connection must be fixed by a person. */
const ACCOUNT = new Set(['InvalidAppID', 'InActiveAppID', 'UnAuthorize', 'InvalidTaxCode', 'TokenExpiredCode', 'InvalidTokenCode']);
/** §1.6 and §7: "retry nếu gặp 2 mã lỗi InvoiceDuplicated và InvoiceNumberNotCotinuous" (a number collision). */
const RETRY = new Set(['InvoiceDuplicated', 'InvoiceNumberNotCotinuous']);
/** §15 DuplicateInvoiceRefID: "gọi API lấy trạng thái hóa đơn theo RefID" — the invoice is already there. */
export const ALREADY_SENT = new Set(['DuplicateInvoiceRefID', 'DuplicateRefID']);

function failureOf(code: string, status: number): ProviderFailure {
  if (ACCOUNT.has(code) || status === 401) return 'auth';
  if (RETRY.has(code) || ALREADY_SENT.has(code)) return 'server';
  return 'rejected';
}

/** meInvoice's refusal as our error: its Vietnamese sentence, whether trying again helps, its code. */
export function meInvoiceRefusal(code: string | null, status: number, body?: unknown): ProviderError {
  const providerCode = code ?? `HTTP ${status}`;
  return new ProviderError(failureOf(providerCode, status), meInvoiceMessage(providerCode), { status, providerCode, body });
}
