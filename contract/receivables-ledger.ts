/**
 * The arithmetic of receivables (công nợ), run by the phone offline and by the server, which is
 * authoritative (docs/receivables.md). A customer's ledger: a completed order adds its total, a
 * confirmed payment and a credited return take away. Payments settle orders: first the order they
 * name, then the oldest debts by due date (FIFO); an order's payment state follows from what
 * settled it. Aging counts each order's open amount by days past its due date. The credit check
 * compares what the customer would owe with the order against their limit.
 */
import { formatMoney } from './money';
import type { PaymentStatus } from './orders-status';
import { daysBetween } from './calendar-days';

/** An order's state from what it is owed and what settled it (payments and credited returns). */
export function paymentState(total: number, settled: number): PaymentStatus {
  if (settled <= 0) return total <= 0 ? 'paid' : 'unpaid';
  return settled >= total ? 'paid' : 'partial';
}

// ---- Settling orders --------------------------------------------------------------------------

export type SettleOrder = {
  id: string;
  total: number;
  /** Returned goods credited against this order. */
  credited: number;
  /** The day its debt falls due; null while the order is not completed (not a debt yet). */
  due_date: string | null;
  /** Tie-break for orders due the same day. */
  created_at: string;
};

export type SettlePayment = { id: string; amount: number; order_id: string | null };

export type Allocation = { payment_id: string; order_id: string; amount: number };

export type Settlement = {
  allocations: Allocation[];
  /** What settled each order (payments and credited returns). */
  settledByOrder: Map<string, number>;
  /** Paid and not yet owed: an advance (trả trước), taken by the next completed order. */
  unallocated: number;
};

/**
 * Spreads confirmed payments (in the order given: when they were confirmed) over the orders: a
 * payment goes first to the order it names (even one not completed yet: paid in advance), up to
 * what is still open there, then to completed orders by due date, oldest first. Recomputed whole
 * from the facts whenever one changes, so it never drifts.
 */
