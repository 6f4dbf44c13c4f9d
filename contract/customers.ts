/** Customers (pharmacies, clinics, shops) as the server stores them and the client mirrors them. */
import * as v from 'valibot';
import { defineSyncDomain } from './sync';
import { AddressSchema, type Address } from './address';
import { addDays } from './calendar-days';
import { CUSTOMER_TABS, LICENCE_STATES, type LicenceState } from './customers-tabs';
import { CONSENT_REQUIRED_MESSAGE, consentField, consentRefusal, type CustomerPrivacy } from './customers-privacy';
import { UUID_PATTERN } from './uuid';
import {
  companyBodyField,
  companyQueryField,
  isoInstantField,
  optionalDay,
  optionalText,
  pagingFields,
  requiredText,
  uuidField,
} from './validation';

export const CUSTOMER_KINDS = [
  'Nhà thuốc',
  'Quầy thuốc',
  'Tủ thuốc trạm y tế',
  'Cơ sở bán buôn',
  'Phòng khám',
  'Bệnh viện',
  'Cửa hàng',
  'Đại lý',
  'Khác',
] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = { active: 'Đang hoạt động', inactive: 'Ngừng hoạt động' };

export type CustomerRecord = {
  id: string;
  company: number;
  code: string;
  name: string;
  kind: string;
  phone: string | null;
  tax_code: string | null;
  owner_name: string | null;
  address: Address;
  staff_id: number | null;
  staff_name: string | null;
  customer_type_id: number | null;
  level_id: number | null;
  status: CustomerStatus;
  /** A licensed drug business: may be promoted medicines (contract/promotions-engine.ts). */
  drug_business: boolean;
  /** A household business or person, and the owner's consent (contract/customers-privacy.ts). */
  privacy: CustomerPrivacy;
} & CustomerLicence & {
    lat: number | null;
    lng: number | null;
    note: string | null;
    created_at: string;
    updated_at: string;
  };

/** The customer's drug licence and GPP/GDP certificate (contract/pharma.ts checks a sale against them). */
export type CustomerLicence = {
  licence_number: string | null;
  licence_issuer: string | null;
  licence_date: string | null;
  /** The licence covers drugs under special control and the restricted-retail list. */
  controlled_scope: boolean;
  gpp_number: string | null;
  gpp_expiry: string | null;
  /** An uploaded scan's id (customerPaths.licenceScan), or null. */
  licence_scan: string | null;
  /** Mã cơ sở in the national pharmacy database. */
  outlet_code: string | null;
};

/** A licence scan: a photo (JPEG, PNG, WebP) or a PDF, read by its first bytes, at most 5 MB. */
export const LICENCE_SCAN_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type LicenceScanType = (typeof LICENCE_SCAN_TYPES)[number];
export const MAX_LICENCE_SCAN_BYTES = 5 * 1024 * 1024;

/** A customer with no papers on file: what a record holds before anyone types them. */
export const NO_LICENCE: CustomerLicence = {
  licence_number: null,
  licence_issuer: null,
  licence_date: null,
  controlled_scope: false,
  gpp_number: null,
  gpp_expiry: null,
  licence_scan: null,
  outlet_code: null,
};

/** The licence fields as the office form, the Excel import and the phone's `customer.licence` op send them. */
export const licenceFields = {
  licence_number: optionalText('số giấy chứng nhận đủ điều kiện kinh doanh dược', 60),
  licence_issuer: optionalText('nơi cấp giấy chứng nhận', 200),
  licence_date: optionalDay('Ngày cấp giấy chứng nhận'),
  controlled_scope: v.optional(v.boolean('Phạm vi kinh doanh thuốc kiểm soát đặc biệt không hợp lệ'), false),
  gpp_number: optionalText('số giấy chứng nhận GPP/GDP', 60),
  gpp_expiry: optionalDay('Ngày hết hạn GPP/GDP'),
  licence_scan: v.optional(
    v.nullable(v.pipe(v.string('Bản chụp giấy phép không hợp lệ'), v.regex(UUID_PATTERN, 'Bản chụp giấy phép không hợp lệ'))),
    null,
  ),
  outlet_code: optionalText('mã cơ sở dược quốc gia', 40),
};

const coordinate = (label: string, limit: number) =>
  v.optional(
    v.nullable(
      v.pipe(v.number(`${label} không hợp lệ`), v.minValue(-limit, `${label} không hợp lệ`), v.maxValue(limit, `${label} không hợp lệ`)),
    ),
    null,
  );

