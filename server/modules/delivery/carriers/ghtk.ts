/**
 * Giao Hàng Tiết Kiệm (docs.giaohangtietkiem.vn; each call's page and shapes:
 * simulators/ghtk/fixtures, docs/provider-sources.md "GHTK"): headers `Token` and `X-Client-Source`
 * (the partner code), answers `{ success, message, … }`, refusals
 * `{ success: false, message, error_code, log_id }` (401 20101 for a bad token). Fee per transport
 * (road, fly), create with our code as `order.id` (a repeated id comes back either as
 * ORDER_ID_EXIST with its label or as 30107 without one: both are the shipment we made), status by
 * label or by `partner_id:<our code>`, cancel, the two pick shifts of `pick_work_shift`, and the
 * label as a PDF. Addresses go by names, three levels (ghtk-address.ts says how a two-level one is
 * sent).
 */
import type { LabelSize, PickShift, ReceiverMethod } from '@contract/delivery';
import { providerFetch, ProviderError, type ProviderRequest } from '@server/lib/provider-http';
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
import { ghtkPlace } from './ghtk-address';

export const GHTK_HOSTS = { production: 'https://services.giaohangtietkiem.vn', sandbox: 'https://services-staging.ghtklab.com' };

const TRANSPORTS = [
  { id: 'road', name: 'GHTK Đường bộ (tiết kiệm)' },
  { id: 'fly', name: 'GHTK Đường bay (nhanh)' },
] as const;

/** pick_work_shift of the create call: GHTK documents 1 (morning) and 2 (afternoon) only. */
const PICK_SHIFTS: PickShift[] = [
  { id: '1', title: 'Buổi sáng' },
  { id: '2', title: 'Buổi chiều' },
];

/** GHTK's error table (error_code → our sentence); a code not here shows GHTK's own message. */
const GHTK_ERRORS: Record<string, string> = {
  '30110': 'GHTK yêu cầu giá trị hàng hóa khai báo lớn hơn 0 ₫',
  '30201': 'Số điện thoại lấy hàng không hợp lệ',
  '30202': 'GHTK không nhận đơn có số điện thoại lấy hàng trùng số điện thoại người nhận',
  '30209': 'GHTK yêu cầu quận/huyện của địa chỉ lấy hàng',
  '30301': 'Số điện thoại người nhận không hợp lệ',
  '30305': 'GHTK yêu cầu tỉnh/thành phố của người nhận',
  '30306': 'GHTK yêu cầu quận/huyện của người nhận',
  '30603': 'Kiện hàng vượt khối lượng GHTK nhận',
  '30607': 'Tiền thu hộ vượt mức GHTK cho phép',
  '30608': 'Giá trị khai báo vượt mức GHTK cho phép',
  '30610': 'GHTK đang tạm ngưng nhận đơn đến tuyến này; vui lòng chọn hãng khác hoặc thử lại sau',
  '40102': 'GHTK không tìm thấy vận đơn để in',
  '50102': 'GHTK không cho hủy: đơn đã lấy hàng',
  '50103': 'GHTK không cho hủy: đơn đang được giao',
  '50104': 'GHTK không cho hủy: đơn đã giao',
  '50105': 'GHTK không cho hủy: đơn đã đối soát',
  '50106': 'GHTK không cho hủy: đơn đang được lấy hàng',
  '50109': 'GHTK không tìm thấy vận đơn này',
};
/** A repeated order.id, as GHTK's error table numbers it (the other form is `error.code: ORDER_ID_EXIST`). */
const ORDER_ID_USED = '30107';
/** Already cancelled (50101): asked again, the cancel is done. */
const alreadyCancelled = (error: ProviderError) =>
  error.details.providerCode === '50101' || /trạng thái hủy/i.test((error.details.body as GhtkAnswer | undefined)?.message ?? '');
const AUTH_CODES = new Set(['20101', '20102']);

type GhtkAnswer = {
  success?: boolean;
  message?: string;
  error_code?: string | number;
  error?: { code?: string; ghtk_label?: string; status?: string | number };
  order?: Record<string, unknown>;
  fee?: Record<string, unknown>;
};

