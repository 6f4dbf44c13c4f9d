/**
 * Giao Hàng Nhanh (api.ghn.vn; each call's page: docs/provider-sources.md "GHN", its published
 * shapes: simulators/ghn/fixtures, proved in ./ghn.contract.test.ts): headers `Token` and `ShopId`,
 * answers `{ code, message, code_message?, data }`. Fee, available services and lead time take
 * GHN's own district id and ward code, found for our addresses in GHN's master data
 * (./ghn-places.ts); create sends the same ids for the receiver, with client_order_code our code.
 * A create resent after a lost answer is preceded by detail-by-client-code (jobs.ts), whose `data`
 * is an array and whose "none" is a code 400 "Đơn hàng không tồn tại"; GHN was seen to answer a
 * repeated client_order_code with the same order, which is read as the shipment either way.
 * Cancel (switch-status/cancel), pick shifts (shift/date) and labels (a5/gen-token, then the
 * printA5 or print80x80 page) complete the calls.
 */
import type { LabelSize, PickShift, ReceiverMethod, SenderAddress } from '@contract/delivery';
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
import { forgetGhnPlaces, ghnPlace, type GhnAsk, type GhnPlace } from './ghn-places';

export const GHN_HOSTS = { production: 'https://online-gateway.ghn.vn', sandbox: 'https://dev-online-gateway.ghn.vn' };
const API = '/shiip/public-api';

const REQUIRED_NOTE: Record<ReceiverMethod, string> = {
  cho_xem: 'CHOXEMHANGKHONGTHU',
  khong_cho_xem: 'KHONGCHOXEMHANG',
  cho_thu: 'CHOTHUHANG',
};

/**
 * GHN's code_message values, in words the office can act on. Only PHONE_INVALID was seen from GHN
 * (simulators/ghn/fixtures/create.json); the others are kept for what our simulator answers and
 * are listed as unsourced in docs/provider-sources.md.
 */
const GHN_ERRORS: Record<string, string> = {
  PHONE_INVALID: 'Số điện thoại người nhận không hợp lệ',
  ADDRESS_INVALID: 'GHN không tìm thấy hoặc không phục vụ địa chỉ người nhận',
  SERVICE_INVALID: 'Dịch vụ GHN đã chọn không còn áp dụng cho tuyến này, hãy lấy lại báo giá',
  WEIGHT_INVALID: 'Khối lượng hoặc kích thước gói hàng vượt giới hạn của GHN',
  COD_INVALID: 'Tiền thu hộ vượt mức GHN cho phép (tối đa 50.000.000 ₫)',
  ORDER_NOT_FOUND: 'GHN không tìm thấy đơn này',
  CANCEL_FAIL: 'GHN không cho hủy đơn đã lấy hàng',
};

/** GHN's "no such order" (detail-by-client-code, gen-token): code 400 with this in its message, no code_message. */
const ORDER_MISSING = /đơn hàng không tồn tại/i;

type GhnAnswer = { code?: number; message?: string; code_message?: string; data?: unknown };

type GhnOptions = { baseUrl: string; token: string; shopId: string; timeoutMs?: number };
type GhnService = { service_id: number; short_name: string; service_type_id: number };
/** Where a route starts or ends, as GHN's routed calls take it. */
type Route = Pick<GhnPlace, 'districtId' | 'wardCode'>;

/** One call under /shiip/public-api: its data, or GHN's refusal in GHN_ERRORS' words. */
async function ghnCall<T>(options: GhnOptions, path: string, json?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const answer = await providerFetch(`${options.baseUrl}${API}${path}`, {
    method,
    json: method === 'POST' ? (json ?? {}) : undefined,
    headers: { Token: options.token, ShopId: options.shopId },
    timeoutMs: options.timeoutMs,
  });
  const body = (answer.body ?? {}) as GhnAnswer;
  // A token refused is 401 (seen in GHN's sandbox); a token not sent is a 400 "Token is required!" (shift/date).
  if (answer.status === 401 || answer.status === 403 || body.code === 401 || /^token is/i.test(body.message ?? '')) {
    throw authRefusal('GHN', body.code_message ?? body.code);
  }
  if (answer.status >= 400 || (body.code !== undefined && body.code !== 200)) {
    if (ORDER_MISSING.test(body.message ?? '')) throw refusal(GHN_ERRORS.ORDER_NOT_FOUND!, 'ORDER_NOT_FOUND', body);
    const known = body.code_message ? GHN_ERRORS[body.code_message] : undefined;
    throw refusal(known ?? `GHN từ chối yêu cầu: ${body.message ?? 'không rõ lý do'}`, body.code_message ?? body.code, body);
  }
  return body.data as T;
}

