/**
 * Giao Hàng Tiết Kiệm (docs.giaohangtietkiem.vn; each call's page: docs/provider-sources.md
 * "GHTK"): headers `Token` and `X-Client-Source` (the partner code), answers
 * `{ success, message, … }`. Fee per transport (road, fly), create with our code as `order.id`
 * (GHTK refuses a repeated id with ORDER_ID_EXIST and its label, which is the shipment we made),
 * status by label or by `partner_id:<our code>`, cancel, the pick shifts of `pick_work_shift`, and
 * the label as a PDF. Addresses go by names; after the 2025 reform the district is left empty
 * (docs/delivery.md says what is left to check in GHTK's staging).
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

export const GHTK_HOSTS = { production: 'https://services.giaohangtietkiem.vn', sandbox: 'https://services-staging.ghtklab.com' };

const TRANSPORTS = [
  { id: 'road', name: 'GHTK Đường bộ (tiết kiệm)' },
  { id: 'fly', name: 'GHTK Đường bay (nhanh)' },
] as const;

/** pick_work_shift of the create call: the shifts GHTK picks up in. */
const PICK_SHIFTS: PickShift[] = [
  { id: '1', title: 'Buổi sáng (7h30 – 12h00)' },
  { id: '2', title: 'Buổi chiều (13h30 – 18h00)' },
  { id: '3', title: 'Buổi tối (18h00 – 21h00)' },
];

const GHTK_ERRORS: Record<string, string> = {
  ORDER_ID_EXIST: 'Mã đơn đã được gửi sang GHTK trước đó',
  INVALID_TEL: 'Số điện thoại người nhận không hợp lệ',
  INVALID_ADDRESS: 'GHTK không tìm thấy hoặc không phục vụ địa chỉ người nhận',
  PICK_MONEY_LIMIT: 'Tiền thu hộ vượt mức GHTK cho phép (tối đa 20.000.000 ₫)',
  ORDER_NOT_FOUND: 'GHTK không tìm thấy đơn này',
  CANNOT_CANCEL: 'GHTK không cho hủy đơn đã lấy hàng',
};

type GhtkAnswer = {
  success?: boolean;
  message?: string;
  error?: { code?: string; ghtk_label?: string };
  order?: Record<string, unknown>;
  fee?: Record<string, unknown>;
};

