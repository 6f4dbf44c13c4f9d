/**
 * Customers' personal data (docs/personal-data.md): many pharmacies and shops are household
 * businesses, so the owner's name, phone, address and the shop's map position are an individual's
 * personal data. The rules below come from the Personal Data Protection Law (Luật 91/2025/QH15,
 * in force 01/01/2026), its decree (NĐ 356/2025/NĐ-CP, which replaced NĐ 13/2023) and the
 * accounting law's retention duty. The phone and the server ask the same functions.
 */
import * as v from 'valibot';
import type { CustomerKind } from './customers';
import { addWorkingDays } from './calendar-days';
import { companyBodyField, companyQueryField, isIsoDate, isoInstantField, optionalText } from './validation';

/** Each rule as data with the text it comes from; tests go through them one by one (contract/customers-privacy.test.ts). */
export const PERSONAL_DATA_RULES = {
  consentOnCreate: {
    rule: 'Tạo khách hàng là hộ kinh doanh hoặc cá nhân phải kèm sự đồng ý của chủ cửa hàng, ghi rõ cách đồng ý',
    source: 'Luật Bảo vệ dữ liệu cá nhân 2025 (Luật 91/2025/QH15) về sự đồng ý của chủ thể dữ liệu; NĐ 356/2025/NĐ-CP',
  },
  noSilentConsent: {
    rule: 'Ô đồng ý không được đánh sẵn: im lặng hay không trả lời không phải là đồng ý',
    source: 'NĐ 356/2025/NĐ-CP: "Việc im lặng … không được xem là đồng ý"; không thiết lập phương thức mặc định đồng ý',
  },
  consentBeforeZalo: {
    rule: 'Chỉ liên kết người theo dõi Zalo với khách hàng là cá nhân khi khách đã đồng ý và chưa rút lại',
    source: 'Luật 91/2025/QH15: xử lý dữ liệu cá nhân cho mục đích chăm sóc, quảng cáo cần sự đồng ý của chủ thể dữ liệu',
  },
  answerWithin: {
    workingDays: 2,
    rule: 'Phản hồi yêu cầu xem hoặc xóa dữ liệu trong 2 ngày làm việc kể từ khi nhận',
    source:
      'NĐ 356/2025/NĐ-CP: bên kiểm soát dữ liệu phản hồi trong 2 ngày làm việc kể từ ngày nhận được yêu cầu (thay mốc 72 giờ của NĐ 13/2023)',
  },
  withdrawWithin: {
    days: 15,
    rule: 'Rút lại sự đồng ý có hiệu lực ngay trong ứng dụng (luật cho tối đa 15 ngày)',
    source: 'NĐ 356/2025/NĐ-CP: yêu cầu rút lại sự đồng ý được thực hiện trong 15 ngày',
  },
  keepAccountingRecords: {
    years: 10,
    rule: 'Xóa dữ liệu cá nhân không xóa đơn hàng, hóa đơn, phiếu thu: tên và địa chỉ khách hàng trên các chứng từ đó được giữ',
    source:
      'Luật Kế toán 2015 Điều 41 và NĐ 174/2016 Điều 12: chứng từ kế toán dùng để ghi sổ lưu ít nhất 10 năm; Luật 91/2025/QH15 cho phép giữ dữ liệu khi luật khác yêu cầu',
  },
} as const;

/** Kinds that are usually a household business or a person; the form starts from this and the person may change it. */
export const PERSON_KINDS: readonly CustomerKind[] = ['Nhà thuốc', 'Quầy thuốc', 'Cửa hàng', 'Đại lý', 'Khác'];
export const isPersonKind = (kind: CustomerKind): boolean => PERSON_KINDS.includes(kind);
export const PERSON_OPTIONS = [
  { value: 'person', label: 'Hộ kinh doanh, cá nhân' },
  { value: 'organisation', label: 'Doanh nghiệp, tổ chức' },
] as const;