/** GHTK's status time ("2016-10-31 22:32:08", Vietnam time, or ISO). */
function ghtkTime(value: unknown): Date {
  const text = asText(value);
  if (!text) return new Date();
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}+07:00` : text;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/**
 * GHTK's expected time, text: "Chiều 2017-07-01" (create's estimated_deliver_time). The end of the
 * named part of that day, Vietnam time (sáng 12:00, chiều 18:00, tối 21:00, the day's end otherwise).
 */
export function ghtkExpected(value: unknown): Date | null {
  const match = /^\s*(sáng|chiều|tối)?\s*(\d{4}-\d{2}-\d{2})\b/i.exec(asText(value) ?? '');
  if (!match) return null;
  const hour = { sáng: '12:00', chiều: '18:00', tối: '21:00' }[match[1]?.toLowerCase() as 'sáng'] ?? '23:59';
  const at = new Date(`${match[2]}T${hour}:00+07:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

type GhtkOptions = { baseUrl: string; token: string; partnerCode: string; timeoutMs?: number };

/** The note GHTK's shipper reads for each way the receiver may look at the goods. */
const RECEIVER_NOTES: Record<ReceiverMethod, string> = {
  cho_xem: 'Cho xem hàng, không cho thử',
  khong_cho_xem: 'Không cho xem hàng',
  cho_thu: 'Cho thử hàng',
};

const codeOf = (body: GhtkAnswer): string | undefined => asText(body.error_code) ?? body.error?.code;

/** GHTK's refusal in GHTK_ERRORS' words, else in its own (its messages are Vietnamese). */
function ghtkRefusal(body: GhtkAnswer, status: number) {
  const code = codeOf(body);
  if (status === 401 || (code && AUTH_CODES.has(code))) return authRefusal('GHTK', code ?? status);
  return refusal((code && GHTK_ERRORS[code]) ?? `GHTK từ chối yêu cầu: ${body.message || 'không rõ lý do'}`, code ?? status, body);
}

/**
 * One GHTK call: its answer, or GHTK's refusal (a 5xx, maintenance included, is retried by
 * providerFetch's 'server'). The answers `keep` names (a repeated id, already cancelled) are
 * returned for the caller to read.
 */
async function ghtkCall(options: GhtkOptions, path: string, request: ProviderRequest = {}, keep: string[] = []): Promise<GhtkAnswer> {
  const answer = await providerFetch(`${options.baseUrl}${path}`, {
    ...request,
    headers: { Token: options.token, 'X-Client-Source': options.partnerCode },
    timeoutMs: options.timeoutMs,
  });
  const body = (answer.body ?? {}) as GhtkAnswer;
  if (answer.status >= 400 || body.success !== true) {
    const code = codeOf(body);
    if (code && keep.includes(code)) return body;
    if (answer.status < 400 && body.success === undefined) throw new ProviderError('server', 'GHTK trả về dữ liệu không đọc được');
    throw ghtkRefusal(body, answer.status);
  }
  return body;
}

const shipmentOf = (order: Record<string, unknown>): CarrierShipment => ({
  trackingCode: asText(order.label) ?? asText(order.label_id),
  fee: asNumber(order.fee) ?? asNumber(order.ship_money),
  expectedAt: ghtkExpected(order.estimated_deliver_time),
  carrierStatus: asText(order.status_id) ?? asText(order.status) ?? '1',
});

/**
 * The order GHTK holds by label or `partner_id:<our code>`, or null when GHTK refuses the id. GHTK
 * documents no not-found answer for this call, so any refusal reads as "none": safe for `find`,
 * since a create sent again under the same order.id is answered as the shipment already made.
 */
async function status(options: GhtkOptions, id: string): Promise<Record<string, unknown> | null> {
  try {
    return (await ghtkCall(options, `/services/shipment/v2/${encodeURIComponent(id)}`)).order ?? null;
  } catch (error) {
    if (error instanceof ProviderError && error.failure === 'rejected') return null;
    throw error;
  }
}

/** Both ends of a draft in GHTK's three levels (ghtk-address.ts), or its refusal. */
async function places(draft: QuoteDraft) {
  return {
    pick: await ghtkPlace(draft.sender, 'lấy hàng'),
    to: await ghtkPlace(draft.receiver, 'người nhận'),
  };
}

/**
 * The declared value: what the office declared, else the money collected for the goods. GHTK
 * refuses 0 (30110), and without either there is nothing true to declare.
 */