const optionalId = (label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number(`${label} không hợp lệ`),
        v.integer(`${label} không hợp lệ`),
        v.minValue(1, `${label} không hợp lệ`),
        v.maxValue(2_147_483_647, `${label} không hợp lệ`),
      ),
    ),
    null,
  );

/** Fields a person fills in; shared by the online form and the offline `customer.create` op. */
export const customerFields = {
  code: v.optional(v.nullable(v.pipe(v.string('Mã khách hàng không hợp lệ'), v.trim(), v.maxLength(40, 'Mã khách hàng quá dài'))), null),
  name: requiredText('tên khách hàng', 200),
  kind: v.optional(v.picklist(CUSTOMER_KINDS, 'Loại khách hàng không hợp lệ'), 'Nhà thuốc'),
  phone: v.optional(
    v.nullable(v.pipe(v.string('Số điện thoại không hợp lệ'), v.trim(), v.regex(/^(0\d{9,10})?$/, 'Số điện thoại không hợp lệ'))),
    null,
  ),
  tax_code: v.optional(
    v.nullable(
      v.pipe(
        v.string('Mã số thuế không hợp lệ'),
        v.trim(),
        v.regex(/^(\d{10}(-\d{3})?)?$/, 'Mã số thuế gồm 10 chữ số (hoặc 10 chữ số - 3 chữ số)'),
      ),
    ),
    null,
  ),
  owner_name: optionalText('tên chủ cửa hàng', 120),
  address: v.optional(AddressSchema),
  staff_id: optionalId('Nhân viên phụ trách'),
  customer_type_id: optionalId('Nhóm khách hàng'),
  level_id: optionalId('Cấp độ'),
  status: v.optional(v.picklist(CUSTOMER_STATUSES, 'Trạng thái không hợp lệ'), 'active'),
  lat: coordinate('Vĩ độ', 90),
  lng: coordinate('Kinh độ', 180),
  note: optionalText('ghi chú', 1000),
  /** Holds a drug-business licence; absent: a pharmacy or drug counter does (DRUG_BUSINESS_KINDS). */
  drug_business: v.optional(v.boolean('Giá trị giấy phép kinh doanh dược không hợp lệ')),
  /** A household business or person (its owner's data is personal data); absent: the kind decides (isPersonKind). */
  person: v.optional(v.boolean('Giá trị hộ kinh doanh, cá nhân không hợp lệ')),
  /** The owner's consent, taken when the customer is created; later ones go through privacyPaths.consent. */
  consent: consentField,
  ...licenceFields,
};

/** Kinds that hold a drug-business licence unless the form says otherwise (promotions of medicines, NĐ 81/2018 Điều 5). */
export const DRUG_BUSINESS_KINDS: readonly CustomerKind[] = ['Nhà thuốc', 'Quầy thuốc'];

export function isDrugBusiness(input: { kind: CustomerKind; drug_business?: boolean | undefined }): boolean {
  return input.drug_business ?? DRUG_BUSINESS_KINDS.includes(input.kind);
}

/** Days before a GPP/GDP certificate's expiry that it counts as running out (reminders go out 30 days ahead). */
export const LICENCE_EXPIRING_DAYS = 30;

/**
 * Missing without a licence number; otherwise by the GPP/GDP certificate's expiry: expired before
 * today, expiring within LICENCE_EXPIRING_DAYS, valid after (or when no expiry is on file, as
 * contract/pharma.ts licenceFinding reads it).
 */
export function licenceState(licence: Pick<CustomerLicence, 'licence_number' | 'gpp_expiry'>, today: string): LicenceState {
  if (!licence.licence_number?.trim()) return 'missing';
  if (!licence.gpp_expiry) return 'valid';
  if (licence.gpp_expiry < today) return 'expired';
  return licence.gpp_expiry <= addDays(today, LICENCE_EXPIRING_DAYS) ? 'expiring' : 'valid';
}

/** The `customer.create` op: a customer made on a phone, offline or not, with its client id. */
export const CustomerCreateSchema = v.pipe(
  v.object({ id: uuidField('Mã khách hàng'), ...customerFields }, 'Dữ liệu khách hàng không hợp lệ'),
  // consentOnCreate (contract/customers-privacy.ts), the same on the online create below.
  v.forward(
    v.check((input) => consentRefusal(input) === null, CONSENT_REQUIRED_MESSAGE),
    ['consent'],
  ),
);
export type CustomerCreatePayload = v.InferOutput<typeof CustomerCreateSchema>;

