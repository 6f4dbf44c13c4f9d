/**
 * Viettel Post's partner API (its document "TÀI LIỆU KẾT NỐI API VIETTELPOST"; each call's section:
 * docs/provider-sources.md "Viettel Post"): paths under /v2, the token in header `Token`, answers
 * `{ status, error, message, data }`. The password is exchanged once (user/Login, then
 * user/ownerconnect for the long-lived token) and never kept. Prices and creates go by address
 * text (getPriceAllNlp, createOrderNlp) with our code as ORDER_NUMBER and CHECK_UNIQUE, so a
 * repeated create is refused instead of making a second shipment; Viettel Post has no documented
 * lookup by our code, so after a repeat the waybill arrives with the webhook (its go-live checklist
 * says the same). Cancel is UpdateOrder TYPE 4; labels are printing-code, then its print page.
 */
import type { LabelSize, PickShift } from '@contract/delivery';
import { providerFetch } from '@server/lib/provider-http';
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

type VtpAnswer = { status?: number; error?: boolean; message?: string; data?: unknown };

const ORDER_PAYMENT = { noCod: 1, codGoodsOnly: 3 } as const;
const PRINT_TYPES: Record<LabelSize, string> = { a5: '1', a6: '2', '80mm': '100' };

function vtpMessage(message: string | undefined): string {
  const text = message ?? '';
  if (/token/i.test(text)) return 'Viettel Post từ chối token (sai hoặc đã hết hạn). Vui lòng kết nối lại tài khoản.';
  if (/password|owner account/i.test(text)) return 'Tên đăng nhập hoặc mật khẩu Viettel Post không đúng';
  if (/itinerary/i.test(text)) return 'Viettel Post không áp dụng giá cho tuyến giao này';
  if (/RECEIVER|SENDER/i.test(text)) return 'Viettel Post không nhận địa chỉ gửi hoặc nhận; vui lòng kiểm tra lại địa chỉ';
  if (/ORDER_SERVICE/i.test(text)) return 'Dịch vụ Viettel Post đã chọn không còn áp dụng, hãy lấy lại báo giá';
  if (/block/i.test(text)) return 'Viettel Post đang chặn tạo đơn của tài khoản này; vui lòng kiểm tra cấu hình tại Viettel Post';
  return `Viettel Post từ chối yêu cầu: ${text || 'không rõ lý do'}`;
}

const isDuplicate = (message: string | undefined) => /tồn tại|exist|duplicate|trùng/i.test(message ?? '');

async function vtpCall(baseUrl: string, path: string, json: unknown, token: string | null, timeoutMs?: number): Promise<VtpAnswer> {
  const answer = await providerFetch(`${baseUrl}/v2${path}`, { json, headers: token ? { Token: token } : {}, timeoutMs });
  const body = (Array.isArray(answer.body) ? { status: 200, error: false, data: answer.body } : (answer.body ?? {})) as VtpAnswer;
  if (answer.status === 401 || body.status === 401) throw authRefusal('Viettel Post', 401);
  if (answer.status >= 400 || body.error === true) {
    if (/token/i.test(body.message ?? '')) throw authRefusal('Viettel Post', body.status);
    throw refusal(vtpMessage(body.message), body.status ?? answer.status, body);
  }
  return body;
}

