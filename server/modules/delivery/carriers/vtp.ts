/**
 * Viettel Post's partner API (its document "TÀI LIỆU KẾT NỐI API VIETTELPOST"; the published shapes:
 * simulators/vtp/fixtures, each call's section: docs/provider-sources.md "Viettel Post"): paths
 * under /v2, the token in header `Token`, answers `{ status, error, message, data }` (the price list
 * by address text answers a bare `{ SENDER_ADDRESS, RECEIVER_ADDRESS, RESULT[] }`), refusals as
 * `error: true` with an English message from its table (§9.4). The password is exchanged once
 * (user/Login, then user/ownerconnect for the long-lived token) and never kept. Prices and creates
 * go by address text (getPriceAllNlp, createOrderNlp), strings within VTP's 150 bytes, with our
 * code as ORDER_NUMBER and CHECK_UNIQUE, so a repeated create is refused instead of making a second
 * shipment; Viettel Post has no documented lookup by our code, so after a repeat the waybill
 * arrives with the webhook (its go-live checklist §9.3 says the same). Cancel is UpdateOrder TYPE 4;
 * labels are printing-code, then its print page.
 */
import { normalizePlaceName } from '@contract/address-units';
import type { LabelSize, PickShift } from '@contract/delivery';
import { providerFetch, ProviderError } from '@server/lib/provider-http';
import {
  asNumber,
  asText,
  authRefusal,
  refusal,
  type CarrierClient,
  type CarrierEvent,
  type CarrierQuote,
  type CarrierShipment,
  type QuoteDraft,
  type ShipmentDraft,
} from './carrier';

export const VTP_HOSTS = { production: 'https://partner.viettelpost.vn', sandbox: 'https://partnerdev.viettelpost.vn' };
export const VTP_PRINT_HOSTS = { production: 'https://digitalize.viettelpost.vn', sandbox: 'https://dev-print.viettelpost.vn' };

type VtpAnswer = { status?: number | null; error?: boolean; message?: string; data?: unknown; RESULT?: unknown };

const ORDER_PAYMENT = { noCod: 1, codGoodsOnly: 3 } as const;
/** Print types (§9.2): 1 A5, 2 A6, 100 A7, the smallest, 74 mm wide, which is what fits an 80 mm roll. */
const PRINT_TYPES: Record<LabelSize, string> = { a5: '1', a6: '2', '80mm': '100' };

/** Viettel Post's refusals (§9.4, English) in our words; the first that matches. */
const VTP_MESSAGES: Array<[RegExp, string]> = [
  [/password|owner account/i, 'Tên đăng nhập hoặc mật khẩu Viettel Post không đúng'],
  [/itinerary/i, 'Viettel Post không áp dụng giá cho tuyến giao này'],
  [/MONEY_COLLECTION/i, 'Viettel Post không nhận số tiền thu hộ này'],
  [/RECEIVER|SENDER/i, 'Viettel Post không nhận địa chỉ gửi hoặc nhận; vui lòng kiểm tra lại địa chỉ'],
  [/ORDER_SERVICE/i, 'Dịch vụ Viettel Post đã chọn không còn áp dụng, hãy lấy lại báo giá'],
  [/ORDER_PAYMENT/i, 'Viettel Post không nhận hình thức thanh toán của đơn'],
  [/PRODUCT_TYPE/i, 'Viettel Post không nhận loại hàng của đơn'],
  [/groupaddress/i, 'Viettel Post không nhận kho lấy hàng của tài khoản; vui lòng kiểm tra cấu hình tại Viettel Post'],
  [/block/i, 'Viettel Post đang chặn tạo đơn của tài khoản này; vui lòng kiểm tra cấu hình tại Viettel Post'],
  [/order does not exist/i, 'Viettel Post không tìm thấy vận đơn này'],
];

function vtpMessage(message: string | undefined): string {
  const text = message ?? '';
  return VTP_MESSAGES.find(([pattern]) => pattern.test(text))?.[1] ?? `Viettel Post từ chối yêu cầu: ${text || 'không rõ lý do'}`;
}

/**
 * A repeated ORDER_NUMBER under CHECK_UNIQUE. Viettel Post documents no message for it (the
 * fixture's notes): any refusal saying the order already exists is read so.
 */
