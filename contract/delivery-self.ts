/**
 * Self delivery's steps (docs/delivery.md "Statuses", self delivery): the office or the shipper
 * records what happened, the carriers' webhooks do it for the rest. Which step may follow which is
 * data here, shared by the office's form and the server, so a step the delivery has already passed
 * is neither offered nor accepted. A failed attempt says why: one of the usual reasons, or "Khác"
 * with the shipper's own words.
 */
import * as v from 'valibot';
import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from './delivery-status';
import { bodyObject, companyBodyField, optionalText } from './validation';

export const SELF_MOVES = ['picked', 'delivering', 'delivered', 'delivery_failed', 'returned'] as const;
export type SelfMove = (typeof SELF_MOVES)[number];
export const SELF_MOVE_LABELS: Record<SelfMove, string> = {
  picked: 'Đã lấy hàng, bắt đầu giao',
  delivering: 'Giao lại cho khách',
  delivered: 'Đã giao hàng',
  delivery_failed: 'Giao không thành công',
  returned: 'Đã mang hàng về kho',
};

/**
 * The steps that may follow each status, forward only: the shipper may skip "picked up" and mark the
 * delivery done at the door; a failed attempt is tried again, delivered after all, or brought back.
 * A delivered, returned or cancelled delivery has no step left.
 */
export const SELF_NEXT_MOVES: Record<DeliveryStatus, readonly SelfMove[]> = {
  creating: [],
  create_failed: [],
  waiting_pickup: ['picked', 'delivered', 'delivery_failed'],
  picked: ['delivered', 'delivery_failed'],
  delivering: ['delivered', 'delivery_failed'],
  delivery_failed: ['delivering', 'delivered', 'returned'],
  delivered: [],
  returning: ['returned'],
  returned: [],
  cancelled: [],
  incident: [],
};

export function selfMovesFrom(status: DeliveryStatus): readonly SelfMove[] {
  return SELF_NEXT_MOVES[status];
}

/** Why the step is refused from where the delivery stands, in Vietnamese; null when it may be taken. */
export function selfMoveRefusal(from: DeliveryStatus, to: SelfMove): string | null {
  const next = selfMovesFrom(from);
  if (next.includes(to)) return null;
  const head = `Đơn vận chuyển đang "${DELIVERY_STATUS_LABELS[from]}", không chuyển được sang "${SELF_MOVE_LABELS[to]}"`;
  if (next.length === 0) return `${head}: đơn đã kết thúc`;
  return `${head}. Chỉ có thể: ${next.map((move) => SELF_MOVE_LABELS[move]).join(', ')}`;
}

/** Why a self delivery failed: the usual reasons, and "Khác" with free text. */
export const FAILURE_REASONS = ['refused', 'unreachable', 'wrong_address', 'rescheduled', 'other'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export const FAILURE_REASON_LABELS: Record<FailureReason, string> = {
  refused: 'Khách không nhận hàng',
  unreachable: 'Không liên lạc được khách',
  wrong_address: 'Sai địa chỉ',
  rescheduled: 'Khách hẹn giao lại',
  other: 'Khác',
};

export const FAILURE_MESSAGES = {
  reasonRequired: 'Vui lòng chọn lý do giao không thành công',
  detailRequired: 'Vui lòng nhập lý do giao không thành công',
} as const;

type FailureFields = { to: SelfMove; failure_reason: FailureReason | null; failure_detail: string | null };

/** What a failed step still lacks, by field (the office's form and the server say the same). */
export function failureReasonIssues(input: FailureFields): Partial<Record<'failure_reason' | 'failure_detail', string>> {
  if (input.to !== 'delivery_failed') return {};
  if (input.failure_reason === null) return { failure_reason: FAILURE_MESSAGES.reasonRequired };
  if (input.failure_reason === 'other' && !input.failure_detail?.trim()) return { failure_detail: FAILURE_MESSAGES.detailRequired };
  return {};
}

/** The reason as kept in the delivery's history: the usual reason's words, or the shipper's own for "Khác". */
export function failureReasonText(reason: FailureReason, detail: string | null): string {
  return reason === 'other' ? (detail ?? FAILURE_REASON_LABELS.other) : FAILURE_REASON_LABELS[reason];
}

const codCollected = v.pipe(
  v.number('Tiền thu hộ đã thu không hợp lệ'),
  v.integer('Tiền thu hộ đã thu phải là số nguyên'),
  v.minValue(0, 'Tiền thu hộ đã thu không được âm'),
  v.maxValue(100_000_000_000, 'Tiền thu hộ đã thu quá lớn'),
);

export const SelfMoveSchema = v.pipe(
  bodyObject({
    company: companyBodyField,
    to: v.picklist(SELF_MOVES, 'Trạng thái không hợp lệ'),
    /** Delivered: the COD the shipper collected. */
    cod_collected: v.optional(v.nullable(codCollected), null),
    /** Failed: why (required then), with the words for "Khác". */
    failure_reason: v.optional(v.nullable(v.picklist(FAILURE_REASONS, 'Lý do giao không thành công không hợp lệ')), null),
    failure_detail: optionalText('lý do giao không thành công', 255),
    note: optionalText('ghi chú', 255),
  }),
  v.forward(
    v.check((input) => !failureReasonIssues(input).failure_reason, FAILURE_MESSAGES.reasonRequired),
    ['failure_reason'],
  ),
  v.forward(
    v.check((input) => !failureReasonIssues(input).failure_detail, FAILURE_MESSAGES.detailRequired),
    ['failure_detail'],
  ),
);
export type SelfMoveInput = v.InferOutput<typeof SelfMoveSchema>;
