/**
 * Giao Hàng Nhanh (api.ghn.vn; each call's page: docs/provider-sources.md "GHN"):
 * headers `Token` and `ShopId`, answers `{ code, message, code_message?, data }`. Fee, available
 * services, lead time, pick shifts (shift/date), create with client_order_code, detail and
 * detail-by-client-code (asked before a second create: GHN does not document what a repeated
 * client_order_code does), cancel (switch-status/cancel), and labels (a5/gen-token, then the
 * printA5 or print80x80 page). The receiver goes by names with `is_new_to_address` (the 2025
 * two-level addresses); docs/delivery.md says what is left to check in GHN's sandbox.
 */
import type { LabelSize, PickShift, ReceiverMethod } from '@contract/delivery';
import { providerFetch, ProviderError } from '@server/lib/provider-http';
import {
  asNumber,
  asText,
  authRefusal,
  refusal,
  type AccountCheck,
  type CarrierClient,
  type CarrierEvent,
  type CarrierQuote,
  type CarrierShipment,
  type QuoteDraft,
  type ShipmentDraft,
} from './carrier';

export const GHN_HOSTS = { production: 'https://online-gateway.ghn.vn', sandbox: 'https://dev-online-gateway.ghn.vn' };
const API = '/shiip/public-api';

const REQUIRED_NOTE: Record<ReceiverMethod, string> = {
  cho_xem: 'CHOXEMHANGKHONGTHU',
  khong_cho_xem: 'KHONGCHOXEMHANG',
  cho_thu: 'CHOTHUHANG',
};

/** GHN's code_message values, in words the office can act on. */
const GHN_ERRORS: Record<string, string> = {
  PHONE_INVALID: 'Số điện thoại người nhận không hợp lệ',
  ADDRESS_INVALID: 'GHN không tìm thấy hoặc không phục vụ địa chỉ người nhận',
  SERVICE_INVALID: 'Dịch vụ GHN đã chọn không còn áp dụng cho tuyến này, hãy lấy lại báo giá',
  WEIGHT_INVALID: 'Khối lượng hoặc kích thước gói hàng vượt giới hạn của GHN',
  COD_INVALID: 'Tiền thu hộ vượt mức GHN cho phép (tối đa 50.000.000 ₫)',
  ORDER_NOT_FOUND: 'GHN không tìm thấy đơn này',
  CANCEL_FAIL: 'GHN không cho hủy đơn đã lấy hàng',
  CLIENT_ORDER_CODE_EXIST: 'Mã đơn đã được gửi sang GHN trước đó',
};

type GhnAnswer = { code?: number; message?: string; code_message?: string; data?: unknown };

type GhnOptions = { baseUrl: string; token: string; shopId: string; timeoutMs?: number };
type GhnService = { service_id: number; short_name: string; service_type_id: number };

/** One call under /shiip/public-api: its data, or GHN's refusal in GHN_ERRORS' words. */
async function ghnCall<T>(options: GhnOptions, path: string, json?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const answer = await providerFetch(`${options.baseUrl}${API}${path}`, {
    method,
    json: method === 'POST' ? (json ?? {}) : undefined,
    headers: { Token: options.token, ShopId: options.shopId },
    timeoutMs: options.timeoutMs,
  });
  const body = (answer.body ?? {}) as GhnAnswer;
  if (answer.status === 401 || answer.status === 403 || body.code === 401) throw authRefusal('GHN', body.code_message);
  if (answer.status >= 400 || (body.code !== undefined && body.code !== 200)) {
    const known = body.code_message ? GHN_ERRORS[body.code_message] : undefined;
    throw refusal(known ?? `GHN từ chối yêu cầu: ${body.message ?? 'không rõ lý do'}`, body.code_message ?? body.code, body);
  }
  return body.data as T;
}

const receiverFields = (draft: QuoteDraft) => ({
  to_name: draft.receiver.name,
  to_phone: draft.receiver.phone,
  to_address: draft.receiver.address,
  to_ward_name: draft.receiver.ward,
  to_district_name: draft.receiver.district || undefined,
  to_province_name: draft.receiver.province,
  is_new_to_address: !draft.receiver.district,
});