export const CONSENT_METHODS = ['on_device', 'paper', 'message'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  on_device: 'Chủ cửa hàng tự xác nhận trên máy của nhân viên',
  paper: 'Chủ cửa hàng ký giấy đồng ý',
  message: 'Chủ cửa hàng đồng ý qua tin nhắn hoặc Zalo',
};

/** What the owner agrees to; its version is stored with each consent, so a later wording never rewrites what was agreed. */
export const CONSENT_NOTICE = {
  version: '2026-01',
  text:
    'Công ty lưu tên chủ cửa hàng, số điện thoại, địa chỉ và vị trí cửa hàng để nhận đơn, giao hàng, thu tiền và chăm sóc ' +
    'khách hàng (gồm nhắn tin Zalo). Chủ cửa hàng có thể xem, yêu cầu xóa hoặc rút lại sự đồng ý bất cứ lúc nào qua nhân viên phụ trách.',
} as const;

/** What a customer record carries about its personal data; `consent_at` is null when none is on file or it was withdrawn. */
export type CustomerPrivacy = {
  person: boolean;
  consent_at: string | null;
  consent_method: ConsentMethod | null;
  /** When the personal data was erased on request; the record then keeps only what the law needs. */
  erased_at: string | null;
};

/** An organisation's record: no personal data, nothing to consent to (fixtures and tests start from it). */
export const NO_PRIVACY: CustomerPrivacy = { person: false, consent_at: null, consent_method: null, erased_at: null };

/**
 * A record's privacy. A device's copy pulled before the field existed has none until the customer
 * next changes; what the server then holds is what migration 0037 set: the kind decides, no consent.
 */
export function privacyOf(record: { kind: string; privacy?: CustomerPrivacy | undefined }): CustomerPrivacy {
  return record.privacy ?? { ...NO_PRIVACY, person: isPersonKind(record.kind as CustomerKind) };
}

/** Consent given in the form that creates a customer, or recorded later on the customer's page. */
export const consentField = v.optional(
  v.nullable(
    v.object(
      {
        method: v.picklist(CONSENT_METHODS, 'Cách đồng ý không hợp lệ'),
        given_at: isoInstantField('Thời điểm đồng ý'),
      },
      'Sự đồng ý không hợp lệ',
    ),
  ),
  null,
);
export type ConsentInput = NonNullable<v.InferOutput<typeof consentField>>;

export const CONSENT_REQUIRED_MESSAGE =
  'Khách hàng là hộ kinh doanh hoặc cá nhân: cần chủ cửa hàng đồng ý cho lưu thông tin cá nhân trước khi tạo (Luật Bảo vệ dữ liệu cá nhân)';

/**
 * consentOnCreate: the refusal for a new customer, or null. The form always says whether the
 * customer is a person; a phone's op queued before this rule existed does not (`person` absent) and
 * is taken with no consent on file, so nothing queued before an update is lost: the customer's page
 * then asks for the consent.
 */
export function consentRefusal(input: { person?: boolean | undefined; consent?: ConsentInput | null | undefined }): string | null {
  return input.person === true && !input.consent ? CONSENT_REQUIRED_MESSAGE : null;
}

/** consentBeforeZalo: the refusal for linking a Zalo follower to this customer, or null. */
export function zaloLinkRefusal(customer: {
  name: string;
  privacy: Pick<CustomerPrivacy, 'person' | 'consent_at' | 'erased_at'>;
}): string | null {
  if (customer.privacy.erased_at) return `Không liên kết được: dữ liệu cá nhân của ${customer.name} đã được xóa theo yêu cầu`;
  if (customer.privacy.person && !customer.privacy.consent_at)
    return `Chưa liên kết được: ${customer.name} chưa đồng ý cho dùng thông tin cá nhân. Ghi nhận sự đồng ý ở trang khách hàng trước.`;
  return null;
}

