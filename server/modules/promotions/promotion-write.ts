/**
 * Writing programmes: create (waiting for approval, code KM000001), edit while not yet approved (an
 * edit of a refused programme sends it back for approval), replace its tiers, copy, delete what no
 * order used, and the office's decisions (approve, reject with a reason, stop). Each change writes a
 * `promotion` change-log row in its transaction, so phones learn it on their next pull.
 */
import { and, eq, sql } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { PROMOTION_MESSAGES, type PromotionInput, type PromotionTier } from '@contract/promotions';
import {
  actionRefusal,
  canEdit,
  PROMOTION_ACTION_RULES,
  promotionStatus,
  type PromotionAction,
  type PromotionState,
} from '@contract/promotions-status';
import { vietnamDay } from '@contract/price-policy';
import { notifyPromotionWaiting, resolvePromotion } from '@server/modules/notifications';
import type { Db } from '@server/kernel/db/client';
import { promotions, promotionUsages } from '@server/kernel/db/schema';
import { formatCode, nextCounter } from '@server/kernel/counters';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { recordChange, recordUpserts } from '@server/kernel/sync/change-log';
import { checkPromotion } from './promotion-checks';
import { usageTotals } from './promotion-record';

type PromotionRow = typeof promotions.$inferSelect;
type Fields = Omit<PromotionInput, 'company'>;

function columns(input: Fields) {
  return {
    name: input.name,
    description: input.description,
    kind: input.kind,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    hoursFrom: input.hours_from,
    hoursTo: input.hours_to,
    exclusive: input.exclusive,
    priority: input.priority,
    variantIds: input.variant_ids,
    categoryIds: input.category_ids,
    brandIds: input.brand_ids,
    customerTypeIds: input.customer_type_ids,
    levelIds: input.level_ids,
    regionIds: input.region_ids,
    tiers: input.tiers,
    capKind: input.cap_kind,
    capTotal: input.cap_total,
    capPerCustomer: input.cap_per_customer,
    noticeRef: input.notice_ref,
    noticeDate: input.notice_date,
  };
}

/** The programme, locked for this transaction; 404 when it is not the company's. */
async function lockedPromotion(tx: Db, companyId: number, id: number): Promise<PromotionRow> {
  const [row] = await tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.companyId, companyId), eq(promotions.id, id)))
    .for('update');
  if (!row) throw notFound(PROMOTION_MESSAGES.notFound);
  return row;
}

async function statusOf(tx: Db, row: PromotionRow) {
  const spent = (await usageTotals(tx, [row.id])).get(row.id)?.spent ?? 0;
  const exhausted = row.capTotal !== null && spent >= row.capTotal;
  return promotionStatus({ state: row.state as PromotionState, starts_on: row.startsOn, ends_on: row.endsOn, exhausted }, vietnamDay());
}

export async function createPromotion(tx: Db, companyId: number, accountId: number, input: Fields): Promise<number> {
  await checkPromotion(tx, companyId, input);
  const code = formatCode('KM', await nextCounter(tx, companyId, 'promotion'));
  const [row] = await tx
    .insert(promotions)
    .values({ companyId, code, state: 'pending', createdBy: accountId, searchText: fold(`${code} ${input.name}`), ...columns(input) })
    .returning({ id: promotions.id });
  await recordChange(tx, { companyId, entity: 'promotion', entityId: String(row!.id), op: 'upsert' });
  await notifyPromotionWaiting(tx, { companyId, promotionId: row!.id, code, name: input.name, creatorId: accountId });
  return row!.id;
}

async function requireEditable(tx: Db, row: PromotionRow): Promise<void> {
  if (!canEdit(await statusOf(tx, row)))
    throw conflict('Chương trình đã được duyệt, không thể sửa; hãy dừng chương trình và tạo chương trình mới (hoặc sao chép)');
}

export async function updatePromotion(tx: Db, companyId: number, id: number, input: Fields): Promise<void> {
  const row = await lockedPromotion(tx, companyId, id);
  await requireEditable(tx, row);
  await checkPromotion(tx, companyId, input);
  await tx
    .update(promotions)
    .set({ ...columns(input), state: 'pending', rejectReason: null, searchText: fold(`${row.code} ${input.name}`), updatedAt: new Date() })
    .where(eq(promotions.id, id));
  await recordUpserts(tx, companyId, 'promotion', [id]);
}

