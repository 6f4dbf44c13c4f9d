/**
 * Order groups (GROUP-ORDER service): several customers' orders sent out on one delivery run, with
 * their statuses and the office's calls (contract/orders.ts orderPaths.groups).
 */
import * as v from 'valibot';
import { companyBodyField, companyQueryField, deliveryDateField, pagingFields, uuidField } from './validation';

/** Group orders (GROUP-ORDER service): several customers' orders sent out on one delivery run. */
export const ORDER_GROUP_STATUSES = ['open', 'delivering', 'done', 'cancelled'] as const;
export type OrderGroupStatus = (typeof ORDER_GROUP_STATUSES)[number];
export const ORDER_GROUP_STATUS_LABELS: Record<OrderGroupStatus, string> = {
  open: 'Đang gom đơn',
  delivering: 'Đang giao',
  done: 'Đã giao xong',
  cancelled: 'Đã hủy',
};
export const ORDER_GROUP_TRANSITIONS: Record<OrderGroupStatus, readonly OrderGroupStatus[]> = {
  open: ['delivering', 'cancelled'],
  delivering: ['done'],
  done: [],
  cancelled: [],
};

export type OrderGroupRecord = {
  id: number;
  company: number;
  code: string;
  title: string;
  delivery_date: string | null;
  status: OrderGroupStatus;
  note: string | null;
  order_count: number;
  total: number;
  created_at: string;
};

const groupOrders = v.pipe(v.array(uuidField('Đơn hàng'), 'Danh sách đơn hàng không hợp lệ'), v.maxLength(500, 'Tối đa 500 đơn mỗi nhóm'));

export const OrderGroupInputSchema = v.object(
  {
    company: companyBodyField,
    title: v.pipe(
      v.string('Tên nhóm phải là chuỗi ký tự'),
      v.trim(),
      v.nonEmpty('Vui lòng nhập tên nhóm'),
      v.maxLength(120, 'Tên nhóm không được dài quá 120 ký tự'),
    ),
    delivery_date: deliveryDateField,
    note: v.optional(
      v.nullable(v.pipe(v.string('Ghi chú phải là chuỗi ký tự'), v.maxLength(500, 'Ghi chú không được dài quá 500 ký tự'))),
      null,
    ),
    orders: v.optional(groupOrders, []),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const OrderGroupUpdateSchema = v.object(
  {
    company: companyBodyField,
    title: v.optional(OrderGroupInputSchema.entries.title),
    delivery_date: OrderGroupInputSchema.entries.delivery_date,
    note: OrderGroupInputSchema.entries.note,
    status: v.optional(v.picklist(ORDER_GROUP_STATUSES, 'Trạng thái nhóm không hợp lệ')),
    add: v.optional(groupOrders, []),
    remove: v.optional(groupOrders, []),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const OrderGroupListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  status: v.optional(v.picklist(ORDER_GROUP_STATUSES, 'Trạng thái nhóm không hợp lệ')),
});
