/**
 * Orders: the record both sides keep, the `order.submit` op a rep queues (offline or
 * not), and the office's calls (list filters, status moves single and bulk, cancel, export).
 */
import * as v from 'valibot';
import { defineSyncDomain } from './sync';
import type { LineDiscount } from './orders-totals';
import type { DiscountApproval } from './orders-discount';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from './orders-status';
import { companyQueryField, deliveryDateField, idField, isIsoDate, isoInstantField, pagingFields, uuidField } from './validation';

export type OrderLineRecord = {
  id: string;
  variant_id: number;
  product_name: string;
  variant_name: string;
  sku: string;
  unit: string;
  factor: number;
  quantity: number;
  /** The price charged for one unit, after the price policy. */
  unit_price: number;
  list_price: number;
  policy_title: string | null;
  discount: LineDiscount | null;
  discount_amount: number;
  /** Taken off by promotions, and by which (contract/promotions-engine.ts). */
  promotion_amount: number;
  promotions: { promotion_id: number; amount: number }[];
  /** A gift line at 0 đ, given by `promotion_id`. */
  is_gift: boolean;
  promotion_id: number | null;
  vat_rate: number;
  vat_amount: number;
  line_total: number;
};

export type OrderRecord = {
  id: string;
  company: number;
  /** The official code (DH000123), given by the server; null until then. */
  code: string | null;
  /** The number the phone gave it (rep initials, device, counter), unique in the company. */
  local_no: string;
  status: OrderStatus;
  status_reason: string | null;
  payment_status: PaymentStatus;
  customer_id: string;
  customer_code: string;
  customer_name: string;
  customer_phone: string | null;
  customer_address: string;
  province_code: string | null;
  ward_code: string | null;
  account_id: number;
  account_name: string;
  visit_id: string | null;
  group_id: number | null;
  delivery_date: string | null;
  note: string | null;
  vat_on: boolean;
  lines: OrderLineRecord[];
  subtotal: number;
  discount_total: number;
  promotion_total: number;
  /** The programmes that gave something, for the order's page and the promotions report. */
  promotions: OrderPromotion[];
  vat_total: number;
  total: number;
  created_at: string;
  received_at: string;
  updated_at: string;
  /**
   * Taken at a customer outside the rep's data scope, which their role allowed ("bán ngoài tuyến",
   * docs/decisions.md); the order's first history row says so (OFF_ROUTE_REASON).
   */
  off_route?: boolean;
  /**
   * The rep's discount went over their role's maximum: the order waits for a manager, whose confirm
   * approves it (contract/orders-discount.ts); null or absent when no approval was needed. Absent on
   * device copies written before it existed.
   */
  discount_approval?: DiscountApproval | null;
  /** Its type (contract/orders-types.ts): bán lẻ, bán sỉ, đổi trả …; null on orders taken before types. */
  order_type_id?: number | null;
  order_type_name?: string | null;
  /**
   * Taken over the customer's or the rep's credit limit with the company's policy "warn"
   * (contract/receivables-ledger.ts creditVerdict): why. Absent on copies written before it existed.
   */
  credit_warning?: string | null;
};

/** A programme applied to an order: what it gave and how it reads. */
export type OrderPromotion = { promotion_id: number; code: string; name: string; discount: number; gift_value: number; summary: string };

/** The reason on the first status history row of an order taken off route. */
export const OFF_ROUTE_REASON = 'Bán ngoài tuyến';

const positiveInt = (label: string, max = 2_147_483_647) =>
  v.pipe(
    v.number(`${label} phải là số`),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(1, `${label} phải lớn hơn 0`),
    v.maxValue(max, `${label} quá lớn`),
  );

export const LineDiscountSchema = v.nullable(
  v.pipe(
    v.object(
      {
        kind: v.picklist(['percent', 'amount'], 'Kiểu chiết khấu không hợp lệ'),
        value: v.pipe(v.number('Chiết khấu phải là số'), v.minValue(0, 'Chiết khấu không được âm')),
      },
      'Chiết khấu không hợp lệ',
    ),
    v.check((discount) => discount.kind !== 'percent' || discount.value <= 100, 'Chiết khấu tối đa 100%'),
  ),
);

export const OrderLineInputSchema = v.object(
  {
    lineId: uuidField('Dòng đơn hàng'),
    variantId: positiveInt('Sản phẩm'),
    unit: v.pipe(
      v.string('Đơn vị tính không hợp lệ'),
      v.trim(),
      v.nonEmpty('Vui lòng chọn đơn vị tính'),
      v.maxLength(30, 'Đơn vị tính không hợp lệ'),
    ),
    quantity: positiveInt('Số lượng', 1_000_000),
    /** The unit price the rep saw when adding the line. */
    quotedUnitPrice: v.pipe(
      v.number('Giá phải là số'),
      v.integer('Giá phải là số nguyên'),
      v.minValue(0, 'Giá không được âm'),
      v.maxValue(100_000_000_000, 'Giá quá lớn'),
    ),
    discount: v.optional(LineDiscountSchema, null),
  },
  'Dòng đơn hàng không hợp lệ',
);
export type OrderLineInput = v.InferOutput<typeof OrderLineInputSchema>;