/** Monday–Friday after `received`, counted in Vietnam's calendar (contract/calendar-days.ts addWorkingDays). */
export function answerDueDay(receivedDay: string, workingDays: number = PERSONAL_DATA_RULES.answerWithin.workingDays): string {
  return addWorkingDays(receivedDay, workingDays);
}

export const PRIVACY_EVENT_KINDS = ['consent', 'withdraw', 'access', 'erase'] as const;
export type PrivacyEventKind = (typeof PRIVACY_EVENT_KINDS)[number];
export const PRIVACY_EVENT_LABELS: Record<PrivacyEventKind, string> = {
  consent: 'Ghi nhận đồng ý',
  withdraw: 'Rút lại đồng ý',
  access: 'Xuất dữ liệu theo yêu cầu xem',
  erase: 'Xóa dữ liệu cá nhân theo yêu cầu',
};

/** One line of the customer's personal-data log: who did what, when, and what was asked. */
export type PrivacyEventRecord = {
  id: number;
  kind: PrivacyEventKind;
  method: ConsentMethod | null;
  notice_version: string | null;
  note: string | null;
  by_name: string | null;
  at: string;
  /** For a withdrawal, access or erase request: the day it was received and the day its answer was due (answerDueDay). */
  received_on: string | null;
  due_on: string | null;
};

export const ConsentRecordSchema = v.object(
  {
    company: companyBodyField,
    method: v.picklist(CONSENT_METHODS, 'Chọn cách chủ cửa hàng đồng ý'),
    note: optionalText('ghi chú', 500),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/** Withdrawing consent, or answering an access or erase request: who asked and when it was received. */
export const PrivacyRequestSchema = v.object(
  {
    company: companyBodyField,
    received_on: v.optional(v.pipe(v.string('Ngày nhận yêu cầu không hợp lệ'), v.check(isIsoDate, 'Ngày nhận yêu cầu không hợp lệ'))),
    note: optionalText('ghi chú', 500),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/** The access request's file: reading it is logged as answering the request received on that day (today when absent). */
export const PrivacyAccessQuery = v.object({
  company: companyQueryField,
  received_on: v.optional(v.pipe(v.string('Ngày nhận yêu cầu không hợp lệ'), v.check(isIsoDate, 'Ngày nhận yêu cầu không hợp lệ'))),
});

/** The erase request must name the customer's code, so a slip of the mouse cannot erase the wrong one. */
export const PrivacyEraseSchema = v.object(
  {
    ...PrivacyRequestSchema.entries,
    confirm_code: v.pipe(v.string('Nhập mã khách hàng để xác nhận'), v.trim(), v.nonEmpty('Nhập mã khách hàng để xác nhận')),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/** What erasing clears, and what it keeps and why (shown before the person confirms). */
export const ERASED_FIELDS = ['chủ cửa hàng', 'số điện thoại', 'số nhà, đường', 'vị trí trên bản đồ', 'ghi chú', 'liên kết Zalo'] as const;
export const ERASED_NAME = 'Khách hàng đã xóa dữ liệu';
export const ERASED_EDIT_MESSAGE =
  'Dữ liệu cá nhân của khách hàng này đã được xóa theo yêu cầu nên không sửa được; nếu chủ cửa hàng quay lại, hãy tạo khách hàng mới kèm sự đồng ý';

export const privacyPaths = {
  consent: (id: string) => `/customer/api/customer/${id}/privacy/consent/`,
  withdraw: (id: string) => `/customer/api/customer/${id}/privacy/withdraw/`,
  access: (id: string) => `/customer/api/customer/${id}/privacy/access/`,
  erase: (id: string) => `/customer/api/customer/${id}/privacy/erase/`,
  events: (id: string, company: number) => `/customer/api/customer/${id}/privacy/?company=${company}`,
};

export const privacyFileName = (code: string, day: string) => `du-lieu-ca-nhan-${code}-${day}.xlsx`;
