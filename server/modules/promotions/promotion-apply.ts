/**
 * Promotions at order time (server/modules/orders/order-submit.ts): the programmes that may apply
 * now, with what is spent of their budgets; what an order took, written as usage rows; and giving it
 * back when the order is cancelled or refused.
 *
 * Budgets are never overspent by reps sending at once: the order is priced once on what was spent
 * when it started, then the budgeted programmes it takes are locked (row lock, in id order so two
 * orders never wait on each other crosswise, held until the order's transaction ends), their
 * usage is summed again, and the order is priced again with them and the programmes without a
 * budget only (promotedCart). Locking every running budget before pricing made every order of
 * a company queue behind the one before, whether it took a budget or not (about 65 orders a second
 * in tests/bench/server-load.ts, 8 of 10 connections waiting on the lock).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { PROMOTION_SWITCH } from '@contract/promotions';
import {
  applyPromotions,
  giftGoods,
  type AppliedPromotion,
  type EngineInput,
  type EngineProgramme,
  type GiftGoods,
  type PricedCart,
  type PromotionUsage,
} from '@contract/promotions-engine';
import type { VariantRecord } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { promotions, promotionUsages } from '@server/kernel/db/schema';
import { isSwitchOn } from '@server/kernel/switches';
import { anyInt } from '@server/kernel/sql';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { promotionRecordsWithUsage, runningPromotionRecords, type PromotionRecordsWithUsage } from './promotion-record';

export type OrderPromotions = {
  programmes: EngineProgramme[];
  usage: (programmeId: number) => PromotionUsage;
};

const NONE: OrderPromotions = { programmes: [], usage: () => ({ total: 0, customer: 0 }) };

/** The programmes that may apply now, with what is spent of them (no lock: see promotedCart). */
export async function promotionsForOrder(tx: Db, companyId: number, customerId: string, day: string): Promise<OrderPromotions> {
  if (!(await isSwitchOn(tx, companyId, PROMOTION_SWITCH))) return NONE;
  return withUsage(await runningPromotionRecords(tx, companyId, day, customerId));
}

/** Programmes in id order (the order their budgets are locked in), with what is spent of each in all and by the customer. */
function withUsage({ records, usage }: PromotionRecordsWithUsage): OrderPromotions {
  if (records.size === 0) return NONE;
  return {
    programmes: [...records.values()].sort((a, b) => a.id - b.id),
    usage: (id) => ({ total: usage(id).spent, customer: usage(id).customerSpent }),
  };
}

const budgeted = (programme: EngineProgramme) => programme.cap_total !== null || programme.cap_per_customer !== null;

/**
 * Locks the budgets of the programmes a first pricing gave the order and reads what is spent of
 * them now: the programmes to price it again with (those without a budget, and the locked ones),
 * so no budget is overspent. Null when it took no budgeted programme: the first pricing holds (a
 * budget it was refused as spent stays spent, as usage only grows while orders stand). A budgeted
 * programme it did not take stays out of the second pricing even if the one it took was spent
 * meanwhile; the rep is asked to confirm the lower total (PROMOTION_CHANGED) and the next send
 * prices it afresh.
 */
async function lockTakenBudgets(
  tx: Db,
  companyId: number,
  customerId: string,
  offers: OrderPromotions,
  applied: readonly AppliedPromotion[],
): Promise<OrderPromotions | null> {
  const takenIds = new Set(applied.map((given) => given.promotion_id));
  const taken = offers.programmes.filter((programme) => budgeted(programme) && takenIds.has(programme.id)).map((programme) => programme.id);
  if (taken.length === 0) return null;
  await tx.select({ id: promotions.id }).from(promotions).where(anyInt(promotions.id, taken)).orderBy(promotions.id).for('update');
  const locked = withUsage(await promotionRecordsWithUsage(tx, companyId, taken, customerId));
  const fresh = new Map(locked.programmes.map((programme) => [programme.id, programme]));
  return {
    programmes: offers.programmes.flatMap((programme) => (budgeted(programme) ? (fresh.get(programme.id) ?? []) : [programme])),
    usage: (id) => (fresh.has(id) ? locked.usage(id) : offers.usage(id)),
  };
}

/**
 * The order priced with the programmes (the engine the phone ran), and the programmes it was priced
 * with: once on what was spent when the order started, and again, when it took budgeted
 * programmes, with those locked and what is spent of them now.
 */
export async function promotedCart(
  tx: Db,
  companyId: number,
  customerId: string,
  offers: OrderPromotions,
  input: Omit<EngineInput, 'programmes' | 'usage'>,
): Promise<{ cart: PricedCart; programmes: readonly EngineProgramme[] }> {
  const first = applyPromotions({ ...input, programmes: offers.programmes, usage: offers.usage });
  const taken = await lockTakenBudgets(tx, companyId, customerId, offers, first.applied);
  if (!taken) return { cart: first, programmes: offers.programmes };
  return { cart: applyPromotions({ ...input, programmes: taken.programmes, usage: taken.usage }), programmes: taken.programmes };
}

/** The gifts' variants the programmes name, as the engine values them. */
export function giftGoodsOf(variants: ReadonlyMap<number, VariantRecord>): (variantId: number) => GiftGoods | undefined {
  return (variantId) => {
    const variant = variants.get(variantId);
    return variant ? giftGoods(variant) : undefined;
  };
}

/** Every variant a programme may give (the order loads them with its own lines). */
export function giftVariantIds(programmes: readonly EngineProgramme[]): number[] {
  return [...new Set(programmes.flatMap((p) => p.tiers.flatMap((tier) => (tier.gift_variant_id === null ? [] : [tier.gift_variant_id]))))];
}

export async function recordUsage(
  tx: Db,
  order: { companyId: number; orderId: string; customerId: string; accountId: number },
  applied: readonly AppliedPromotion[],
  programmes: readonly EngineProgramme[],
): Promise<void> {
  const rows = applied.filter((given) => given.discount > 0 || given.gift_value > 0 || given.quantity > 0);
  if (rows.length === 0) return;
  const capKind = new Map(programmes.map((p) => [p.id, p.cap_kind]));
  await tx.insert(promotionUsages).values(
    rows.map((given) => ({
      companyId: order.companyId,
      promotionId: given.promotion_id,
      orderId: order.orderId,
      customerId: order.customerId,
      accountId: order.accountId,
      discount: given.discount,
      giftValue: given.gift_value,
      quantity: given.quantity,
      spent: capKind.get(given.promotion_id) === 'quantity' ? given.quantity : given.discount + given.gift_value,
    })),
  );
  // Phones read what is left of a budget from the record.
  const budgeted = programmes.filter((p) => p.cap_total !== null && rows.some((given) => given.promotion_id === p.id)).map((p) => p.id);
  await recordUpserts(tx, order.companyId, 'promotion', budgeted);
}

/**
 * An order cancelled or refused gives back what it took (`release`); reopened, it takes it again,
 * even past a budget since spent (the office decided to reopen it).
 */
export async function releaseUsage(tx: Db, companyId: number, orderId: string, release: boolean): Promise<void> {
  const changed = await tx
    .update(promotionUsages)
    .set({ releasedAt: release ? sql`now()` : null })
    .where(
      and(
        eq(promotionUsages.companyId, companyId),
        eq(promotionUsages.orderId, orderId),
        release ? isNull(promotionUsages.releasedAt) : isNotNull(promotionUsages.releasedAt),
      ),
    )
    .returning({ id: promotionUsages.promotionId });
  await recordUpserts(tx, companyId, 'promotion', [...new Set(changed.map((row) => row.id))]);
}