const parcelFields = (draft: QuoteDraft) => ({
  weight: draft.parcel.weight_grams,
  length: draft.parcel.length_cm,
  width: draft.parcel.width_cm,
  height: draft.parcel.height_cm,
  insurance_value: draft.insuranceValue,
  cod_value: draft.codAmount,
});

/** The body of shipping-order/create: our code as client_order_code, the receiver by names. */
const createBody = (draft: ShipmentDraft) => ({
  client_order_code: draft.code,
  payment_type_id: 1,
  required_note: REQUIRED_NOTE[draft.receiverMethod],
  note: draft.note ?? '',
  from_name: draft.sender.name,
  from_phone: draft.sender.phone,
  from_address: draft.sender.address,
  from_ward_name: draft.sender.ward,
  from_province_name: draft.sender.province,
  ...receiverFields(draft),
  ...parcelFields(draft),
  cod_amount: draft.codAmount,
  service_id: Number(draft.serviceId),
  pick_shift: draft.pickShift ? [Number(draft.pickShift.id)] : undefined,
  items: draft.items.map((item) => ({ name: item.name, code: item.code, quantity: item.quantity, weight: item.weightGrams })),
});

const shipmentOf = (data: Record<string, unknown>): CarrierShipment => ({
  trackingCode: asText(data.order_code),
  fee: asNumber(data.total_fee),
  expectedAt: data.expected_delivery_time ? new Date(String(data.expected_delivery_time)) : null,
  carrierStatus: asText(data.status) ?? 'ready_to_pick',
});

/** A detail answer as the event of a poll: the status and time of its log's last entry. */
function polledEvent(trackingCode: string, data: Record<string, unknown>): CarrierEvent {
  const log = Array.isArray(data.log) ? (data.log as { status: string; updated_date: string }[]) : [];
  const last = log[log.length - 1];
  const status = asText(data.status) ?? last?.status ?? 'ready_to_pick';
  const at = new Date(last?.updated_date ?? asText(data.updated_date) ?? Date.now());
  const codCollected = status === 'delivered' ? asNumber(data.cod_amount) : null;
  return {
    eventKey: `poll:${trackingCode}:${status}:${at.toISOString()}`,
    trackingCode,
    code: asText(data.client_order_code),
    carrierStatus: status,
    at,
    codCollected,
    codPaidOut: data.cod_transfer_date ? asNumber(data.cod_amount) : null,
    fee: null,
    note: null,
  };
}

/** A detail call's order, or null when GHN has none by that code. */
async function detail(options: GhnOptions, path: string, json: unknown): Promise<Record<string, unknown> | null> {
  try {
    return await ghnCall<Record<string, unknown>>(options, path, json);
  } catch (error) {
    if (error instanceof ProviderError && error.details.providerCode === 'ORDER_NOT_FOUND') return null;
    throw error;
  }
}

/** The shop the account's ShopId names, among the token's shops. */
async function checkShop(options: GhnOptions): Promise<AccountCheck> {
  const data = await ghnCall<{ shops?: { _id: number; name: string; phone: string; address: string }[] }>(options, '/v2/shop/all', {
    offset: 0,
    limit: 50,
    client_phone: '',
  });
  const shop = data.shops?.find((candidate) => String(candidate._id) === options.shopId);
  if (!shop) throw authRefusal('GHN', 'SHOP_NOT_FOUND');
  return {
    name: shop.name,
    details: { 'Mã cửa hàng': String(shop._id), 'Tên cửa hàng': shop.name, 'Số điện thoại': shop.phone, 'Địa chỉ': shop.address },
  };
}

/** One service's quote: its fee and lead time, asked together. */
async function quoteService(options: GhnOptions, draft: QuoteDraft, service: GhnService): Promise<CarrierQuote> {
  const body = {
    service_id: service.service_id,
    service_type_id: service.service_type_id,
    ...receiverFields(draft),
    ...parcelFields(draft),
  };
  const [fee, lead] = await Promise.all([
    ghnCall<{ total: number }>(options, '/v2/shipping-order/fee', body),
    ghnCall<{ leadtime?: number }>(options, '/v2/shipping-order/leadtime', body),
  ]);
  return {
    serviceId: String(service.service_id),
    serviceName: `GHN ${service.short_name}`,
    fee: fee.total,
    expectedAt: lead.leadtime ? new Date(lead.leadtime * 1000) : null,
  };
}