function declaredValue(draft: QuoteDraft): number {
  const value = draft.insuranceValue > 0 ? draft.insuranceValue : draft.codAmount;
  if (value > 0) return value;
  throw refusal('GHTK yêu cầu khai báo giá trị hàng hóa lớn hơn 0 ₫; vui lòng nhập giá trị khai báo', '30110');
}

type Places = Awaited<ReturnType<typeof places>>;

const feeQuery = (draft: QuoteDraft, at: Places, transport: string) => ({
  pick_province: at.pick.province,
  pick_district: at.pick.district,
  pick_ward: at.pick.ward || undefined,
  pick_address: draft.sender.address || undefined,
  province: at.to.province,
  district: at.to.district,
  ward: at.to.ward || undefined,
  address: draft.receiver.address || undefined,
  weight: draft.parcel.weight_grams,
  value: declaredValue(draft),
  transport,
  deliver_option: 'none',
});

/** The fee of each transport GHTK delivers by (one call each). */
async function quoteTransports(options: GhtkOptions, draft: QuoteDraft): Promise<CarrierQuote[]> {
  const at = await places(draft);
  const answers = await Promise.all(
    TRANSPORTS.map((transport) => ghtkCall(options, '/services/shipment/fee', { query: feeQuery(draft, at, transport.id) })),
  );
  return answers.flatMap((answer, index) =>
    answer.fee && answer.fee.delivery !== false
      ? [
          {
            serviceId: TRANSPORTS[index]!.id,
            serviceName: TRANSPORTS[index]!.name,
            fee: asNumber(answer.fee.fee) ?? 0,
            expectedAt: null,
          },
        ]
      : [],
  );
}

/** GHTK keeps 120 characters of a note (since 24/2/2020). */
const NOTE_LIMIT = 120;

/** The body of shipment/order (ver 1.5): our code as order.id, weights in kilograms. */
const createBody = (draft: ShipmentDraft, at: Places) => ({
  products: draft.items.map((item) => ({
    name: item.name,
    product_code: item.code,
    quantity: item.quantity,
    weight: item.weightGrams / 1000,
  })),
  order: {
    id: draft.code,
    pick_name: draft.sender.name,
    pick_tel: draft.sender.phone,
    pick_address: draft.sender.address,
    pick_province: at.pick.province,
    pick_district: at.pick.district,
    pick_ward: at.pick.ward || undefined,
    name: draft.receiver.name,
    tel: draft.receiver.phone,
    address: draft.receiver.address,
    province: at.to.province,
    district: at.to.district,
    ward: at.to.ward,
    hamlet: 'Khác',
    is_freeship: 1,
    pick_money: draft.codAmount,
    value: declaredValue(draft),
    transport: draft.serviceId,
    pick_option: 'cod',
    pick_work_shift: draft.pickShift && ['1', '2'].includes(draft.pickShift.id) ? Number(draft.pickShift.id) : undefined,
    total_weight: draft.parcel.weight_grams / 1000,
    note: [RECEIVER_NOTES[draft.receiverMethod], draft.note].filter(Boolean).join('. ').slice(0, NOTE_LIMIT),
  },
});

/** A status answer as the event of a poll (5 delivered: COD collected; 6 settled: COD paid out). */
function polledEvent(trackingCode: string, order: Record<string, unknown>): CarrierEvent {
  const carrierStatus = asText(order.status) ?? '1';
  const at = ghtkTime(order.modified);
  const money = asNumber(order.pick_money);
  return {
    eventKey: `poll:${trackingCode}:${carrierStatus}:${at.toISOString()}`,
    trackingCode,
    code: asText(order.partner_id),
    carrierStatus,
    at,
    codCollected: ['5', '6'].includes(carrierStatus) ? money : null,
    codPaidOut: carrierStatus === '6' ? money : null,
    fee: null,
    note: asText(order.status_text),
  };
}

/**
 * The label of one shipment as GHTK's PDF (one label per call: a PDF answer, GHTK's JSON refusal
 * otherwise, 40102 when it knows no such waybill).
 */
