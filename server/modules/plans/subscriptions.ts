/**
 * A company's subscription (docs/plans.md): a new company starts on the trial package, confirming a
 * package order starts or extends one and sets the company's switches to the package's; the
 * package is what may be turned on and its seats limit active members; when it lapses (a durable
 * job at the end date) every switch goes off until the company renews.
 */
import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { isSwitchCode, SWITCH_CODES, SWITCH_LABELS, type SwitchCode } from '@contract/company-switches';
import { NO_PACKAGE_MESSAGE, NO_PACKAGE_SEATS, type CompanyPlan, type SubscriptionState, seatsFullMessage } from '@contract/plans';
import { vietnamDay } from '@contract/price-policy';
import { addDays } from '@contract/calendar-days';
import type { Db } from '@server/kernel/db/client';
import {
  accountCompanies,
  companyFeatures,
  companySubscriptions,
  servicePackages,
  systemOrders,
  voucherUses,
} from '@server/kernel/db/schema';
import { conflict, forbidden } from '@server/kernel/errors';
import type { PlatformBank } from '@server/kernel/platform-bank';
import { enqueueJob, type JobHandler } from '@server/kernel/jobs';
import { packageById, systemOrderRecords } from './plan-records';
import { packagePayment } from './package-payment';

export const PLAN_LAPSE_QUEUE = 'plans.lapse';

/** The last day of `months` months starting on `start` (inclusive): 2026-01-31 + 1 month ends 2026-02-28. */
export function periodEnd(start: string, months: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return addDays(target.toISOString().slice(0, 10), -1);
}

/** The switches of a package: exactly its features on, every other switch off. */
export async function applyPlanSwitches(tx: Db, companyId: number, features: readonly SwitchCode[]): Promise<void> {
  const now = new Date();
  await tx
    .insert(companyFeatures)
    .values(SWITCH_CODES.map((code) => ({ companyId, code, isEnabled: features.includes(code), updatedAt: now })))
    .onConflictDoUpdate({
      target: [companyFeatures.companyId, companyFeatures.code],
      set: { isEnabled: sql`excluded.is_enabled`, updatedAt: now },
    });
}

type Period = { companyId: number; packageId: number; startsOn: string; endsOn: string; lastOrderId: number | null; isTrial: boolean };

/** The company's one subscription row set to `period`, and its lapse scheduled for the day after the end. */
async function subscribe(tx: Db, period: Period, now: Date): Promise<void> {
  const { companyId, ...rest } = period;
  await tx
    .insert(companySubscriptions)
    .values({ ...period, updatedAt: now })
    .onConflictDoUpdate({ target: companySubscriptions.companyId, set: { ...rest, updatedAt: now } });
  await enqueueJob(tx, {
    queue: PLAN_LAPSE_QUEUE,
    companyId,
    payload: { companyId, endsOn: period.endsOn },
    dedupeKey: `plan-lapse:${companyId}:${period.endsOn}`,
    runAt: new Date(`${addDays(period.endsOn, 1)}T00:00:00+07:00`),
  });
}

/**
 * Confirms a pending package order (adminconfirmorder/): the subscription starts today, or, on a
 * renewal of the same package still running (not a trial), continues after its end; the switches
 * follow the package, and the lapse is scheduled for the day after the end.
 */
export async function activateOrder(tx: Db, orderId: number, deciderId: number, now = new Date()): Promise<void> {
  const [order] = await tx.select().from(systemOrders).where(eq(systemOrders.id, orderId)).for('update');
  if (!order) throw conflict('Không tìm thấy đơn đăng ký gói');
  if (order.status !== 'pending') throw conflict('Chỉ kích hoạt được đơn đang chờ thanh toán');
  const pkg = await packageById(tx, order.packageId);
  if (!pkg) throw conflict('Gói dịch vụ không còn tồn tại');
  const today = vietnamDay(now);
  const [current] = await tx.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, order.companyId)).for('update');
  const continues = current && !current.isTrial && current.packageId === order.packageId && current.endsOn >= today;
  const startsOn = continues ? current.startsOn : today;
  const endsOn = periodEnd(continues ? addDays(current.endsOn, 1) : today, order.months);
  await subscribe(tx, { companyId: order.companyId, packageId: pkg.id, startsOn, endsOn, lastOrderId: order.id, isTrial: false }, now);
  await tx
    .update(systemOrders)
    .set({ status: 'confirmed', decidedBy: deciderId, decidedAt: now, updatedAt: now })
    .where(eq(systemOrders.id, orderId));
  await applyPlanSwitches(tx, order.companyId, pkg.features);
}

/** A package given for `months` from today without an order (the demo companies'); the switches are left as they are. */
export async function grantPackage(tx: Db, companyId: number, packageId: number, months: number, now = new Date()): Promise<void> {
  const startsOn = vietnamDay(now);
  await subscribe(tx, { companyId, packageId, startsOn, endsOn: periodEnd(startsOn, months), lastOrderId: null, isTrial: false }, now);
}

/**
 * A new company starts on the platform's trial package, if there is one, for its days from today,
 * with the package's switches on (the owner tries everything it has, and may turn off what they do
 * not use), within its seats.
 */