const isDuplicate = (message: string | undefined) => /đã tồn tại|already exists?|duplicate|trùng/i.test(message ?? '');

type VtpRequest = { json?: unknown; method?: 'GET' | 'POST' };

/** One call: its answer, or Viettel Post's refusal ("Token …" reconnects, "System error" (205) is retried). */
async function vtpCall(baseUrl: string, path: string, request: VtpRequest, token: string | null, timeoutMs?: number): Promise<VtpAnswer> {
  const answer = await providerFetch(`${baseUrl}/v2${path}`, { ...request, headers: token ? { Token: token } : {}, timeoutMs });
  const body = (Array.isArray(answer.body) ? { status: 200, error: false, data: answer.body } : (answer.body ?? {})) as VtpAnswer;
  if (answer.status === 401 || body.status === 401 || (body.error === true && /token/i.test(body.message ?? ''))) {
    throw authRefusal('Viettel Post', body.status ?? 401);
  }
  if (body.status === 205 || /system error/i.test(body.message ?? '')) {
    throw new ProviderError('server', 'Viettel Post đang gặp lỗi hệ thống', { status: answer.status, providerCode: 205 });
  }
  if (answer.status >= 400 || body.error === true) throw refusal(vtpMessage(body.message), body.status ?? answer.status, body);
  return body;
}

/** user/Login then user/ownerconnect: the long-lived token (one to two years) kept instead of the password. */
export async function vtpLogin(baseUrl: string, username: string, password: string, timeoutMs?: number): Promise<string> {
  const credentials = { USERNAME: username, PASSWORD: password };
  const login = await vtpCall(baseUrl, '/user/Login', { json: credentials }, null, timeoutMs);
  const short = asText((login.data as { token?: string } | undefined)?.token);
  if (!short) throw refusal(vtpMessage('Invalid owner account or password!'), 'LOGIN');
  const owner = await vtpCall(baseUrl, '/user/ownerconnect', { json: credentials }, short, timeoutMs);
  return asText((owner.data as { token?: string } | undefined)?.token) ?? short;
}

/** Viettel Post's "12 giờ", "2 ngày": the expected delivery from now. */
function expectedFrom(text: unknown): Date | null {
  const match = /(\d+(?:[.,]\d+)?)\s*(giờ|h|ngày)/i.exec(String(text ?? ''));
  if (!match) return null;
  const amount = Number(match[1]!.replace(',', '.'));
  const hours = /ngày/i.test(match[2]!) ? amount * 24 : amount;
  return new Date(Date.now() + hours * 3_600_000);
}

/** KPI_HT: hours counted from 24:00 (Vietnam) of the day Viettel Post takes the order. */
function expectedFromKpi(hours: unknown): Date | null {
  const count = asNumber(hours);
  if (count === null || count <= 0) return null;
  const vietnamDay = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
  return new Date(new Date(`${vietnamDay}T00:00:00+07:00`).getTime() + (24 + count) * 3_600_000);
}

/** Viettel Post's string limit: 150 bytes (UTF-8; a Vietnamese letter takes up to 3). */
const LIMIT_BYTES = 150;
const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

/** The text cut to `limit` bytes without splitting a letter. */
export function cutBytes(text: string, limit = LIMIT_BYTES): string {
  if (bytesOf(text) <= limit) return text;
  let cut = '';
  for (const letter of text.normalize('NFC')) {
    if (bytesOf(cut + letter) > limit) break;
    cut += letter;
  }
  return cut.trimEnd();
}

/**
 * The address text within 150 bytes: the street part shortened first, so the ward and province,
 * which Viettel Post reads the route from by name, are never cut; they are written in the one
 * spelling matched with carriers (contract/address-units.ts normalizePlaceName: "Ea H'Leo").
 */
export function vtpAddress(parts: { address: string; ward: string; district: string; province: string }): string {
  const places = [parts.ward, parts.district, parts.province].map(normalizePlaceName).filter(Boolean).join(', ');
  const street = cutBytes(parts.address, Math.max(0, LIMIT_BYTES - bytesOf(`, ${places}`)));
  return cutBytes([street, places].filter(Boolean).join(', '));
}

