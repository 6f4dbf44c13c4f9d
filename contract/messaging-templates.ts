/** Zalo ZNS templates (contract/messaging.ts re-exports this file): their states, parameters, and the order and customer fields their data binds to. */
import * as v from 'valibot';
import { bodyObject, companyBodyField, companyQueryField, idField, uuidField } from './validation';

export const TEMPLATE_STATUSES = ['enabled', 'pending', 'rejected', 'disabled'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_STATUS_LABELS: Record<TemplateStatus, string> = {
  enabled: 'Đang hoạt động',
  pending: 'Chờ duyệt',
  rejected: 'Bị từ chối',
  disabled: 'Đã tắt',
};

export type TemplateParam = { name: string; type: string; require: boolean; max_length: number | null };

/** Where a template parameter takes its value: a field of the order, customer or company, or fixed text. */
export const BINDING_FIELDS = [
  'customer.name',
  'customer.code',
  'customer.phone',
  'customer.owner_name',
  'customer.address',
  'order.code',
  'order.total',
  'order.date',
  'order.status',
  'order.delivery_date',
  'company.name',
  'company.phone',
] as const;
export type BindingField = (typeof BINDING_FIELDS)[number];
export const BINDING_FIELD_LABELS: Record<BindingField, string> = {
  'customer.name': 'Tên khách hàng',
  'customer.code': 'Mã khách hàng',
  'customer.phone': 'Số điện thoại khách hàng',
  'customer.owner_name': 'Người đại diện',
  'customer.address': 'Địa chỉ khách hàng',
  'order.code': 'Mã đơn hàng',
  'order.total': 'Tổng tiền đơn hàng',
  'order.date': 'Ngày đặt hàng',
  'order.status': 'Trạng thái đơn hàng',
  'order.delivery_date': 'Ngày giao hàng',
  'company.name': 'Tên công ty',
  'company.phone': 'Số điện thoại công ty',
};
export type TemplateBinding = { field: BindingField } | { text: string };
export type TemplateBindings = Record<string, TemplateBinding>;

export type TemplateRecord = {
  id: number;
  oa: number;
  template_id: string;
  name: string;
  status: TemplateStatus;
  quality: string | null;
  tag: string | null;
  price: number | null;
  preview_url: string | null;
  params: TemplateParam[];
  sample_data: Record<string, string>;
  bindings: TemplateBindings;
  synced_at: string | null;
};

export const TemplateListQuery = v.object({
  company: companyQueryField,
  oa: idField('OA'),
  status: v.optional(v.picklist(TEMPLATE_STATUSES, 'Trạng thái mẫu không hợp lệ')),
});

const BindingSchema = v.union(
  [
    v.object({ field: v.picklist(BINDING_FIELDS, 'Trường dữ liệu không hợp lệ') }),
    v.object({ text: v.pipe(v.string('Nội dung cố định không hợp lệ'), v.maxLength(200, 'Nội dung cố định tối đa 200 ký tự')) }),
  ],
  'Cách điền tham số không hợp lệ',
);
export const TemplateBindingsSchema = bodyObject({
  company: companyBodyField,
  bindings: v.pipe(
    v.record(v.pipe(v.string(), v.maxLength(60, 'Tên tham số không hợp lệ')), BindingSchema, 'Cách điền tham số không hợp lệ'),
    v.check((value) => Object.keys(value).length <= 40, 'Mẫu có tối đa 40 tham số'),
  ),
});

export const TemplatePreviewQuery = v.object({
  company: companyQueryField,
  order: v.optional(uuidField('Đơn hàng')),
  customer: v.optional(uuidField('Khách hàng')),
});
export type TemplatePreview = { data: Record<string, string>; missing: string[] };