export async function startTrial(tx: Db, companyId: number, now = new Date()): Promise<void> {
  const [trial] = await tx
    .select({ id: servicePackages.id, days: servicePackages.trialDays, features: servicePackages.features })
    .from(servicePackages)
    .where(isNotNull(servicePackages.trialDays))
    .limit(1);
  if (!trial?.days) return;
  const startsOn = vietnamDay(now);
  const endsOn = addDays(startsOn, trial.days - 1);
  await subscribe(tx, { companyId, packageId: trial.id, startsOn, endsOn, lastOrderId: null, isTrial: true }, now);
  await applyPlanSwitches(tx, companyId, trial.features.filter(isSwitchCode));
}

export function subscriptionState(endsOn: string, today: string): SubscriptionState {
  return endsOn >= today ? 'active' : 'expired';
}

/** The lapse: if the subscription really ended (not renewed since), every switch goes off. Idempotent. */
export const planLapseHandler: JobHandler<{ companyId: number; endsOn: string }> = {
  queue: PLAN_LAPSE_QUEUE,
  run: async (job, deps) => {
    const { companyId } = job.payload;
    return deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, companyId)).for('update');
      if (!current || subscriptionState(current.endsOn, vietnamDay()) === 'active') return { lapsed: false };
      await applyPlanSwitches(tx, companyId, []);
      return { lapsed: true };
    });
  },
};

const SEAT_STATUSES = ['accept', 'invited'];

/** Members holding a seat: active, accepted or invited. */
export async function seatsUsed(db: Db, companyId: number, except?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountCompanies)
    .where(
      and(
        eq(accountCompanies.companyId, companyId),
        eq(accountCompanies.isActive, true),
        inArray(accountCompanies.status, SEAT_STATUSES),
        except === undefined ? undefined : ne(accountCompanies.accountId, except),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The company's package, if it has one (running or expired), and its subscription row. */
async function currentPackage(db: Db, companyId: number) {
  const [current] = await db.select().from(companySubscriptions).where(eq(companySubscriptions.companyId, companyId));
  const pkg = current ? await packageById(db, current.packageId) : null;
  return current && pkg ? { current, pkg } : null;
}

/**
 * Refuses (409) one more member when the company's package has no seat left; a company on no
 * package has its owner's seat only (NO_PACKAGE_SEATS). `accountId`: the person about to take the
 * seat, not counted twice if they already hold one.
 */
export async function requireSeat(db: Db, companyId: number, accountId?: number): Promise<void> {
  const seats = (await currentPackage(db, companyId))?.pkg.seats ?? NO_PACKAGE_SEATS;
  if ((await seatsUsed(db, companyId, accountId)) + 1 > seats) throw conflict(seatsFullMessage(seats));
}

/** A company may turn on only what its running package has (functiononoff/); turning off is always allowed. */
export async function requirePlanAllows(db: Db, companyId: number, code: SwitchCode, turningOn: boolean): Promise<void> {
  if (!turningOn) return;
  const plan = await currentPackage(db, companyId);
  if (!plan) throw forbidden('FEATURE_OFF', NO_PACKAGE_MESSAGE);
  const { current, pkg } = plan;
  if (subscriptionState(current.endsOn, vietnamDay()) === 'expired')
    throw forbidden('FEATURE_OFF', 'Gói dịch vụ của công ty đã hết hạn, vui lòng gia hạn để bật chức năng');
  if (!pkg.features.includes(code)) throw forbidden('FEATURE_OFF', `Gói ${pkg.name} không có chức năng ${SWITCH_LABELS[code]}`);
}

export async function companyPlan(db: Db, companyId: number, bank: PlatformBank | null): Promise<CompanyPlan> {
  const { current, pkg } = (await currentPackage(db, companyId)) ?? { current: null, pkg: null };
  const today = vietnamDay();
  const orders = await systemOrderRecords(db, eq(systemOrders.companyId, companyId), { limit: 50, offset: 0 });
  const daysLeft = current ? Math.max(0, Math.round((Date.parse(current.endsOn) - Date.parse(today)) / 86_400_000) + 1) : 0;
  return {
    subscription:
      current && pkg
        ? {
            package: pkg,
            starts_on: current.startsOn,
            ends_on: current.endsOn,
            state: subscriptionState(current.endsOn, today),
            days_left: daysLeft,
            trial: current.isTrial,
          }
        : null,
    seats: pkg?.seats ?? NO_PACKAGE_SEATS,
    seats_used: await seatsUsed(db, companyId),
    orders,
    payment: packagePayment(orders, bank),
  };
}

/** Cancels a pending package order (cancelordersystem/): its voucher is the company's to use again. */
export async function cancelOrder(tx: Db, orderId: number, reason: string, deciderId: number, now = new Date()): Promise<void> {
  const [order] = await tx.select().from(systemOrders).where(eq(systemOrders.id, orderId)).for('update');
  if (!order) throw conflict('Không tìm thấy đơn đăng ký gói');
  if (order.status !== 'pending') throw conflict('Chỉ hủy được đơn đang chờ thanh toán');
  await tx
    .update(systemOrders)
    .set({ status: 'cancelled', cancelReason: reason, decidedBy: deciderId, decidedAt: now, updatedAt: now })
    .where(eq(systemOrders.id, orderId));
  await tx.delete(voucherUses).where(eq(voucherUses.systemOrderId, orderId));
}