export async function replaceTiers(tx: Db, companyId: number, id: number, tiers: PromotionTier[]): Promise<void> {
  const row = await lockedPromotion(tx, companyId, id);
  await requireEditable(tx, row);
  await checkPromotion(tx, companyId, {
    kind: row.kind as Fields['kind'],
    tiers,
    variant_ids: row.variantIds,
    category_ids: row.categoryIds,
    brand_ids: row.brandIds,
    customer_type_ids: row.customerTypeIds,
    level_ids: row.levelIds,
    region_ids: row.regionIds,
  });
  await tx.update(promotions).set({ tiers, state: 'pending', rejectReason: null, updatedAt: new Date() }).where(eq(promotions.id, id));
  await recordUpserts(tx, companyId, 'promotion', [id]);
}

export async function deletePromotion(tx: Db, companyId: number, id: number): Promise<void> {
  const row = await lockedPromotion(tx, companyId, id);
  const [used] = await tx.select({ id: promotionUsages.id }).from(promotionUsages).where(eq(promotionUsages.promotionId, id)).limit(1);
  if (used || !canEdit(await statusOf(tx, row)))
    throw conflict('Chỉ xóa được chương trình chưa được duyệt và chưa áp dụng cho đơn nào; chương trình đã chạy thì hãy dừng');
  await tx.delete(promotions).where(eq(promotions.id, id));
  await recordChange(tx, { companyId, entity: 'promotion', entityId: String(id), op: 'delete' });
  await resolvePromotion(tx, companyId, id);
}

/** A new programme waiting for approval with the same settings (a new code, "(bản sao)" in its name). */
export async function copyPromotion(tx: Db, companyId: number, accountId: number, id: number): Promise<number> {
  const [row] = await tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.companyId, companyId), eq(promotions.id, id)));
  if (!row) throw notFound(PROMOTION_MESSAGES.notFound);
  const code = formatCode('KM', await nextCounter(tx, companyId, 'promotion'));
  const name = `${row.name} (bản sao)`.slice(0, 200);
  const {
    id: _id,
    code: _code,
    state: _state,
    rejectReason: _reason,
    approvedBy: _by,
    approvedAt: _at,
    createdAt: _created,
    updatedAt: _updated,
    ...rest
  } = row;
  const [copy] = await tx
    .insert(promotions)
    .values({ ...rest, code, name, state: 'pending', createdBy: accountId, searchText: fold(`${code} ${name}`) })
    .returning({ id: promotions.id });
  await recordChange(tx, { companyId, entity: 'promotion', entityId: String(copy!.id), op: 'upsert' });
  await notifyPromotionWaiting(tx, { companyId, promotionId: copy!.id, code, name, creatorId: accountId });
  return copy!.id;
}

/** approve · reject (with a reason) · stop, as the status table allows (contract/promotions-status.ts). */
export async function actOnPromotion(
  tx: Db,
  companyId: number,
  accountId: number,
  id: number,
  action: PromotionAction,
  reason: string | null,
): Promise<void> {
  const row = await lockedPromotion(tx, companyId, id);
  const refusal = actionRefusal(action, await statusOf(tx, row));
  if (refusal) throw conflict(refusal);
  if (action === 'approve' && row.endsOn < vietnamDay())
    throw badRequest('VALIDATION_FAILED', 'Chương trình đã qua ngày kết thúc, không thể duyệt');
  const to = PROMOTION_ACTION_RULES[action].to;
  await tx
    .update(promotions)
    .set({
      state: to,
      rejectReason: action === 'reject' ? reason : row.rejectReason,
      ...(action === 'approve' ? { approvedBy: accountId, approvedAt: sql`now()` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(promotions.id, id));
  await recordUpserts(tx, companyId, 'promotion', [id]);
  // Approved or refused, it no longer waits on the approvers.
  if (action === 'approve' || action === 'reject') await resolvePromotion(tx, companyId, id);
}