async function labelPdf(options: GhtkOptions, trackingCodes: readonly string[], size: LabelSize) {
  const answer = await providerFetch(`${options.baseUrl}/services/label/${encodeURIComponent(trackingCodes[0]!)}`, {
    headers: { Token: options.token, 'X-Client-Source': options.partnerCode, accept: 'application/pdf' },
    query: { original: 'portrait', paper_size: size === 'a5' ? 'A5' : 'A6' },
    timeoutMs: options.timeoutMs,
  });
  if (answer.status === 200 && (answer.headers.get('content-type') ?? '').includes('pdf'))
    return { kind: 'pdf' as const, bytes: answer.bytes };
  const body = (answer.body ?? {}) as GhtkAnswer;
  if (answer.status !== 401 && !codeOf(body)) throw refusal(GHTK_ERRORS['40102']!, answer.status, body);
  throw ghtkRefusal(body, answer.status);
}

/** The order a create sent again made the first time: GHTK's label when it gave one, else looked up by our code. */
async function madeBefore(options: GhtkOptions, code: string, answer: GhtkAnswer): Promise<CarrierShipment> {
  const label = answer.error?.ghtk_label;
  if (label) return { trackingCode: label, fee: null, expectedAt: null, carrierStatus: asText(answer.error?.status) ?? '1' };
  const order = await status(options, `partner_id:${code}`);
  // Not found yet: the shipment exists (GHTK said so); its label comes with the webhook.
  return order ? shipmentOf(order) : { trackingCode: null, fee: null, expectedAt: null, carrierStatus: null };
}

/** A documented route (GHTK's own fee example), asked to prove the token: GHTK publishes no account call. */
const CHECK_QUERY = {
  pick_province: 'Hà Nội',
  pick_district: 'Quận Hai Bà Trưng',
  province: 'Hà Nội',
  district: 'Quận Cầu Giấy',
  weight: 1000,
  value: 3_000_000,
  deliver_option: 'none',
};

export function ghtkClient(options: GhtkOptions): CarrierClient {
  return {
    async check() {
      await ghtkCall(options, '/services/shipment/fee', { query: CHECK_QUERY });
      return { name: `Đối tác ${options.partnerCode}`, details: { 'Mã đối tác (X-Client-Source)': options.partnerCode } };
    },

    quote: (draft: QuoteDraft) => quoteTransports(options, draft),

    async pickShifts() {
      return PICK_SHIFTS;
    },

    async create(draft: ShipmentDraft): Promise<CarrierShipment> {
      const body = createBody(draft, await places(draft));
      const answer = await ghtkCall(options, '/services/shipment/order/?ver=1.5', { json: body }, ['ORDER_ID_EXIST', ORDER_ID_USED]);
      if (answer.success !== true) return madeBefore(options, draft.code, answer);
      return shipmentOf(answer.order ?? {});
    },

    async find(code: string) {
      const order = await status(options, `partner_id:${code}`);
      return order ? shipmentOf(order) : null;
    },

    async track(trackingCode: string): Promise<CarrierEvent> {
      const order = await status(options, trackingCode);
      if (!order) throw refusal(GHTK_ERRORS['50109']!, 'NOT_FOUND');
      return polledEvent(trackingCode, order);
    },

    async cancel(trackingCode: string) {
      try {
        await ghtkCall(options, `/services/shipment/cancel/${encodeURIComponent(trackingCode)}`, { method: 'POST', json: {} });
      } catch (error) {
        // Cancelled already (50101; GHTK's example gives only the message): what was asked is done.
        if (!(error instanceof ProviderError && error.failure === 'rejected' && alreadyCancelled(error))) throw error;
      }
    },

    label: (trackingCodes: readonly string[], size: LabelSize) => labelPdf(options, trackingCodes, size),
  };
}

/** GHTK's webhook: one form-encoded status per call (label_id, partner_id, status_id, action_time, pick_money, fee, reason). */
export function ghtkWebhookEvents(body: unknown): CarrierEvent[] {
  const event = (body ?? {}) as Record<string, unknown>;
  const label = asText(event.label_id);
  const status = asText(event.status_id);
  if (!label || !status) return [];
  const at = ghtkTime(event.action_time);
  const money = asNumber(event.pick_money);
  return [
    {
      eventKey: `${label}:${status}:${at.toISOString()}`,
      trackingCode: label,
      code: asText(event.partner_id),
      carrierStatus: status,
      at,
      codCollected: ['5', '6'].includes(status) ? money : null,
      codPaidOut: status === '6' ? money : null,
      fee: asNumber(event.fee),
      note: asText(event.reason),
    },
  ];
}