export function settle(orders: readonly SettleOrder[], payments: readonly SettlePayment[]): Settlement {
  const open = new Map(orders.map((order) => [order.id, Math.max(0, order.total - order.credited)]));
  const settledByOrder = new Map(orders.map((order) => [order.id, Math.min(order.total, order.credited)]));
  const fifo = orders
    .filter((order) => order.due_date !== null)
    .sort((a, b) => a.due_date!.localeCompare(b.due_date!) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  const allocations: Allocation[] = [];
  let unallocated = 0;
  const give = (payment: SettlePayment, orderId: string, left: number): number => {
    const take = Math.min(left, open.get(orderId) ?? 0);
    if (take <= 0) return left;
    open.set(orderId, open.get(orderId)! - take);
    settledByOrder.set(orderId, (settledByOrder.get(orderId) ?? 0) + take);
    allocations.push({ payment_id: payment.id, order_id: orderId, amount: take });
    return left - take;
  };
  for (const payment of payments) {
    let left = payment.amount;
    if (payment.order_id) left = give(payment, payment.order_id, left);
    for (const order of fifo) {
      if (left <= 0) break;
      left = give(payment, order.id, left);
    }
    unallocated += left;
  }
  return { allocations, settledByOrder, unallocated };
}

// ---- Aging --------------------------------------------------------------------------------------

/** The company's default buckets: 0–30, 31–60, 61–90 and over 90 days past due. */
export const DEFAULT_AGING_BOUNDS: readonly number[] = [30, 60, 90];

export type AgingBucket = { label: string; from: number; to: number | null };

/** Buckets of days past due from their upper bounds: [30, 60, 90] → 0–30, 31–60, 61–90, Trên 90 ngày. */
export function agingBuckets(bounds: readonly number[]): AgingBucket[] {
  const buckets: AgingBucket[] = bounds.map((to, index) => {
    const from = index === 0 ? 0 : bounds[index - 1]! + 1;
    return { label: `${from}–${to} ngày`, from, to };
  });
  const last = bounds.at(-1) ?? 0;
  buckets.push({ label: `Trên ${last} ngày`, from: last + 1, to: null });
  return buckets;
}

/** Why a list of bucket bounds cannot be used; null when it can. */
export function agingBoundsProblem(bounds: readonly number[]): string | null {
  if (bounds.length < 1 || bounds.length > 6) return 'Cần từ 1 đến 6 mốc tuổi nợ';
  if (bounds.some((bound) => !Number.isInteger(bound) || bound < 1 || bound > 3650)) return 'Mốc tuổi nợ là số ngày từ 1 đến 3650';
  if (bounds.some((bound, index) => index > 0 && bound <= bounds[index - 1]!)) return 'Các mốc tuổi nợ phải tăng dần';
  return null;
}

export type OpenItem = { due_date: string; amount: number };

export type Aging = {
  /** Not yet due. */
  not_due: number;
  /** Past due, one amount per bucket of agingBuckets(bounds). */
  buckets: number[];
  overdue: number;
  total: number;
  /** How many days the oldest unpaid debt is past due (0: none is). */
  max_days_overdue: number;
};

export function ageItems(items: readonly OpenItem[], asOf: string, bounds: readonly number[]): Aging {
  const shape = agingBuckets(bounds);
  const buckets = shape.map(() => 0);
  let notDue = 0;
  let maxDays = 0;
  for (const item of items) {
    if (item.amount <= 0) continue;
    const late = daysBetween(item.due_date, asOf);
    if (late <= 0) {
      notDue += item.amount;
      continue;
    }
    maxDays = Math.max(maxDays, late);
    const index = shape.findIndex((bucket) => bucket.to === null || late <= bucket.to);
    buckets[index]! += item.amount;
  }
  const overdue = buckets.reduce((sum, amount) => sum + amount, 0);
  return { not_due: notDue, buckets, overdue, total: notDue + overdue, max_days_overdue: maxDays };
}

// ---- Credit limits ------------------------------------------------------------------------------

/** What a company does with an order over a limit: refuse it, take it with a warning, or take it. */
export const CREDIT_POLICIES = ['block', 'warn', 'allow'] as const;
export type CreditPolicy = (typeof CREDIT_POLICIES)[number];
export const CREDIT_POLICY_LABELS: Record<CreditPolicy, string> = {
  block: 'Không cho phép đặt hàng',
  warn: 'Cảnh báo, vẫn cho đặt hàng',
  allow: 'Luôn cho phép',
};

/** One limit and what stands against it: a customer's, or a rep's over the orders they took. */
export type CreditStanding = {
  /** Whose limit, in the reason: 'Khách hàng Nhà thuốc Minh Châu', 'Nhân viên Lê Văn Trình'. */
  who: string;
  /** In đồng; null: no limit in money. */
  limit: number | null;
  /** Credit days (hạn nợ); null: no limit in days. */
  days: number | null;
  /** What is owed now, with orders taken and not yet completed (not the order being checked). */
  exposure: number;
  /** How many days the oldest unpaid debt is past its due date. */
  max_days_overdue: number;
};

/**
 * What a credit limit is measured against, named the same in the refusal and in the aging table:
 * not the balance ("Dư nợ", the ledger) but the balance with the orders still in progress.
 */
export const EXPOSURE_LABEL = 'dư nợ tính cả đơn đang xử lý';

export type CreditVerdict = { decision: 'ok' | 'warn' | 'block'; reasons: string[] };

/**
 * The check when an order is saved (MISA AMIS: order value + outstanding debt against the limit;
 * HTsoft: days owed). Over a limit in money, or owing past the credit days, the company's policy
 * decides: block refuses the order, warn takes it flagged, allow takes it.
 */
export function creditVerdict(policy: CreditPolicy, orderValue: number, standings: readonly CreditStanding[]): CreditVerdict {
  const reasons: string[] = [];
  for (const standing of standings) {
    const after = standing.exposure + orderValue;
    if (standing.limit !== null && after > standing.limit)
      reasons.push(
        `${standing.who} vượt hạn mức công nợ: ${EXPOSURE_LABEL} ${formatMoney(standing.exposure)} + đơn này ${formatMoney(orderValue)} = ${formatMoney(after)}, hạn mức ${formatMoney(standing.limit)}`,
      );
    if (standing.days !== null && standing.max_days_overdue > 0)
      reasons.push(`${standing.who} có nợ quá hạn ${standing.max_days_overdue} ngày (hạn nợ ${standing.days} ngày)`);
  }
  if (reasons.length === 0 || policy === 'allow') return { decision: 'ok', reasons: policy === 'allow' ? [] : reasons };
  return { decision: policy, reasons };
}

// ---- Statement (biên bản đối chiếu công nợ) -----------------------------------------------------

export type LedgerKind = 'order' | 'payment' | 'return' | 'reversal';
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  order: 'Bán hàng',
  payment: 'Thanh toán',
  return: 'Trả hàng',
  reversal: 'Hủy phiếu thu',
};

/** A ledger row: + raises what the customer owes (an order), − lowers it (a payment, a return). */
export type LedgerMovement = { day: string; kind: LedgerKind; amount: number };

export type StatementTotals = { opening: number; increases: number; payments: number; returns: number; closing: number };

/** Opening balance, what the period added and took away, closing balance. */
export function statementTotals(opening: number, movements: readonly LedgerMovement[]): StatementTotals {
  let increases = 0;
  let payments = 0;
  let returns = 0;
  for (const movement of movements) {
    if (movement.kind === 'return') returns -= movement.amount;
    else if (movement.amount >= 0) increases += movement.amount;
    else payments -= movement.amount;
  }
  return { opening, increases, payments, returns, closing: opening + increases - payments - returns };
}