/** The account's master-data lists are kept under its host and token (./ghn-places.ts). */
const accountOf = (options: GhnOptions) => `${options.baseUrl} ${options.token}`;
const askOf =
  (options: GhnOptions): GhnAsk =>
  (path, json, method) =>
    ghnCall(options, path, json, method);

/** A call on a route built from the kept lists: when GHN refuses it, the lists are fetched again next time. */
async function routed<T>(options: GhnOptions, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError && error.failure === 'rejected') forgetGhnPlaces(accountOf(options));
    throw error;
  }
}

/** The shop the account's ShopId names, among the token's shops (shop/all). */
async function shopOf(options: GhnOptions) {
  const data = await ghnCall<{
    shops?: { _id: number; name: string; phone: string; address: string; district_id?: number; ward_code?: string }[];
  }>(options, '/v2/shop/all', { offset: 0, limit: 50, client_phone: '' });
  const shop = data?.shops?.find((candidate) => String(candidate._id) === options.shopId);
  if (!shop) throw authRefusal('GHN', 'SHOP_NOT_FOUND');
  return shop;
}

/** Where GHN picks up: the account's sender address, else the shop's own (GHN's default for from_*). */
async function senderRoute(options: GhnOptions, sender: SenderAddress): Promise<GhnPlace | Route> {
  if (sender.province || sender.ward) return ghnPlace(askOf(options), accountOf(options), sender, 'lấy hàng');
  const shop = await shopOf(options);
  return { districtId: shop.district_id ?? 0, wardCode: shop.ward_code ?? '' };
}

/** Both ends of a draft's route in GHN's ids. */
const routeOf = (options: GhnOptions, draft: QuoteDraft) =>
  Promise.all([senderRoute(options, draft.sender), ghnPlace(askOf(options), accountOf(options), draft.receiver, 'giao hàng')]);

/** The services GHN runs between two districts (available-services takes district ids only). */
const servicesOn = (options: GhnOptions, from: Route, to: Route) =>
  routed(options, () =>
    ghnCall<GhnService[] | null>(options, '/v2/shipping-order/available-services', {
      shop_id: Number(options.shopId),
      from_district: from.districtId,
      to_district: to.districtId,
    }),
  ).then((services) => services ?? []);

const parcelFields = (draft: QuoteDraft) => ({
  weight: draft.parcel.weight_grams,
  length: draft.parcel.length_cm,
  width: draft.parcel.width_cm,
  height: draft.parcel.height_cm,
  insurance_value: draft.insuranceValue,
});

/** The sender as create's name form takes it (id=123), in GHN's own spelling; none when GHN picks up at the shop. */
const senderFields = (draft: ShipmentDraft, from: GhnPlace | Route) =>
  'wardName' in from
    ? {
        from_name: draft.sender.name,
        from_phone: draft.sender.phone,
        from_address: draft.sender.address,
        from_ward_name: from.wardName,
        from_district_name: from.districtName,
        from_province_name: from.provinceName,
      }
    : {};