/** GHTK's status time ("2026-11-27 10:15:00", Vietnam time, or ISO). */
function ghtkTime(value: unknown): Date {
  const text = asText(value);
  if (!text) return new Date();
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}+07:00` : text;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

type GhtkOptions = { baseUrl: string; token: string; partnerCode: string; timeoutMs?: number };

/** The note GHTK's shipper reads for each way the receiver may look at the goods. */
const RECEIVER_NOTES: Record<ReceiverMethod, string> = {
  cho_xem: 'Cho xem hàng, không cho thử',
  khong_cho_xem: 'Không cho xem hàng',
  cho_thu: 'Cho thử hàng',
};

/** One GHTK call: its answer, or GHTK's refusal in GHTK_ERRORS' words (ORDER_ID_EXIST is answered, for create to read). */
async function ghtkCall(options: GhtkOptions, path: string, request: ProviderRequest = {}): Promise<GhtkAnswer> {
  const answer = await providerFetch(`${options.baseUrl}${path}`, {
    ...request,
    headers: { Token: options.token, 'X-Client-Source': options.partnerCode },
    timeoutMs: options.timeoutMs,
  });
  const body = (answer.body ?? {}) as GhtkAnswer;
  if (answer.status === 401 || answer.status === 403) throw authRefusal('GHTK', answer.status);
  if (answer.status >= 400 || body.success === false) {
    const code = body.error?.code;
    if (code === 'ORDER_ID_EXIST') return body;
    throw refusal((code && GHTK_ERRORS[code]) ?? `GHTK từ chối yêu cầu: ${body.message ?? 'không rõ lý do'}`, code ?? answer.status, body);
  }
  return body;
}

const shipmentOf = (order: Record<string, unknown>): CarrierShipment => ({
  trackingCode: asText(order.label) ?? asText(order.label_id),
  fee: asNumber(order.fee),
  expectedAt: order.estimated_deliver_time ? ghtkTime(order.estimated_deliver_time) : null,
  carrierStatus: asText(order.status_id) ?? asText(order.status) ?? '1',
});

/** The order GHTK holds by label or `partner_id:<our code>`, or null when it refuses the id. */
async function status(options: GhtkOptions, id: string): Promise<Record<string, unknown> | null> {
  try {
    return (await ghtkCall(options, `/services/shipment/v2/${encodeURIComponent(id)}`)).order ?? null;
  } catch (error) {
    if (error instanceof ProviderError && error.failure === 'rejected') return null;
    throw error;
  }
}

const feeQuery = (draft: QuoteDraft, transport: string) => ({
  pick_province: draft.sender.province,
  pick_district: draft.sender.district,
  pick_ward: draft.sender.ward,
  pick_address: draft.sender.address,
  province: draft.receiver.province,
  district: draft.receiver.district,
  ward: draft.receiver.ward,
  address: draft.receiver.address,
  weight: draft.parcel.weight_grams,
  value: draft.insuranceValue,
  transport,
  deliver_option: 'none',
});

/** The fee of each transport GHTK delivers by (one call each). */
async function quoteTransports(options: GhtkOptions, draft: QuoteDraft): Promise<CarrierQuote[]> {
  const answers = await Promise.all(
    TRANSPORTS.map((transport) => ghtkCall(options, '/services/shipment/fee', { query: feeQuery(draft, transport.id) })),
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

/** The body of shipment/order (ver 1.5): our code as order.id, weights in kilograms. */
const createBody = (draft: ShipmentDraft) => ({
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
    pick_province: draft.sender.province,
    pick_district: draft.sender.district,
    pick_ward: draft.sender.ward,
    name: draft.receiver.name,
    tel: draft.receiver.phone,
    address: draft.receiver.address,
    province: draft.receiver.province,
    district: draft.receiver.district,
    ward: draft.receiver.ward,
    hamlet: 'Khác',
    is_freeship: 1,
    pick_money: draft.codAmount,
    value: draft.insuranceValue,
    transport: draft.serviceId,
    pick_option: 'cod',
    pick_work_shift: draft.pickShift ? Number(draft.pickShift.id) : undefined,
    total_weight: draft.parcel.weight_grams / 1000,
    note: [RECEIVER_NOTES[draft.receiverMethod], draft.note].filter(Boolean).join('. '),
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

/** The label of the first shipment as GHTK's PDF (the call answers a PDF, not GHTK's JSON). */
async function labelPdf(options: GhtkOptions, trackingCodes: readonly string[], size: LabelSize) {
  const answer = await providerFetch(`${options.baseUrl}/services/label/${encodeURIComponent(trackingCodes[0]!)}`, {
    headers: { Token: options.token, 'X-Client-Source': options.partnerCode, accept: 'application/pdf' },
    query: { original: 'portrait', paper_size: size === 'a5' ? 'A5' : 'A6' },
    timeoutMs: options.timeoutMs,
  });
  if (answer.status === 401 || answer.status === 403) throw authRefusal('GHTK', answer.status);
  if (answer.status !== 200 || !(answer.headers.get('content-type') ?? '').includes('pdf'))
    throw refusal(GHTK_ERRORS.ORDER_NOT_FOUND!, answer.status);
  return { kind: 'pdf' as const, bytes: answer.bytes };
}

export function ghtkClient(options: GhtkOptions): CarrierClient {
  return {
    async check() {
      await ghtkCall(options, '/services/authenticated');
      return { name: `Đối tác ${options.partnerCode}`, details: { 'Mã đối tác (X-Client-Source)': options.partnerCode } };
    },

    quote: (draft: QuoteDraft) => quoteTransports(options, draft),

    async pickShifts() {
      return PICK_SHIFTS;
    },

    async create(draft: ShipmentDraft): Promise<CarrierShipment> {
      const answer = await ghtkCall(options, '/services/shipment/order/?ver=1.5', { json: createBody(draft) });
      // The id was used before: that order is the one this create made.
      if (answer.error?.code === 'ORDER_ID_EXIST')
        return { trackingCode: answer.error.ghtk_label ?? null, fee: null, expectedAt: null, carrierStatus: '1' };
      return shipmentOf(answer.order ?? {});
    },

    async find(code: string) {
      const order = await status(options, `partner_id:${code}`);
      return order ? shipmentOf(order) : null;
    },

    async track(trackingCode: string): Promise<CarrierEvent> {
      const order = await status(options, trackingCode);
      if (!order) throw refusal(GHTK_ERRORS.ORDER_NOT_FOUND!, 'ORDER_NOT_FOUND');
      return polledEvent(trackingCode, order);
    },

    async cancel(trackingCode: string) {
      await ghtkCall(options, `/services/shipment/cancel/${encodeURIComponent(trackingCode)}`, { method: 'POST', json: {} });
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