/** user/Login then user/ownerconnect: the long-lived token (one to two years) kept instead of the password. */
export async function vtpLogin(baseUrl: string, username: string, password: string, timeoutMs?: number): Promise<string> {
  const credentials = { USERNAME: username, PASSWORD: password };
  const login = await vtpCall(baseUrl, '/user/Login', credentials, null, timeoutMs);
  const short = asText((login.data as { token?: string } | undefined)?.token);
  if (!short) throw refusal(vtpMessage('Invalid owner account or password!'), 'LOGIN');
  const owner = await vtpCall(baseUrl, '/user/ownerconnect', credentials, short, timeoutMs);
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

export function vtpClient(options: { baseUrl: string; printBaseUrl: string; token: string; timeoutMs?: number }): CarrierClient {
  const call = (path: string, json: unknown) => vtpCall(options.baseUrl, path, json, options.token, options.timeoutMs);
  const fullAddress = (parts: { address: string; ward: string; district: string; province: string }) =>
    [parts.address, parts.ward, parts.district, parts.province].filter(Boolean).join(', ');
  const priceBody = (draft: QuoteDraft) => ({
    SENDER_ADDRESS: fullAddress(draft.sender),
    RECEIVER_ADDRESS: fullAddress(draft.receiver),
    PRODUCT_TYPE: 'HH',
    PRODUCT_WEIGHT: draft.parcel.weight_grams,
    PRODUCT_PRICE: draft.insuranceValue,
    MONEY_COLLECTION: draft.codAmount,
    PRODUCT_LENGTH: draft.parcel.length_cm,
    PRODUCT_WIDTH: draft.parcel.width_cm,
    PRODUCT_HEIGHT: draft.parcel.height_cm,
    TYPE: 1,
  });

  return {
    async check() {
      const answer = await call('/user/listInventory', {});
      const first = (Array.isArray(answer.data) ? answer.data[0] : null) as Record<string, unknown> | null;
      const name = asText(first?.name) ?? 'Tài khoản Viettel Post';
      return {
        name,
        details: { 'Kho / điểm lấy hàng': name, 'Số điện thoại': asText(first?.phone) ?? '', 'Địa chỉ': asText(first?.address) ?? '' },
      };
    },

    async quote(draft: QuoteDraft): Promise<CarrierQuote[]> {
      const answer = await call('/order/getPriceAllNlp', priceBody(draft));
      const services = (Array.isArray(answer.data) ? answer.data : []) as Record<string, unknown>[];
      return services.map((service) => ({
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
      const notes = { cho_xem: 'Cho xem hàng, không cho thử', khong_cho_xem: 'Không cho xem hàng', cho_thu: 'Cho thử hàng' };
      const names = draft.items.map((item) => `${item.name} x${item.quantity}`).join('; ');
      try {
        const answer = await call('/order/createOrderNlp', {
          ORDER_NUMBER: draft.code,
          GROUPADDRESS_ID: 0,
          CHECK_UNIQUE: true,
          SENDER_FULLNAME: draft.sender.name,
          SENDER_ADDRESS: fullAddress(draft.sender),
          SENDER_PHONE: draft.sender.phone,
          RECEIVER_FULLNAME: draft.receiver.name,
          RECEIVER_ADDRESS: fullAddress(draft.receiver),
          RECEIVER_PHONE: draft.receiver.phone,
          PRODUCT_NAME: names.slice(0, 150),
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
          ORDER_NOTE: [notes[draft.receiverMethod], draft.note].filter(Boolean).join('. ').slice(0, 150),
          MONEY_COLLECTION: draft.codAmount,
          LIST_ITEM: draft.items.map((item) => ({
            PRODUCT_NAME: item.name.slice(0, 150),
            PRODUCT_PRICE: 0,
            PRODUCT_WEIGHT: item.weightGrams,
            PRODUCT_QUANTITY: item.quantity,
          })),
        });
        const data = (answer.data ?? {}) as Record<string, unknown>;
        return {
          trackingCode: asText(data.ORDER_NUMBER),
          fee: asNumber(data.MONEY_TOTAL),
          expectedAt: data.KPI_HT ? expectedFrom(`${String(data.KPI_HT)} giờ`) : null,
          carrierStatus: null,
        };
      } catch (error) {
        // CHECK_UNIQUE refused a repeat: the shipment exists; its waybill comes with the webhook.
        if (
          (error as { details?: { body?: VtpAnswer } }).details?.body &&
          isDuplicate((error as { details: { body: VtpAnswer } }).details.body.message)
        ) {
          return { trackingCode: null, fee: null, expectedAt: null, carrierStatus: null };
        }
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
      await call('/order/UpdateOrder', { TYPE: 4, ORDER_NUMBER: trackingCode, NOTE: 'Shop hủy đơn' });
    },

    async label(trackingCodes: readonly string[], size: LabelSize) {
      const answer = await call('/order/printing-code', { EXPIRY_TIME: Date.now() + 30 * 60_000, ORDER_ARRAY: trackingCodes });
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