/** The body of shipping-order/create: our code as client_order_code, the receiver by GHN's ids (id=63). */
const createBody = (draft: ShipmentDraft, service: GhnService, from: GhnPlace | Route, to: Route) => ({
  client_order_code: draft.code,
  payment_type_id: 1,
  required_note: REQUIRED_NOTE[draft.receiverMethod],
  note: draft.note ?? '',
  ...senderFields(draft, from),
  to_name: draft.receiver.name,
  to_phone: draft.receiver.phone,
  to_address: draft.receiver.address,
  to_district_id: to.districtId,
  to_ward_code: to.wardCode,
  ...parcelFields(draft),
  cod_amount: draft.codAmount,
  content: draft.items
    .map((item) => `${item.name} x${item.quantity}`)
    .join(', ')
    .slice(0, 2000),
  service_id: service.service_id,
  service_type_id: service.service_type_id,
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

/** One service's quote: its fee and lead time, asked together on the same route. */
async function quoteService(options: GhnOptions, draft: QuoteDraft, service: GhnService, from: Route, to: Route): Promise<CarrierQuote> {
  const ends = {
    from_district_id: from.districtId,
    from_ward_code: from.wardCode || undefined,
    to_district_id: to.districtId,
    to_ward_code: to.wardCode,
  };
  const parcel = parcelFields(draft);
  // Heavy goods (service type 5) are priced by their items' sizes (id=95): the parcel is the one item.
  const items =
    service.service_type_id === 5
      ? [{ name: 'Kiện hàng', quantity: 1, length: parcel.length, width: parcel.width, height: parcel.height, weight: parcel.weight }]
      : undefined;
  const [fee, lead] = await Promise.all([
    routed(options, () =>
      ghnCall<{ total: number }>(options, '/v2/shipping-order/fee', {
        service_id: service.service_id,
        service_type_id: service.service_type_id,
        ...ends,
        ...parcel,
        cod_value: draft.codAmount,
        items,
      }),
    ),
    routed(options, () =>
      ghnCall<{ leadtime?: number }>(options, '/v2/shipping-order/leadtime', { ...ends, service_id: service.service_id }),
    ),
  ]);
  return {
    serviceId: String(service.service_id),
    // The EN page lists a service with no short name: it is named by its id.
    serviceName: `GHN ${service.short_name || `dịch vụ ${service.service_id}`}`,
    fee: fee.total,
    expectedAt: lead?.leadtime ? new Date(lead.leadtime * 1000) : null,
  };
}

/** Creates the shipment on the route quoted: the service must still run there, else a fresh quote is asked for. */
async function createShipment(options: GhnOptions, draft: ShipmentDraft): Promise<CarrierShipment> {
  const [from, to] = await routeOf(options, draft);
  const service = (await servicesOn(options, from, to)).find((candidate) => String(candidate.service_id) === draft.serviceId);
  if (!service) throw refusal(GHN_ERRORS.SERVICE_INVALID!, 'SERVICE_INVALID');
  const data = await routed(options, () =>
    ghnCall<Record<string, unknown>>(options, '/v2/shipping-order/create', createBody(draft, service, from, to)),
  );
  return shipmentOf(data);
}

export function ghnClient(options: GhnOptions): CarrierClient & {
  labelUrl: (token: string, size: LabelSize) => string;
} {
  const client = {
    async check(): Promise<AccountCheck> {
      const shop = await shopOf(options);
      return {
        name: shop.name,
        details: { 'Mã cửa hàng': String(shop._id), 'Tên cửa hàng': shop.name, 'Số điện thoại': shop.phone, 'Địa chỉ': shop.address },
      };
    },

    async quote(draft: QuoteDraft): Promise<CarrierQuote[]> {
      const [from, to] = await routeOf(options, draft);
      const services = await servicesOn(options, from, to);
      return Promise.all(services.map((service) => quoteService(options, draft, service, from, to)));
    },

    async pickShifts(): Promise<PickShift[]> {
      const shifts = await ghnCall<{ id: number; title: string }[]>(options, '/v2/shift/date', undefined, 'GET');
      return (shifts ?? []).map((shift) => ({ id: String(shift.id), title: shift.title }));
    },

    create: (draft: ShipmentDraft) => createShipment(options, draft),

    async find(code: string): Promise<CarrierShipment | null> {
      // data is an array (id=118/119): the order made under our code, if any.
      const data = await detail(options, '/v2/shipping-order/detail-by-client-code', { client_order_code: code });
      const orders = (Array.isArray(data) ? data : data ? [data] : []) as Record<string, unknown>[];
      const order = orders.find((candidate) => candidate.client_order_code === undefined || candidate.client_order_code === code);
      return order ? shipmentOf(order) : null;
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
