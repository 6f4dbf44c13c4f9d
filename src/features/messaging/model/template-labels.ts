/**
 * What a person reads for a ZNS template's type and parameters: Zalo names them by code (templateTag
 * TRANSACTION, CUSTOMER_CARE, PROMOTION, OTP; parameters by the key the template's author chose, as
 * server/modules/messaging/zalo-client.ts reads them), which the screens translate here.
 */
import type { TemplateParam } from '@contract/messaging-templates';

const TAG_LABELS: Record<string, string> = {
  TRANSACTION: 'Giao dịch',
  CUSTOMER_CARE: 'Chăm sóc khách hàng',
  PROMOTION: 'Khuyến mại',
  OTP: 'OTP (mã xác thực)',
};

/** The template's type in Vietnamese; a type Zalo adds later is shown as it comes rather than hidden. */
export function templateTagLabel(tag: string | null): string {
  if (!tag) return '—';
  return TAG_LABELS[tag.toUpperCase()] ?? tag;
}

// Keys seen in ZNS templates (Zalo's sample templates and those the app's OA use), lower case.
const PARAM_LABELS: Record<string, string> = {
  customer_name: 'Tên khách hàng',
  name: 'Tên khách hàng',
  customer_code: 'Mã khách hàng',
  customer_id: 'Mã khách hàng',
  phone: 'Số điện thoại',
  phone_number: 'Số điện thoại',
  customer_phone: 'Số điện thoại khách hàng',
  address: 'Địa chỉ',
  customer_address: 'Địa chỉ khách hàng',
  order_code: 'Mã đơn hàng',
  order_id: 'Mã đơn hàng',
  order_date: 'Ngày đặt hàng',
  order_status: 'Trạng thái đơn hàng',
  status: 'Trạng thái',
  price: 'Số tiền',
  amount: 'Số tiền',
  total: 'Tổng tiền',
  order_total: 'Tổng tiền đơn hàng',
  payment: 'Hình thức thanh toán',
  payment_method: 'Hình thức thanh toán',
  date: 'Ngày',
  time: 'Thời gian',
  delivery_date: 'Ngày giao hàng',
  product_name: 'Tên sản phẩm',
  company_name: 'Tên công ty',
  shop_name: 'Tên cửa hàng',
  otp: 'Mã xác thực (OTP)',
  note: 'Ghi chú',
};

/** A parameter's Vietnamese name, or null when its key is not one the app knows (the key is then its only name). */
export function templateParamLabel(param: Pick<TemplateParam, 'name'>): string | null {
  return PARAM_LABELS[param.name.toLowerCase()] ?? null;
}

/** The label of a parameter's field: its Vietnamese name when known, else its key. */
export function templateParamTitle(param: Pick<TemplateParam, 'name'>): string {
  return templateParamLabel(param) ?? param.name;
}
