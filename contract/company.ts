/** Companies (workspaces), memberships and the labels that depend on the company type. */
import * as v from 'valibot';
import { bodyObject, idField, optionalText, pagingFields, requiredText } from './validation';

export const COMPANY_TYPES = ['Dược phẩm', 'Thiết bị y tế', 'Mỹ phẩm', 'Thực phẩm chức năng', 'Khác'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Sales staff are "Trình dược viên" everywhere except in a company of type 'Khác'. */
export function salesStaffLabel(companyType: string | null | undefined): string {
  return companyType === 'Khác' ? 'Nhân viên bán hàng' : 'Trình dược viên';
}

/** Membership states; only `accept` lets a person enter the workspace. */
export const MEMBERSHIP_STATUSES = ['accept', 'pending', 'invited', 'reject'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  accept: 'Đã xác nhận',
  pending: 'Chờ xác nhận',
  invited: 'Được mời tham gia',
  reject: 'Từ chối',
};

export function isAcceptedMembership(statusDisplay: string | null | undefined): boolean {
  return (statusDisplay ?? '').toLowerCase() === 'accept';
}

export type CompanySummary = { id: number; title: string; type: string };

export type Company = CompanySummary & {
  tax_code: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  /** What the company trades in: a business type's id (contract/system.ts BusinessTypeRecord). */
  business_type: number | null;
  created_at: string;
};

/** checkcompany/: whether a name or tax code is taken, and by which company (to ask to join it). */
export type CompanyCheck = { exists: boolean; company: CompanySummary | null };

export type Membership = {
  id: number;
  company: number;
  company_data: CompanySummary;
  status_display: MembershipStatus;
  is_owner: boolean;
  /** False when the company deactivated the member: the workspace cannot be entered. */
  is_active?: boolean;
};

/** Shown when a deactivated member tries to enter the workspace. */
export const INACTIVE_WORKSPACE_WARNING = 'Tài khoản của bạn đã bị ngừng hoạt động tại công ty này. Vui lòng liên hệ quản trị công ty.';

const companyType = v.picklist(COMPANY_TYPES, 'Loại công ty không hợp lệ');

export const CreateCompanySchema = bodyObject({
  title: requiredText('tên công ty'),
  type: companyType,
  tax_code: optionalText('mã số thuế', 20),
  phone: optionalText('số điện thoại', 20),
  email: optionalText('email', 255),
  address: optionalText('địa chỉ', 500),
});

export const UpdateCompanySchema = bodyObject({
  title: v.optional(requiredText('tên công ty')),
  type: v.optional(companyType),
  tax_code: optionalText('mã số thuế', 20),
  phone: optionalText('số điện thoại', 20),
  email: optionalText('email', 255),
  address: optionalText('địa chỉ', 500),
});

export const CompanyListQuery = v.object({
  ...pagingFields(),
  title__icontains: v.optional(v.pipe(v.string(), v.maxLength(255, 'Từ khóa quá dài'))),
});

export const CheckCompanySchema = bodyObject({
  title: v.optional(requiredText('tên công ty')),
  tax_code: v.optional(requiredText('mã số thuế', 20)),
});

export const JoinCompanySchema = bodyObject({ company: idField('công ty') });

export const UpdateMembershipSchema = bodyObject({
  status: v.picklist(MEMBERSHIP_STATUSES, 'Trạng thái không hợp lệ'),
  /** With `accept` of a join request: the member's role (a role of the company). */
  role: v.optional(idField('vai trò')),
});

export const FunctionOnOffQuery = v.object({
  company: idField('công ty'),
  code: v.optional(v.pipe(v.string(), v.maxLength(64, 'Mã chức năng không hợp lệ'))),
});

export const SetFunctionSchema = bodyObject({
  company: idField('công ty'),
  code: v.pipe(v.string('Mã chức năng không hợp lệ'), v.maxLength(64, 'Mã chức năng không hợp lệ')),
  is_enabled: v.boolean('Giá trị bật/tắt phải là true hoặc false'),
});
