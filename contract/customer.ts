/** Customers (pharmacies, clinics, shops) as the server stores them and the client mirrors them. */
import * as v from 'valibot';
import { AddressSchema, type Address } from './address';
import { uuidField } from './sync';
import { optionalText, requiredText } from './validation';

export const CUSTOMER_KINDS = ['Nhà thuốc', 'Quầy thuốc', 'Phòng khám', 'Bệnh viện', 'Cửa hàng', 'Đại lý', 'Khác'] as const;
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
  lat: number | null;
  lng: number | null;
  note: string | null;
  created_at: string;
  updated_at: string;
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
};

/** The `customer.create` op: a customer made on a phone, offline or not, with its client id. */
export const CustomerCreateSchema = v.object({ id: uuidField('Mã khách hàng'), ...customerFields }, 'Dữ liệu khách hàng không hợp lệ');
export type CustomerCreatePayload = v.InferOutput<typeof CustomerCreateSchema>;

export type CustomerTypeRecord = {
  id: number;
  company: number;
  title: string;
  description: string | null;
  is_wholesale: boolean;
  updated_at: string;
};
export type CustomerLevelRecord = { id: number; company: number; title: string; rank: number; note: string | null; updated_at: string };