const priceBody = (draft: QuoteDraft) => ({
  SENDER_ADDRESS: vtpAddress(draft.sender),
  RECEIVER_ADDRESS: vtpAddress(draft.receiver),
  PRODUCT_TYPE: 'HH',
  PRODUCT_WEIGHT: draft.parcel.weight_grams,
  PRODUCT_PRICE: draft.insuranceValue,
  MONEY_COLLECTION: draft.codAmount,
  PRODUCT_LENGTH: draft.parcel.length_cm,
  PRODUCT_WIDTH: draft.parcel.width_cm,
  PRODUCT_HEIGHT: draft.parcel.height_cm,
  TYPE: 1,
});

const RECEIVER_NOTES = { cho_xem: 'Cho xem hàng, không cho thử', khong_cho_xem: 'Không cho xem hàng', cho_thu: 'Cho thử hàng' };

/** createOrderNlp's body (§5.1): the goods as PRODUCT_DETAIL, every string within 150 bytes. */
const createBody = (draft: ShipmentDraft) => ({
  ORDER_NUMBER: draft.code,
  CHECK_UNIQUE: true,
  SENDER_FULLNAME: cutBytes(draft.sender.name),
  SENDER_ADDRESS: vtpAddress(draft.sender),
  SENDER_PHONE: draft.sender.phone,
  RECEIVER_FULLNAME: cutBytes(draft.receiver.name),
  RECEIVER_ADDRESS: vtpAddress(draft.receiver),
  RECEIVER_PHONE: draft.receiver.phone,
  PRODUCT_NAME: cutBytes(draft.items.map((item) => `${item.name} x${item.quantity}`).join('; ')),
  PRODUCT_QUANTITY: draft.items.reduce((sum, item) => sum + item.quantity, 0),
  PRODUCT_PRICE: draft.insuranceValue,
  PRODUCT_WEIGHT: draft.parcel.weight_grams,
  PRODUCT_LENGTH: draft.parcel.length_cm,
  PRODUCT_WIDTH: draft.parcel.width_cm,
  PRODUCT_HEIGHT: draft.parcel.height_cm,
  PRODUCT_TYPE: 'HH',
  ORDER_PAYMENT: draft.codAmount > 0 ? ORDER_PAYMENT.codGoodsOnly : ORDER_PAYMENT.noCod,
  ORDER_SERVICE: draft.serviceId,
  ORDER_SERVICE_ADD: '',
  ORDER_NOTE: cutBytes([RECEIVER_NOTES[draft.receiverMethod], draft.note].filter(Boolean).join('. ')),
  MONEY_COLLECTION: draft.codAmount,
  PRODUCT_DETAIL: draft.items.map((item) => ({
    PRODUCT_NAME: cutBytes(item.name),
    PRODUCT_QUANTITY: item.quantity,
    PRODUCT_PRICE: 0,
    PRODUCT_WEIGHT: item.weightGrams,
  })),
});

/** getPriceAllNlp's services: RESULT of its bare object (an array, as getPriceAll answers, read too). */
function servicesOf(answer: VtpAnswer): Record<string, unknown>[] {
  const data = answer.data as VtpAnswer | unknown[] | undefined;
  const list = answer.RESULT ?? (Array.isArray(data) ? data : data?.RESULT);
  return (Array.isArray(list) ? list : []) as Record<string, unknown>[];
}

/** The refusal a call ended with, when it says what `test` looks for. */
const refusedWith = (error: unknown, test: (message: string | undefined) => boolean) =>
  error instanceof ProviderError && error.failure === 'rejected' && test((error.details.body as VtpAnswer | undefined)?.message);