/** The `order.submit` op. Resubmitting a refused order reuses its orderId with a new opId. */
export const OrderSubmitSchema = v.object(
  {
    orderId: uuidField('Mã đơn hàng'),
    localNo: v.pipe(
      v.string('Số đơn trên máy không hợp lệ'),
      v.regex(/^[A-Z0-9]{1,6}-[A-Z0-9]{4}-\d{1,6}$/, 'Số đơn trên máy không hợp lệ'),
    ),
    customerId: uuidField('Khách hàng'),
    visitId: v.optional(v.nullable(uuidField('Lượt ghé thăm')), null),
    /** The warehouse to reserve and ship from (the rep's active one); absent: the company's default. */
    warehouseId: v.optional(v.nullable(idField('Kho'))),
    deliveryDate: deliveryDateField,
    /**
     * The order type the rep chose (contract/orders-types.ts); absent (phones of older builds) or
     * null: the company's default type. The server checks the rep may use it.
     */
    orderTypeId: v.optional(v.nullable(idField('Loại đơn hàng'))),
    note: v.optional(
      v.nullable(v.pipe(v.string('Ghi chú phải là chuỗi ký tự'), v.maxLength(1000, 'Ghi chú không được dài quá 1000 ký tự'))),
      null,
    ),
    lines: v.pipe(
      v.array(OrderLineInputSchema, 'Danh sách sản phẩm không hợp lệ'),
      v.minLength(1, 'Đơn hàng cần ít nhất một sản phẩm'),
      v.maxLength(200, 'Đơn hàng tối đa 200 dòng'),
    ),
    /**
     * What the phone's engine gave (REWARD on): the server refuses the order when it would give less
     * (a programme stopped, ended or spent while the rep was offline), for the rep to confirm.
     */
    promotion: v.optional(
      v.nullable(
        v.object(
          {
            total: v.pipe(
              v.number('Khuyến mại không hợp lệ'),
              v.integer('Khuyến mại không hợp lệ'),
              v.minValue(0, 'Khuyến mại không hợp lệ'),
            ),
            gifts: v.pipe(
              v.array(
                v.object(
                  {
                    promotionId: positiveInt('Chương trình'),
                    variantId: positiveInt('Hàng tặng'),
                    quantity: positiveInt('Số lượng tặng', 1_000_000),
                  },
                  'Hàng tặng không hợp lệ',
                ),
                'Hàng tặng không hợp lệ',
              ),
              v.maxLength(200, 'Quá nhiều hàng tặng'),
            ),
            /** The programmes that gave something on the phone. */
            applied: v.optional(
              v.pipe(v.array(positiveInt('Chương trình'), 'Chương trình không hợp lệ'), v.maxLength(200, 'Quá nhiều chương trình')),
              [],
            ),
          },
          'Khuyến mại không hợp lệ',
        ),
      ),
    ),
    /** The total the rep showed the customer, for the record. */
    quotedTotal: v.pipe(
      v.number('Tổng tiền phải là số'),
      v.integer('Tổng tiền phải là số nguyên'),
      v.minValue(0, 'Tổng tiền không được âm'),
    ),
    createdAt: isoInstantField('Thời điểm tạo đơn'),
  },
  'Dữ liệu đơn hàng không hợp lệ',
);
export type OrderSubmitPayload = v.InferOutput<typeof OrderSubmitSchema>;

export const ORDER_SORTS = ['-created_at', 'created_at', '-total', 'total', 'code', '-code'] as const;

