/**
 * People: sales staff (trình dược viên, or nhân viên bán hàng in a company of type
 * `Khác`) and office staff of a company. An employee is an account with a membership of the
 * company; the membership carries the staff kind, code, role, region, manager, start date and
 * whether the person is still active there. Paths follow product-spec.md §7 "Account (/account/api)".
 *
 * Update (`PUT employee/{id}/`) changes only the fields it is sent: a missing field stays as it is,
 * `null` clears it.
 */
import * as v from 'valibot';
import { salesStaffLabel, type MembershipStatus } from './company';
import { newPasswordField } from './auth-password';
import { phoneField } from './phone';
import { bodyObject, capitalize, idField, isIsoDate, pagingFields, requiredText } from './validation';

/** Relative to the `/api` prefix, trailing slashes as the spec writes them. */
export const employeePaths = {
  /** GET ?company&kind&page&limit&search&region&status */
  employees: '/account/api/employee/',
  /** GET ?company, PUT {company, …}: `id` is the account id. */
  employee: (id: number | string) => `/account/api/employee/${id}/`,
  /** POST: create or invite any kind of employee. */
  adminCreate: '/account/api/employee/admin/create/',
  /** GET ?company&kind&region: active members only, for staff pickers. */
  allStaff: '/account/api/employee/all_staff/',
  /** POST: quick create of a sales rep (kind `sales`, the sales role by default). */
  createStaff: '/account/api/employee/create_staff/',
  /** POST {company, account, is_active}: deactivate or reactivate. */
  inactiveStaff: '/account/api/employee/inactive_staff/',
  /** GET ?company: the roles, regions and possible managers the employee form offers. */
  options: '/account/api/employee/options/',
  /** GET ?company&kind&search&region&status: the list as .xlsx. */
  exportEmployees: '/account/api/employee/export/',
  /** PUT {company, new_password}: `id` is the account id. */
  adminUpdatePassword: (id: number | string) => `/account/api/admin/updatepassword/${id}/`,
  /** POST multipart (company, file, password): staff from Excel. */
  importStaff: '/account/api/import-data-sales/',
  /** GET ?company: the staff sheet template. */
  staffTemplate: '/account/api/import-data-sales/template/',
  /** POST multipart (company, file): monthly sales figures from Excel. */
  importRevenue: '/account/api/import-revenua-sales/',
  /** GET ?company: the sales figures template. */
  revenueTemplate: '/account/api/import-revenua-sales/template/',
} as const;

export const STAFF_KINDS = ['sales', 'office'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];

export const OFFICE_STAFF_LABEL = 'Nhân viên văn phòng';

/** Sales staff take the company type's label (`Trình dược viên` / `Nhân viên bán hàng`). */
export function staffKindLabel(kind: StaffKind, companyType: string | null | undefined): string {
  return kind === 'sales' ? salesStaffLabel(companyType) : OFFICE_STAFF_LABEL;
}

