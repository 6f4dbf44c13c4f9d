/**
 * A promotion programme's status: the spec's codes (product-spec.md "Promotion status codes": 1 CXD,
 * 2 CAD, 3 DAD, 4 end, 5 DH, 6 BTC) read as below (docs/promotions.md "Status"). What the office
 * decides is stored (`state`); whether an approved programme waits, runs or has ended follows from
 * its dates and budget, so nothing has to wake up at midnight to move it:
 *
 *   created ─▶ 1 Chờ xét duyệt ─approve─▶ approved ─▶ 2 Chờ áp dụng (before its start)
 *                 │      ▲                       ─▶ 3 Đang áp dụng (within its dates)
 *              reject  edit                      ─▶ 4 Kết thúc (after its end, or its budget spent)
 *                 ▼      │                 stop (2 or 3) ─▶ 5 Đã dừng
 *              6 Bị từ chối
 */

/** What the office decided; `approved` reads as 2, 3 or 4 by date and budget. */
export const PROMOTION_STATES = ['pending', 'approved', 'stopped', 'rejected'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

export const PROMOTION_STATUS = { CXD: 1, CAD: 2, DAD: 3, END: 4, DH: 5, BTC: 6 } as const;
export type PromotionStatus = (typeof PROMOTION_STATUS)[keyof typeof PROMOTION_STATUS];
export const PROMOTION_STATUSES: readonly PromotionStatus[] = [1, 2, 3, 4, 5, 6];

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  1: 'Chờ xét duyệt',
  2: 'Chờ áp dụng',
  3: 'Đang áp dụng',
  4: 'Kết thúc',
  5: 'Đã dừng',
  6: 'Bị từ chối',
};

export const PROMOTION_STATUS_COLORS: Record<PromotionStatus, string> = {
  1: 'yellow',
  2: 'blue',
  3: 'green',
  4: 'gray',
  5: 'orange',
  6: 'red',
};

type Dated = { state: PromotionState; starts_on: string; ends_on: string; exhausted: boolean };

/** The status code of a programme on a day (YYYY-MM-DD, Vietnam time). */
export function promotionStatus(programme: Dated, day: string): PromotionStatus {
  if (programme.state === 'pending') return PROMOTION_STATUS.CXD;
  if (programme.state === 'rejected') return PROMOTION_STATUS.BTC;
  if (programme.state === 'stopped') return PROMOTION_STATUS.DH;
  if (day > programme.ends_on || programme.exhausted) return PROMOTION_STATUS.END;
  if (day < programme.starts_on) return PROMOTION_STATUS.CAD;
  return PROMOTION_STATUS.DAD;
}

/** What the office can do to a programme (statuspromotion/), from which statuses, to which state. */
export const PROMOTION_ACTIONS = ['approve', 'reject', 'stop'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

export const PROMOTION_ACTION_RULES: Record<PromotionAction, { from: readonly PromotionStatus[]; to: PromotionState; label: string }> = {
  approve: { from: [PROMOTION_STATUS.CXD], to: 'approved', label: 'Duyệt' },
  reject: { from: [PROMOTION_STATUS.CXD], to: 'rejected', label: 'Từ chối' },
  stop: { from: [PROMOTION_STATUS.CAD, PROMOTION_STATUS.DAD], to: 'stopped', label: 'Dừng' },
};

/** Why an action cannot be taken now, in Vietnamese; null when it can. */
export function actionRefusal(action: PromotionAction, status: PromotionStatus): string | null {
  if (PROMOTION_ACTION_RULES[action].from.includes(status)) return null;
  return `Không thể ${PROMOTION_ACTION_RULES[action].label.toLowerCase()} chương trình đang ở trạng thái "${PROMOTION_STATUS_LABELS[status]}"`;
}

/** Editing is for programmes not yet approved: waiting, or refused (an edit sends it back for approval). */
export function canEdit(status: PromotionStatus): boolean {
  return status === PROMOTION_STATUS.CXD || status === PROMOTION_STATUS.BTC;
}

/** A programme the cart applies: approved, within its dates, budget left. */
export function isRunning(programme: Dated, day: string): boolean {
  return promotionStatus(programme, day) === PROMOTION_STATUS.DAD;
}