export function vtpClient(options: { baseUrl: string; printBaseUrl: string; token: string; timeoutMs?: number }): CarrierClient {
  const call = (path: string, request: VtpRequest) => vtpCall(options.baseUrl, path, request, options.token, options.timeoutMs);

  return {
    async check() {
      const answer = await call('/user/listInventory', { method: 'GET' });
      const first = (Array.isArray(answer.data) ? answer.data[0] : null) as Record<string, unknown> | null;
      const name = asText(first?.name) ?? 'Tài khoản Viettel Post';
      return {
        name,
        details: { 'Kho / điểm lấy hàng': name, 'Số điện thoại': asText(first?.phone) ?? '', 'Địa chỉ': asText(first?.address) ?? '' },
      };
    },

    async quote(draft: QuoteDraft): Promise<CarrierQuote[]> {
      const answer = await call('/order/getPriceAllNlp', { json: priceBody(draft) });
      return servicesOf(answer).map((service) => ({
        serviceId: asText(service.MA_DV_CHINH) ?? '',
        serviceName: `Viettel Post ${asText(service.TEN_DICHVU) ?? ''}`.trim(),
        fee: asNumber(service.GIA_CUOC) ?? 0,
        expectedAt: expectedFrom(service.THOI_GIAN),
      }));
    },

    async pickShifts(): Promise<PickShift[]> {
      // Viettel Post takes a delivery date (DELIVERY_DATE) rather than shifts; the post office picks up the same or next day.
      return [];
    },

    async create(draft: ShipmentDraft): Promise<CarrierShipment> {
      try {
        const answer = await call('/order/createOrderNlp', { json: createBody(draft) });
        const data = (answer.data ?? {}) as Record<string, unknown>;
        return {
          trackingCode: asText(data.ORDER_NUMBER),
          fee: asNumber(data.MONEY_TOTAL),
          expectedAt: expectedFromKpi(data.KPI_HT),
          carrierStatus: null,
        };
      } catch (error) {
        // CHECK_UNIQUE refused a repeat: the shipment exists; its waybill comes with the webhook.
        if (refusedWith(error, isDuplicate)) return { trackingCode: null, fee: null, expectedAt: null, carrierStatus: null };
        throw error;
      }
    },

    async find() {
      return null;
    },

    async track(): Promise<CarrierEvent> {
      throw refusal('Viettel Post không có API tra cứu trạng thái theo mã; trạng thái được cập nhật qua webhook', 'NO_TRACKING');
    },

    async cancel(trackingCode: string) {
      try {
        await call('/order/UpdateOrder', { json: { TYPE: 4, ORDER_NUMBER: trackingCode, NOTE: 'Shop hủy đơn' } });
      } catch (error) {
        // "Order status already exists": the order is in that status already (§9.4 row 8), cancelled before.
        if (!refusedWith(error, (message) => /status already exists/i.test(message ?? ''))) throw error;
      }
    },

    async label(trackingCodes: readonly string[], size: LabelSize) {
      const answer = await call('/order/printing-code', { json: { EXPIRY_TIME: Date.now() + 30 * 60_000, ORDER_ARRAY: trackingCodes } });
      const code = asText(answer.message);
      if (!code) throw refusal('Viettel Post không trả mã in nhãn', 'PRINT');
      return {
        kind: 'url' as const,
        url: `${options.printBaseUrl}/DigitalizePrint/report.do?type=${PRINT_TYPES[size]}&bill=${encodeURIComponent(code)}&showPostage=1`,
      };
    },
  };
}

/** Viettel Post's date "dd/MM/yyyy HH:mm:ss" (Vietnam time). */
function vtpTime(value: unknown): Date {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(String(value ?? ''));
  if (!match) return new Date();
  const [, day, month, year, hour, minute, second] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}+07:00`);
}

/** Viettel Post's webhook `{ DATA: { ORDER_NUMBER, ORDER_REFERENCE, ORDER_STATUS, ORDER_STATUSDATE, MONEY_COLLECTION, … }, TOKEN }`. */
export function vtpWebhookEvents(body: unknown): CarrierEvent[] {
  const data = ((body ?? {}) as { DATA?: Record<string, unknown> }).DATA ?? {};
  const waybill = asText(data.ORDER_NUMBER);
  const status = asText(data.ORDER_STATUS);
  if (!waybill || !status) return [];
  const at = vtpTime(data.ORDER_STATUSDATE);
  const money = asNumber(data.MONEY_COLLECTION);
  return [
    {
      eventKey: `${waybill}:${status}:${at.toISOString()}`,
      trackingCode: waybill,
      code: asText(data.ORDER_REFERENCE),
      carrierStatus: status,
      at,
      codCollected: status === '501' ? money : null,
      codPaidOut: null,
      fee: asNumber(data.MONEY_TOTAL),
      note: asText(data.NOTE) ?? asText(data.STATUS_NAME),
    },
  ];
}
