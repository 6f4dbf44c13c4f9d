/**
 * Delivery orders and carriers (behind the DLO switch; docs/delivery.md): the carriers and their
 * accounts (connecttransportpartner, connectaccountkafa), quotes and booking (orderdlo,
 * transportpartner, receivermethod, getlisttimedelivery), cancelling (cancelorderdlo), labels
 * (printtag) and COD reconciliation. Statuses live in contract/delivery-status.ts, parcels in
 * contract/delivery-parcel.ts, self delivery's steps in contract/delivery-self.ts.
 */
import * as v from 'valibot';
import { DELIVERY_STATUSES, type DeliveryStatus } from './delivery-status';
import {
  bodyObject,
  companyBodyField,
  companyQueryField,
  isIsoDate,
  optionalText,
  pagingFields,
  requiredText,
  uuidField,
} from './validation';

export const DELIVERY_SWITCH = 'DLO' as const;

/** The carriers with an API, and the company's own staff (self delivery). */
export const CARRIERS = ['ghn', 'ghtk', 'vtp', 'self'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const API_CARRIERS = ['ghn', 'ghtk', 'vtp'] as const;
export type ApiCarrier = (typeof API_CARRIERS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = {
  ghn: 'Giao Hàng Nhanh (GHN)',
  ghtk: 'Giao Hàng Tiết Kiệm (GHTK)',
  vtp: 'Viettel Post',
  self: 'Nhân viên công ty tự giao',
};
export const CARRIER_SHORT: Record<Carrier, string> = { ghn: 'GHN', ghtk: 'GHTK', vtp: 'Viettel Post', self: 'Tự giao' };

/** receivermethod/: what the receiver may do before paying (GHN required_note). */
export const RECEIVER_METHODS = ['cho_xem', 'khong_cho_xem', 'cho_thu'] as const;
export type ReceiverMethod = (typeof RECEIVER_METHODS)[number];
export const RECEIVER_METHOD_LABELS: Record<ReceiverMethod, string> = {
  cho_xem: 'Cho xem hàng, không cho thử',
  khong_cho_xem: 'Không cho xem hàng',
  cho_thu: 'Cho thử hàng',
};

export const ENVIRONMENTS = ['production', 'sandbox', 'simulator'] as const;
export type CarrierEnvironment = (typeof ENVIRONMENTS)[number];
export const ENVIRONMENT_LABELS: Record<CarrierEnvironment, string> = {
  production: 'Chính thức',
  sandbox: 'Thử nghiệm của hãng (sandbox)',
  simulator: 'Trình giả lập (không cần tài khoản thật)',
};

export const PRINT_STATUSES = ['not_printed', 'printed'] as const;
export type PrintStatus = (typeof PRINT_STATUSES)[number];
export const PRINT_STATUS_LABELS: Record<PrintStatus, string> = { not_printed: 'Chưa in', printed: 'Đã in' };

/** The paper a label is printed on: the carrier's A5 or thermal 80 mm, our own A6 or 80 mm for self delivery. */
export const LABEL_SIZES = ['a5', 'a6', '80mm'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
export const LABEL_SIZE_LABELS: Record<LabelSize, string> = { a5: 'Khổ A5', a6: 'Khổ A6', '80mm': 'Giấy nhiệt 80 mm' };

export const DELIVERY_MESSAGES = {
  notFound: 'Không tìm thấy đơn vận chuyển',
  orderNotFound: 'Không tìm thấy đơn hàng',
  orderNotConfirmed: 'Chỉ tạo đơn vận chuyển cho đơn hàng đã xác nhận',
  alreadyShipping: 'Đơn hàng đã có đơn vận chuyển đang hoạt động; hủy đơn đó trước khi tạo đơn mới',
  noCarrier: 'Công ty chưa kết nối hãng vận chuyển này',
  connectionNotFound: 'Không tìm thấy kết nối hãng vận chuyển',
  booked: 'Đã gửi đơn sang hãng vận chuyển',
  cancelled: 'Đã hủy đơn vận chuyển',
  notCancellable: 'Hãng chỉ cho hủy đơn khi chưa lấy hàng',
  connected: 'Kết nối thành công',
  disconnected: 'Đã ngắt kết nối',
  noPhone: 'Đơn hàng chưa có số điện thoại người nhận',
  noAddress: 'Đơn hàng chưa có địa chỉ người nhận',
} as const;

const money = (label: string, max = 100_000_000_000) =>
  v.pipe(
    v.number(`${label} không hợp lệ`),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(0, `${label} không được âm`),
    v.maxValue(max, `${label} quá lớn`),
  );
const whole = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} không hợp lệ`),
    v.integer(`${label} phải là số nguyên`),
    v.minValue(min, `${label} tối thiểu là ${min}`),
    v.maxValue(max, `${label} tối đa là ${max}`),
  );

// ---- Accounts ------------------------------------------------------------------------------

/** What the office sees of a carrier account; its secrets only as hints (••••1234). */
export type CarrierAccountRecord = {
  id: number;
  carrier: Carrier;
  label: string;
  environment: CarrierEnvironment;
  status: 'connected' | 'needs_reconnect' | 'error' | 'disconnected';
  status_message: string | null;
  checked_at: string | null;
  /** GHN shop id, GHTK partner code, VTP user name; empty for self delivery. */
  account_key: string;
  secret_hints: Record<string, string | null>;
  sender: SenderAddress;
  /** Self delivery: the flat fee charged and the staff who carry deliveries. */
  self_fee: number | null;
  shipper_ids: number[];
  /** Where the carrier sends status updates, with its secret: only when connecting or renewing it. */
  webhook_url: string | null;
  /** The same address with the secret's last four characters only (every answer). */
  webhook_hint: string | null;
};

/** Where the carrier picks up: the company's warehouse or shop. */
export type SenderAddress = { name: string; phone: string; address: string; province: string; district: string; ward: string };

const phoneField = v.pipe(
  v.string('Số điện thoại không hợp lệ'),
  v.trim(),
  v.regex(/^0\d{9,10}$/, 'Số điện thoại phải gồm 10–11 chữ số, bắt đầu bằng 0'),
);

export const SenderSchema = v.object(
  {
    name: requiredText('tên người gửi', 120),
    phone: phoneField,
    address: requiredText('địa chỉ lấy hàng', 255),
    province: requiredText('tỉnh/thành phố lấy hàng', 80),
    district: v.pipe(v.optional(v.string('Quận/huyện không hợp lệ'), ''), v.trim(), v.maxLength(80, 'Quận/huyện quá dài')),
    ward: requiredText('phường/xã lấy hàng', 80),
  },
  'Địa chỉ lấy hàng không hợp lệ',
);

/**
 * connecttransportpartner/ (POST): an account at GHN (token + shop id), GHTK (token + partner
 * code, sent as X-Client-Source) or Viettel Post (user name + password, exchanged for its token).
 * A blank secret on a reconnect keeps the stored one.
 */
export const ConnectCarrierSchema = bodyObject({
  company: companyBodyField,
  carrier: v.picklist(API_CARRIERS, 'Hãng vận chuyển không hợp lệ'),
  environment: v.picklist(ENVIRONMENTS, 'Môi trường không hợp lệ'),
  label: optionalText('tên gợi nhớ', 120),
  account_key: v.pipe(
    v.string('Mã cửa hàng / tài khoản không hợp lệ'),
    v.trim(),
    v.nonEmpty('Vui lòng nhập mã cửa hàng / tài khoản'),
    v.maxLength(80, 'Mã cửa hàng / tài khoản quá dài'),
  ),
  token: optionalText('token hoặc mật khẩu', 500),
  sender: SenderSchema,
});
export type ConnectCarrierInput = v.InferOutput<typeof ConnectCarrierSchema>;

/** connectaccountkafa/: self delivery by the company's staff, with its flat fee and who may carry. */
export const SelfDeliverySchema = bodyObject({
  company: companyBodyField,
  fee: money('Phí giao hàng', 10_000_000),
  shipper_ids: v.pipe(
    v.array(
      v.pipe(v.number('Nhân viên không hợp lệ'), v.integer('Nhân viên không hợp lệ'), v.minValue(1, 'Nhân viên không hợp lệ')),
      'Danh sách nhân viên không hợp lệ',
    ),
    v.maxLength(200, 'Tối đa 200 nhân viên giao hàng'),
  ),
  sender: SenderSchema,
});

// ---- Quotes and booking ----------------------------------------------------------------------

/** The parcel as the office confirms it before asking for quotes (contract/delivery-parcel.ts proposes it). */
export const ParcelSchema = v.object(
  {
    weight_grams: whole('Khối lượng (gram)', 1, 1_000_000),
    length_cm: whole('Chiều dài (cm)', 1, 300),
    width_cm: whole('Chiều rộng (cm)', 1, 300),
    height_cm: whole('Chiều cao (cm)', 1, 300),
  },
  'Kích thước gói hàng không hợp lệ',
);
export type Parcel = v.InferOutput<typeof ParcelSchema>;

/** transportpartner/ (POST): quotes from every connected carrier for an order's parcel. */
export const QuoteRequestSchema = bodyObject({
  company: companyBodyField,
  order: uuidField('Đơn hàng'),
  parcel: ParcelSchema,
  cod_amount: money('Tiền thu hộ (COD)'),
  insurance_value: v.optional(money('Giá trị khai báo'), 0),
});
export type QuoteRequest = v.InferOutput<typeof QuoteRequestSchema>;

/** One carrier service's price for the parcel (or why the carrier gave none). */
export type Quote = {
  carrier: Carrier;
  connection_id: number;
  carrier_label: string;
  service_id: string;
  service_name: string;
  fee: number;
  /** ISO instant the carrier expects to deliver by; null when it did not say. */
  expected_at: string | null;
};
export type QuoteFailure = { carrier: Carrier; connection_id: number; carrier_label: string; message: string };
export type QuoteAnswer = { quotes: Quote[]; failures: QuoteFailure[] };

/** getlisttimedelivery/: the pick shifts a carrier offers. */
export type PickShift = { id: string; title: string };

/** orderdlo/ (POST): book one quote. */
export const BookDeliverySchema = bodyObject({
  company: companyBodyField,
  order: uuidField('Đơn hàng'),
  connection_id: v.pipe(
    v.number('Hãng vận chuyển không hợp lệ'),
    v.integer('Hãng vận chuyển không hợp lệ'),
    v.minValue(1, 'Hãng vận chuyển không hợp lệ'),
  ),
  service_id: v.pipe(v.string('Dịch vụ không hợp lệ'), v.trim(), v.maxLength(60, 'Dịch vụ không hợp lệ')),
  service_name: optionalText('tên dịch vụ', 120),
  fee: money('Phí vận chuyển', 100_000_000),
  expected_at: v.optional(
    v.nullable(
      v.pipe(
        v.string('Ngày giao dự kiến không hợp lệ'),
        v.maxLength(40),
        v.check((value) => !Number.isNaN(Date.parse(value)), 'Ngày giao dự kiến không hợp lệ'),
      ),
    ),
    null,
  ),
  parcel: ParcelSchema,
  cod_amount: money('Tiền thu hộ (COD)'),
  insurance_value: v.optional(money('Giá trị khai báo'), 0),
  receiver_method: v.picklist(RECEIVER_METHODS, 'Vui lòng chọn cách nhận hàng'),
  pick_shift: v.optional(
    v.nullable(
      v.object({ id: v.pipe(v.string(), v.maxLength(40)), title: v.pipe(v.string(), v.maxLength(120)) }, 'Ca lấy hàng không hợp lệ'),
    ),
    null,
  ),
  shipper_id: v.optional(
    v.nullable(v.pipe(v.number('Nhân viên giao không hợp lệ'), v.integer(), v.minValue(1, 'Nhân viên giao không hợp lệ'))),
    null,
  ),
  note: optionalText('ghi chú', 500),
});
export type BookDeliveryInput = v.InferOutput<typeof BookDeliverySchema>;

export const CancelDeliverySchema = bodyObject({
  company: companyBodyField,
  reason: requiredText('lý do hủy', 255),
});

// Self delivery's steps and their schema: contract/delivery-self.ts.

/** printtag/: labels of several deliveries at once. */
export const PrintTagSchema = bodyObject({
  company: companyBodyField,
  deliveries: v.pipe(
    v.array(uuidField('Đơn vận chuyển'), 'Danh sách đơn không hợp lệ'),
    v.minLength(1, 'Chọn ít nhất một đơn để in'),
    v.maxLength(100, 'In tối đa 100 đơn một lần'),
  ),
  size: v.optional(v.picklist(LABEL_SIZES, 'Khổ giấy không hợp lệ'), 'a5'),
});

/** One printable group: a carrier's label page (URL), or our own labels page for self delivery. */
export type PrintJob = { carrier: Carrier; ids: string[]; url: string; message: string | null };

/** COD reconciliation: the amount paid out per the carrier's statement, entered by the office. */
export const CodReconcileSchema = bodyObject({
  company: companyBodyField,
  paid_out: money('Số tiền hãng đã trả'),
  note: optionalText('ghi chú', 255),
});

// ---- Records and lists -----------------------------------------------------------------------

export type DeliveryEventRecord = {
  at: string;
  source: 'webhook' | 'poll' | 'office' | 'job';
  status: DeliveryStatus | null;
  carrier_status: string | null;
  applied: boolean;
  note: string | null;
  account_name: string | null;
};

export type CodState = 'none' | 'waiting' | 'collected' | 'paid' | 'mismatch' | 'void';

export type DeliveryRecord = {
  id: string;
  code: string;
  order_id: string;
  order_code: string;
  order_status: string;
  order_total: number;
  customer_name: string;
  carrier: Carrier;
  carrier_label: string;
  connection_id: number | null;
  status: DeliveryStatus;
  carrier_status: string | null;
  tracking_code: string | null;
  service_name: string | null;
  fee: number;
  expected_at: string | null;
  receiver_method: ReceiverMethod;
  cod_amount: number;
  insurance_value: number;
  parcel: Parcel;
  pick_shift: PickShift | null;
  note: string | null;
  receiver: { name: string; phone: string; address: string; province: string; ward: string };
  shipper: { id: number; name: string } | null;
  print_status: PrintStatus;
  printed_at: string | null;
  print_count: number;
  problem: string | null;
  cancel_reason: string | null;
  /** With the events: why the last failed attempt failed (the shipper's reason, or what the carrier said). */
  failure_reason?: string | null;
  cod: {
    expected: number;
    collected: number | null;
    collected_at: string | null;
    paid_out: number | null;
    paid_at: string | null;
    note: string | null;
    state: CodState;
    difference: number;
  };
  created_at: string;
  updated_at: string;
  events?: DeliveryEventRecord[];
};

/** /transport's filter (product-spec.md §3 "Delivery order filter"): typeFilterTransport is the carrier. */
export const DeliveryListQuery = v.object({
  company: companyQueryField,
  ...pagingFields(),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa quá dài'))),
  date_from: v.optional(v.pipe(v.string(), v.check(isIsoDate, 'Ngày không hợp lệ'))),
  date_to: v.optional(v.pipe(v.string(), v.check(isIsoDate, 'Ngày không hợp lệ'))),
  print_status: v.optional(v.picklist(PRINT_STATUSES, 'Trạng thái in không hợp lệ')),
  carrier: v.optional(v.picklist(CARRIERS, 'Hãng vận chuyển không hợp lệ')),
  status: v.optional(v.picklist(DELIVERY_STATUSES, 'Trạng thái không hợp lệ')),
  cod: v.optional(v.picklist(['waiting', 'collected', 'paid', 'mismatch'] as const, 'Trạng thái đối soát không hợp lệ')),
  order: v.optional(uuidField('Đơn hàng')),
});
export type DeliveryListQueryInput = v.InferOutput<typeof DeliveryListQuery>;

/** The counts above the list: per status, and what waits to be printed or reconciled. */
export type DeliveryCounts = Record<DeliveryStatus | 'all', number> & { not_printed: number; cod_mismatch: number };

const ORDER = '/order/api';
export const deliveryPaths = {
  deliveries: `${ORDER}/orderdlo/`,
  delivery: (id: string) => `${ORDER}/orderdlo/${id}/`,
  refresh: (id: string) => `${ORDER}/orderdlo/${id}/refresh/`,
  selfMove: (id: string) => `${ORDER}/orderdlo/${id}/self/`,
  reconcile: (id: string) => `${ORDER}/orderdlo/${id}/reconcile/`,
  counts: `${ORDER}/orderdlo/counts/`,
  draft: `${ORDER}/orderdlo/draft/`,
  quotes: `${ORDER}/transportpartner/`,
  receiverMethods: `${ORDER}/receivermethod/`,
  pickShifts: `${ORDER}/getlisttimedelivery/`,
  cancel: (id: string) => `${ORDER}/cancelorderdlo/${id}/`,
  printTags: `${ORDER}/printtag/`,
  carrierLabel: (id: string) => `${ORDER}/printtag/${id}/label/`,
  accounts: `${ORDER}/connecttransportpartner/`,
  account: (id: number) => `${ORDER}/connecttransportpartner/${id}/`,
  checkAccount: (id: number) => `${ORDER}/connecttransportpartner/${id}/check/`,
  /** POST: a new webhook secret, shown whole once. */
  webhookSecret: (id: number) => `${ORDER}/connecttransportpartner/${id}/webhook/`,
  accountDetail: (id: number) => `${ORDER}/transportpartneraccountdetail/${id}/`,
  selfDelivery: `${ORDER}/connectaccountkafa/`,
} as const;

/** The carriers' webhooks reach us here (no sign-in: the connection's secret proves the sender). */
export const deliveryWebhookPath = (carrier: ApiCarrier, connectionId: number) => `/delivery/webhook/${carrier}/${connectionId}`;