const digits = (label: string) => v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${label} không hợp lệ`), v.transform(Number)));
const day = (label: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
      v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
    ),
  );

/** The order list filters (product-spec.md §3 "Order filter"). */
export const OrderListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài'))),
  status: v.optional(v.picklist(ORDER_STATUSES, 'Trạng thái không hợp lệ')),
  payment_status: v.optional(v.picklist(PAYMENT_STATUSES, 'Trạng thái thanh toán không hợp lệ')),
  customer: v.optional(uuidField('Khách hàng')),
  account: digits('Nhân viên'),
  date_from: day('Ngày bắt đầu'),
  date_to: day('Ngày kết thúc'),
  area: v.optional(v.picklist(['MB', 'MT', 'MN'], 'Miền không hợp lệ')),
  province: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Tỉnh/thành phố không hợp lệ'))),
  district: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Quận/huyện không hợp lệ'))),
  ward: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Phường/xã không hợp lệ'))),
  region: digits('Khu vực'),
  order_type: digits('Loại đơn hàng'),
  /** A group's id, or `none` for orders in no group (those a new delivery run can take). */
  group: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(none|\d{1,9})$/, 'Đơn gộp không hợp lệ'),
      v.transform((value) => (value === 'none' ? ('none' as const) : Number(value))),
    ),
  ),
  ordering: v.optional(v.picklist(ORDER_SORTS, 'Cách sắp xếp không hợp lệ'), '-created_at'),
});

const companyField = positiveInt('Công ty');
const reason = v.optional(
  v.nullable(v.pipe(v.string('Lý do phải là chuỗi ký tự'), v.trim(), v.maxLength(500, 'Lý do không được dài quá 500 ký tự'))),
  null,
);

export const StatusUpdateSchema = v.object(
  { company: companyField, status: v.picklist(ORDER_STATUSES, 'Trạng thái không hợp lệ'), reason },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const BulkStatusUpdateSchema = v.object(
  {
    company: companyField,
    orders: v.pipe(
      v.array(uuidField('Đơn hàng'), 'Danh sách đơn hàng không hợp lệ'),
      v.minLength(1, 'Chưa chọn đơn hàng nào'),
      v.maxLength(500, 'Tối đa 500 đơn mỗi lần'),
    ),
    status: v.picklist(ORDER_STATUSES, 'Trạng thái không hợp lệ'),
    reason,
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const CancelOrderSchema = v.object(
  {
    company: companyField,
    reason: v.pipe(
      v.string('Vui lòng nhập lý do hủy'),
      v.trim(),
      v.nonEmpty('Vui lòng nhập lý do hủy'),
      v.maxLength(500, 'Lý do không được dài quá 500 ký tự'),
    ),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export const PaymentUpdateSchema = v.object(
  { company: companyField, payment_status: v.picklist(PAYMENT_STATUSES, 'Trạng thái thanh toán không hợp lệ') },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/** One order's answer in a bulk move: each reported, none half-applied. */
export type BulkStatusResult = { id: string; ok: boolean; status: OrderStatus | null; message: string | null };

/** Columns a person may show in the order table (order-table view settings). */
export const ORDER_COLUMNS = [
  'code',
  'created_at',
  'order_type',
  'customer',
  'staff',
  'status',
  'payment_status',
  'total',
  'delivery_date',
  'address',
  'note',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];
export const ORDER_COLUMN_LABELS: Record<OrderColumn, string> = {
  code: 'Mã đơn',
  created_at: 'Ngày tạo',
  order_type: 'Loại đơn',
  customer: 'Khách hàng',
  staff: 'Nhân viên',
  status: 'Trạng thái',
  payment_status: 'Thanh toán',
  total: 'Tổng tiền',
  delivery_date: 'Ngày giao',
  address: 'Địa chỉ',
  note: 'Ghi chú',
};
export const DEFAULT_ORDER_COLUMNS: OrderColumn[] = ['code', 'created_at', 'customer', 'staff', 'status', 'total'];

export const OrderTableViewSchema = v.object(
  {
    company: companyField,
    columns: v.pipe(
      v.array(v.picklist(ORDER_COLUMNS, 'Cột không hợp lệ'), 'Danh sách cột không hợp lệ'),
      v.minLength(1, 'Cần ít nhất một cột'),
      v.maxLength(ORDER_COLUMNS.length, 'Quá nhiều cột'),
    ),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

export type StatusCounts = Record<OrderStatus | 'all', number>;

export const orderPaths = {
  orders: '/order/api/ordercompany/',
  order: (id: string) => `/order/api/ordercompany/${id}/`,
  status: (id: string) => `/order/api/updatestatusordercompany/${id}/`,
  bulkStatus: '/order/api/updateliststatusorder/',
  cancel: (id: string) => `/order/api/cancelorder/${id}/`,
  payment: (id: string) => `/order/api/orderpayment/${id}/`,
  counts: '/order/api/countorder/',
  statuses: '/order/api/statusorder/',
  exportData: '/order/api/exportdata/',
  tableView: '/order/api/order-table/',
  groups: '/order/api/order-group/',
  group: (id: number | string) => `/order/api/order-group/${id}/`,
} as const;

/**
 * What orders sync with the phones (contract/sync-domains.ts): a rep's own orders, the company's
 * order types (with who may use each), and sending an order.
 */
export const ordersSync = defineSyncDomain({
  name: 'orders',
  entities: ['order', 'order_type'],
  // The types a member may choose from when taking an order.
  reads: {
    order: { anyOf: [['orders', 'view']] },
    order_type: {
      anyOf: [
        ['orders', 'view'],
        ['orders', 'create'],
      ],
    },
  },
  ops: {
    'order.submit': { schema: OrderSubmitSchema, label: 'Gửi đơn hàng', permission: ['orders', 'create'] },
  },
});