export function ghnClient(options: GhnOptions): CarrierClient & {
  labelUrl: (token: string, size: LabelSize) => string;
} {
  const client = {
    check: () => checkShop(options),

    async quote(draft: QuoteDraft): Promise<CarrierQuote[]> {
      const services = await ghnCall<GhnService[]>(options, '/v2/shipping-order/available-services', {
        shop_id: Number(options.shopId),
        to_province_name: draft.receiver.province,
        to_ward_name: draft.receiver.ward,
      });
      return Promise.all((services ?? []).map((service) => quoteService(options, draft, service)));
    },

    async pickShifts(): Promise<PickShift[]> {
      const shifts = await ghnCall<{ id: number; title: string }[]>(options, '/v2/shift/date', undefined, 'GET');
      return (shifts ?? []).map((shift) => ({ id: String(shift.id), title: shift.title }));
    },

    async create(draft: ShipmentDraft): Promise<CarrierShipment> {
      return shipmentOf(await ghnCall<Record<string, unknown>>(options, '/v2/shipping-order/create', createBody(draft)));
    },

    async find(code: string): Promise<CarrierShipment | null> {
      const data = await detail(options, '/v2/shipping-order/detail-by-client-code', { client_order_code: code });
      return data ? shipmentOf(data) : null;
    },

    async track(trackingCode: string): Promise<CarrierEvent> {
      const data = await detail(options, '/v2/shipping-order/detail', { order_code: trackingCode });
      if (!data) throw refusal(GHN_ERRORS.ORDER_NOT_FOUND!, 'ORDER_NOT_FOUND');
      return polledEvent(trackingCode, data);
    },

    async cancel(trackingCode: string): Promise<void> {
      const results = await ghnCall<{ order_code: string; result: boolean; message: string }[]>(options, '/v2/switch-status/cancel', {
        order_codes: [trackingCode],
      });
      const result = results?.find((entry) => entry.order_code === trackingCode);
      if (!result?.result) throw refusal(GHN_ERRORS.CANCEL_FAIL!, 'CANCEL_FAIL', results);
    },

    labelUrl(token: string, size: LabelSize) {
      const page = size === '80mm' ? 'print80x80' : 'printA5';
      return `${options.baseUrl}/a5/public-api/${page}?token=${encodeURIComponent(token)}`;
    },

    async label(trackingCodes: readonly string[], size: LabelSize) {
      // The token lives 30 minutes: the page is opened at once.
      const data = await ghnCall<{ token: string }>(options, '/v2/a5/gen-token', { order_codes: trackingCodes });
      return { kind: 'url' as const, url: client.labelUrl(data.token, size) };
    },
  };
  return client;
}

/** GHN's webhook (api.ghn.vn id=47): one JSON event per call. */
export function ghnWebhookEvents(body: unknown): CarrierEvent[] {
  const event = (body ?? {}) as Record<string, unknown>;
  const orderCode = asText(event.OrderCode);
  const status = asText(event.Status);
  if (!orderCode || !status) return [];
  const at = new Date(asText(event.Time) ?? Date.now());
  const valid = Number.isNaN(at.getTime()) ? new Date() : at;
  const cod = asNumber(event.CODAmount);
  return [
    {
      eventKey: `${orderCode}:${asText(event.Type) ?? 'switch_status'}:${status}:${valid.toISOString()}`,
      trackingCode: orderCode,
      code: asText(event.ClientOrderCode),
      carrierStatus: status,
      at: valid,
      codCollected: status === 'delivered' ? cod : null,
      codPaidOut: event.CODTransferDate ? cod : null,
      fee: asNumber(event.TotalFee),
      note: asText(event.Reason) ?? asText(event.Description),
    },
  ];
}