/** No default: an older phone's op carries no kind, and then the stored one stays. */
const licenceKind = v.optional(v.picklist(CUSTOMER_KINDS, 'Loại hình kinh doanh không hợp lệ'));
/** The `customer.licence` op: a rep updated a customer's papers and business type on the phone, offline or not. */
export const CustomerLicenceSchema = v.object(
  { customerId: uuidField('Khách hàng'), kind: licenceKind, ...licenceFields, editedAt: isoInstantField('Thời điểm sửa') },
  'Dữ liệu giấy phép không hợp lệ',
);
export type CustomerLicencePayload = v.InferOutput<typeof CustomerLicenceSchema>;

export type CustomerTypeRecord = {
  id: number;
  company: number;
  title: string;
  description: string | null;
  is_wholesale: boolean;
  updated_at: string;
};
export type CustomerLevelRecord = { id: number; company: number; title: string; rank: number; note: string | null; updated_at: string };

const numericQuery = (label: string) => v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${label} không hợp lệ`), v.transform(Number)));

export {
  CUSTOMER_TAB_LABELS,
  CUSTOMER_TABS,
  LICENCE_STATE_LABELS,
  LICENCE_STATES,
  type CustomerTab,
  type LicenceState,
} from './customers-tabs';

export const CUSTOMER_SORTS = ['name', '-name', 'code', '-code', '-created_at', 'created_at'] as const;

export const CustomerListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  /** Business type (Nhà thuốc, Phòng khám…): spec filterCustomerType. */
  kind: v.optional(v.pipe(v.string(), v.maxLength(60, 'Loại khách hàng không hợp lệ'))),
  /** Customer group: spec filterCustomerGroup. */
  customer_type: numericQuery('Nhóm khách hàng'),
  level: numericQuery('Cấp độ'),
  /** Assigned sales staff: spec filterUserSale. */
  staff: numericQuery('Nhân viên phụ trách'),
  province: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Tỉnh/thành phố không hợp lệ'))),
  ward: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Phường/xã không hợp lệ'))),
  tab: v.optional(v.picklist(CUSTOMER_TABS, 'Bộ lọc không hợp lệ'), 'all'),
  /** How the licence stands (licenceState), judged on the server's day. */
  licence: v.optional(v.picklist(LICENCE_STATES, 'Bộ lọc giấy phép không hợp lệ')),
  ordering: v.optional(v.picklist(CUSTOMER_SORTS, 'Cách sắp xếp không hợp lệ'), 'name'),
});

/** Online create/edit of a customer; `id` lets a form made offline keep its client id. */
export const CustomerInputSchema = v.object(
  { company: companyBodyField, id: v.optional(uuidField('Mã khách hàng')), ...customerFields },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);
/** The online create: the same consent rule as the op. */
export const CustomerCreateInputSchema = v.pipe(
  CustomerInputSchema,
  v.forward(
    v.check((input) => consentRefusal(input) === null, CONSENT_REQUIRED_MESSAGE),
    ['consent'],
  ),
);
export type CustomerInput = v.InferInput<typeof CustomerInputSchema>;

export const CustomerStatusSchema = v.object(
  { company: companyBodyField, status: v.picklist(CUSTOMER_STATUSES, 'Trạng thái không hợp lệ') },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const CustomerTypeInputSchema = v.object(
  {
    company: companyBodyField,
    title: requiredText('tên nhóm khách hàng', 120),
    description: optionalText('mô tả', 500),
    is_wholesale: v.optional(v.boolean('Giá trị bán sỉ không hợp lệ'), false),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const CustomerLevelInputSchema = v.object(
  {
    company: companyBodyField,
    title: requiredText('tên cấp độ', 60),
    rank: v.optional(
      v.pipe(
        v.number('Thứ hạng phải là số'),
        v.integer('Thứ hạng phải là số nguyên'),
        v.minValue(0, 'Thứ hạng không được âm'),
        v.maxValue(1000, 'Thứ hạng tối đa 1000'),
      ),
      0,
    ),
    note: optionalText('ghi chú', 500),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

const customerIds = v.pipe(
  v.array(uuidField('Khách hàng'), 'Danh sách khách hàng không hợp lệ'),
  v.minLength(1, 'Chưa chọn khách hàng nào'),
  v.maxLength(1000, 'Tối đa 1000 khách hàng mỗi lần'),
);

/** addcustomer/ and deletecustomer/: put customers into a group, or take them out. */
export const GroupMembersSchema = v.object(
  {
    company: companyBodyField,
    customer_type_id: v.pipe(
      v.number('Nhóm khách hàng không hợp lệ'),
      v.integer('Nhóm khách hàng không hợp lệ'),
      v.minValue(1, 'Nhóm khách hàng không hợp lệ'),
      v.maxValue(2_147_483_647, 'Nhóm khách hàng không hợp lệ'),
    ),
    customers: customerIds,
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/** update-customer/: the same change for many customers (assign staff, level, group, status). */
export const BulkCustomerUpdateSchema = v.pipe(
  v.object(
    {
      company: companyBodyField,
      customers: customerIds,
      changes: v.object(
        {
          staff_id: v.optional(customerFields.staff_id),
          level_id: v.optional(customerFields.level_id),
          customer_type_id: v.optional(customerFields.customer_type_id),
          status: v.optional(v.picklist(CUSTOMER_STATUSES, 'Trạng thái không hợp lệ')),
        },
        'Thay đổi không hợp lệ',
      ),
    },
    'Dữ liệu gửi lên phải là một đối tượng JSON',
  ),
  v.check((input) => Object.values(input.changes).some((value) => value !== undefined), 'Chưa chọn thay đổi nào'),
);

export const customerPaths = {
  customers: '/customer/api/customer/',
  customer: (id: string) => `/customer/api/customer/${id}/`,
  status: (id: string) => `/customer/api/customer/${id}/status/`,
  types: '/customer/api/customertype/',
  type: (id: number | string) => `/customer/api/customertype/${id}/`,
  levels: '/customer/api/customer-level/',
  level: (id: number | string) => `/customer/api/customer-level/${id}/`,
  addToGroup: '/customer/api/addcustomer/',
  removeFromGroup: '/customer/api/deletecustomer/',
  bulkUpdate: '/customer/api/update-customer/',
  businessTypes: '/customer/api/bussinesstype/',
  /**
   * The licence scan: POST multipart (`file`, `company`) replaces it, DELETE ?company=
   * removes it, GET ?company= serves it to members who may view the customer.
   */
  licenceScan: (id: string) => `/customer/api/customer/${id}/licence-scan/`,
  /** GET ?company, PUT {company, columns}: the customer table's columns of this person (customer-table views). */
  tableView: '/customer/api/customer-table/',
} as const;

/** Columns a person may show in the customer table (customer-table view settings), in the table's order. */
export const CUSTOMER_COLUMNS = ['code', 'name', 'kind', 'phone', 'address', 'group', 'level', 'staff', 'status'] as const;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];
export const DEFAULT_CUSTOMER_COLUMNS: CustomerColumn[] = [...CUSTOMER_COLUMNS];

export const CustomerTableViewSchema = v.object(
  {
    company: companyBodyField,
    columns: v.pipe(
      v.array(v.picklist(CUSTOMER_COLUMNS, 'Cột không hợp lệ'), 'Danh sách cột không hợp lệ'),
      v.minLength(1, 'Cần ít nhất một cột'),
      v.maxLength(CUSTOMER_COLUMNS.length, 'Quá nhiều cột'),
    ),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/** A customer group with how many customers it holds (the /customers/type list and detail). */
export type CustomerTypeSummary = CustomerTypeRecord & { customer_count: number };

/** What customers sync with the phones (contract/sync-domains.ts): records mirrored, ops queued. */
export const customersSync = defineSyncDomain({
  name: 'customers',
  entities: ['customer', 'customer_type', 'customer_level'],
  reads: {
    customer: { anyOf: [['customers', 'view']] },
    customer_type: { anyOf: [['customers', 'view']] },
    customer_level: { anyOf: [['customers', 'view']] },
  },
  ops: {
    'customer.create': { schema: CustomerCreateSchema, label: 'Tạo khách hàng', permission: ['customers', 'create'] },
    'customer.licence': { schema: CustomerLicenceSchema, label: 'Cập nhật giấy phép', permission: ['customers', 'edit'] },
  },
});