/** List filter by state: working now, deactivated, or invited and not yet answering. */
export const EMPLOYEE_STATUSES = ['active', 'inactive', 'invited'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, string> = {
  active: 'Đang hoạt động',
  inactive: 'Ngừng hoạt động',
  invited: 'Chờ chấp nhận lời mời',
};

/** The state a person sees for one employee row. */
export function employeeStateLabel(record: Pick<EmployeeRecord, 'is_active' | 'status_display'>): string {
  if (!record.is_active) return EMPLOYEE_STATUS_LABELS.inactive;
  switch (record.status_display) {
    case 'accept':
      return EMPLOYEE_STATUS_LABELS.active;
    case 'invited':
      return EMPLOYEE_STATUS_LABELS.invited;
    case 'pending':
      return 'Chờ công ty duyệt';
    default:
      return 'Đã từ chối lời mời';
  }
}

export type RoleRef = { id: number; name: string };
export type RegionRef = { id: number; code: string; name: string };
export type PersonRef = { id: number; full_name: string };

export type EmployeeRecord = {
  /** The account id (the path id of detail, update and password calls). */
  id: number;
  membership_id: number;
  company: number;
  code: string | null;
  full_name: string;
  phone: string;
  email: string | null;
  staff_kind: StaffKind;
  /** Null: no role given, the member works with the company's sales role. */
  role: RoleRef | null;
  /** A role change waiting for approval (`approle`). */
  pending_role: RoleRef | null;
  region: RegionRef | null;
  manager: PersonRef | null;
  status_display: MembershipStatus;
  is_active: boolean;
  is_owner: boolean;
  start_date: string | null;
  created_at: string;
};

/** One entry of a staff picker (`all_staff`). */
export type StaffOption = {
  id: number;
  full_name: string;
  phone: string;
  code: string | null;
  staff_kind: StaffKind;
  region_id: number | null;
};

export type EmployeeOptions = {
  roles: RoleRef[];
  regions: RegionRef[];
  /** Members who can be named manager (active, accepted or invited). */
  managers: StaffOption[];
  /** The caller's role changes apply at once; otherwise they wait for approval. */
  can_approve_roles: boolean;
};

/** What create and update answer besides the record: whether a role change waits for approval. */
export type EmployeeWriteAnswer = EmployeeRecord & { role_request_pending: boolean };

// ---- Input ------------------------------------------------------------------------------------

const CompanyId = idField('công ty');

/** A key that must be present, with its own message (the generic one names the raw key). */
function present<S extends v.GenericSchema>(schema: S, message: string) {
  // The null default makes the pipe run for a missing key, so the check can name it.
  return v.pipe(
    v.optional(v.nullable(schema), null),
    v.check((value) => value !== null, message),
    v.transform((value) => value as v.InferOutput<S>),
  );
}

/** Text that may be absent (unchanged), null or blank (cleared), or a value. */
function patchText(label: string, max: number) {
  return v.optional(
    v.pipe(
      v.nullable(v.string(`${capitalize(label)} phải là chuỗi ký tự`)),
      v.transform((value) => (value === null || value.trim() === '' ? null : value.normalize('NFC').trim())),
      v.check((value) => value === null || value.length <= max, `${capitalize(label)} không được dài quá ${max} ký tự`),
    ),
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^[\p{L}\p{N}._/-]+$/u;

export const EMPLOYEE_CODE_INVALID = 'Mã nhân viên chỉ gồm chữ, số và các ký tự . _ - /';

const emailField = v.pipe(
  patchText('email', 255),
  v.check((value) => value == null || EMAIL.test(value), 'Email không hợp lệ'),
);
const codeField = v.pipe(
  patchText('mã nhân viên', 40),
  v.check((value) => value == null || CODE.test(value), EMPLOYEE_CODE_INVALID),
);

const startDateField = v.pipe(
  patchText('ngày bắt đầu', 10),
  v.check((value) => value == null || isIsoDate(value), 'Ngày bắt đầu không hợp lệ (YYYY-MM-DD)'),
);

const optionalRef = (label: string) => v.optional(v.nullable(idField(label)));
const kindField = v.picklist(STAFF_KINDS, 'Loại nhân viên không hợp lệ');

/** An initial password for an account made here; the phone check runs on the server. */
const initialPassword = v.optional(v.nullable(newPasswordField('mật khẩu ban đầu')));

const createEntries = {
  company: CompanyId,
  phone: phoneField,
  /** Needed when the phone has no account yet; an existing account keeps its own name. */
  full_name: patchText('họ và tên', 120),
  email: emailField,
  /** Needed when the phone has no account yet. */
  password: initialPassword,
  code: codeField,
  role: optionalRef('vai trò'),
  region: optionalRef('khu vực'),
  manager: optionalRef('người quản lý'),
  start_date: startDateField,
};

export const EmployeeCreateSchema = bodyObject({
  ...createEntries,
  staff_kind: v.optional(kindField, 'office'),
});
export type EmployeeCreateInput = v.InferInput<typeof EmployeeCreateSchema>;
export type EmployeeCreateData = v.InferOutput<typeof EmployeeCreateSchema>;

/** `create_staff`: always a sales rep. */
export const StaffCreateSchema = bodyObject(createEntries);

export const EmployeeUpdateSchema = bodyObject({
  company: CompanyId,
  full_name: v.optional(requiredText('họ và tên', 120)),
  email: emailField,
  code: codeField,
  staff_kind: v.optional(kindField),
  role: optionalRef('vai trò'),
  region: optionalRef('khu vực'),
  manager: optionalRef('người quản lý'),
  start_date: startDateField,
});
export type EmployeeUpdateInput = v.InferInput<typeof EmployeeUpdateSchema>;
export type EmployeeUpdateData = v.InferOutput<typeof EmployeeUpdateSchema>;

export const InactiveStaffSchema = bodyObject({
  company: CompanyId,
  account: present(idField('nhân viên'), 'Vui lòng chọn nhân viên'),
  is_active: present(v.boolean('Trạng thái hoạt động phải là true hoặc false'), 'Vui lòng chọn trạng thái hoạt động'),
});

export const AdminPasswordSchema = bodyObject({
  company: CompanyId,
  new_password: newPasswordField(),
});

const searchField = v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài')));

export const EmployeeListQuery = v.object({
  company: CompanyId,
  ...pagingFields(),
  kind: v.optional(kindField),
  search: searchField,
  region: v.optional(idField('khu vực')),
  status: v.optional(v.picklist(EMPLOYEE_STATUSES, 'Trạng thái không hợp lệ')),
});
export type EmployeeListParams = v.InferInput<typeof EmployeeListQuery>;

export const CompanyQuery = v.object({ company: CompanyId });

export const AllStaffQuery = v.object({
  company: CompanyId,
  kind: v.optional(kindField),
  region: v.optional(idField('khu vực')),
});

// ---- Excel imports ----------------------------------------------------------------------------

/** Columns of the staff sheet (`import-data-sales`), in template order. Only the phone is required. */
export const STAFF_SHEET_COLUMNS = [
  'Mã NV',
  'Họ tên',
  'Số điện thoại',
  'Email',
  'Loại',
  'Vai trò',
  'Mã khu vực',
  'SĐT quản lý',
  'Ngày bắt đầu',
] as const;
export type StaffSheetColumn = (typeof STAFF_SHEET_COLUMNS)[number];

/** Columns of the sales sheet (`import-revenua-sales`): Mã NV or Số điện thoại names the person. */
export const REVENUE_SHEET_COLUMNS = ['Mã NV', 'Số điện thoại', 'Tháng', 'Doanh số', 'Số đơn'] as const;
export type RevenueSheetColumn = (typeof REVENUE_SHEET_COLUMNS)[number];

/** What the `Loại` column accepts (folded: no diacritics, lower case). */
export const STAFF_KIND_WORDS: Record<string, StaffKind> = {
  'trinh duoc vien': 'sales',
  tdv: 'sales',
  'nhan vien ban hang': 'sales',
  nvbh: 'sales',
  'ban hang': 'sales',
  sales: 'sales',
  'van phong': 'office',
  'nhan vien van phong': 'office',
  nvvp: 'office',
  office: 'office',
};

/** Rows per import call; a longer sheet is refused before anything is written. */
export const MAX_IMPORT_ROWS = 2000;

export type ImportRowResult = {
  /** The sheet's row number (the header is row 1). */
  row: number;
  ok: boolean;
  /** The column at fault, when one is. */
  column?: string;
  message: string;
};

export type StaffImportAnswer = {
  total: number;
  invited: number;
  updated: number;
  failed: number;
  rows: ImportRowResult[];
};

export type RevenueImportAnswer = {
  total: number;
  saved: number;
  failed: number;
  rows: ImportRowResult[];
};

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
