/**
 * Goods coming back against a campaign, and closing it. A return is the warehouse's own return
 * receipt (an import marked as a return, completed at once: its stock is held in quarantine and the
 * lot stays Thu hồi), one per order the goods left with, so the order's own return path
 * (import-receipt-return-order) never brings the same goods back twice. The campaign row is locked
 * first: two people booking the same customer at once cannot both pass the "no more than shipped" check.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recallReturnProblem, type RecallReturnInput } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import {
  customers,
  orders,
  recallCampaigns,
  recallNotices,
  recallReturns,
  stockLots,
  stockMoves,
  stockReceipts,
  variantUnits,
} from '@server/kernel/db/schema';
import { badRequest, conflict, HttpError, notFound } from '@server/kernel/errors';
import { resolveRecallNotices } from '@server/modules/notifications';
import { createReceipt, orderWarehouse } from '@server/modules/warehouse';
import { campaignLotIds, campaignProgress, shipmentsOf, returnsOf } from './recalls-progress';

type CampaignRow = typeof recallCampaigns.$inferSelect;

/** The campaign, locked for the rest of the transaction; 404 when it is not the company's. */
export async function lockCampaign(tx: Db, companyId: number, id: number): Promise<CampaignRow> {
  const [row] = await tx
    .select()
    .from(recallCampaigns)
    .where(and(eq(recallCampaigns.companyId, companyId), eq(recallCampaigns.id, id)))
    .for('update');
  if (!row) throw notFound('Không tìm thấy đợt thu hồi');
  return row;
}

/** Per order the customer received the lot with: what is still out (shipped less every return so far) and at what value. */
async function ordersHolding(tx: Db, companyId: number, customerId: string, lotId: number) {
  const rows = await tx
    .select({
      orderId: stockReceipts.orderId,
      warehouseId: sql<number>`min(${stockMoves.warehouseId}) filter (where ${stockMoves.quantity} < 0)`,
      out: sql<string>`-sum(${stockMoves.quantity})`,
      value: sql<string>`-sum(${stockMoves.value})`,
      shippedOn: sql<string>`max(${stockReceipts.documentDate})`,
    })
    .from(stockMoves)
    .innerJoin(stockReceipts, and(eq(stockReceipts.id, stockMoves.receiptId), eq(stockReceipts.companyId, stockMoves.companyId)))
    .innerJoin(orders, and(eq(orders.id, stockReceipts.orderId), eq(orders.companyId, stockReceipts.companyId)))
    .where(
      and(
        eq(stockMoves.companyId, companyId),
        eq(stockMoves.lotId, lotId),
        eq(orders.customerId, customerId),
        inArray(stockReceipts.kind, ['export', 'import']),
      ),
    )
    .groupBy(stockReceipts.orderId)
    .orderBy(desc(sql`max(${stockReceipts.documentDate})`));
  return rows
    .map((row) => ({ orderId: row.orderId!, warehouseId: row.warehouseId, out: Number(row.out), value: Number(row.value) }))
    .filter((row) => row.out > 0);
}

/** Books a customer's return of a campaign lot; the receipt codes written. */
export async function bookRecallReturn(tx: Db, campaignId: number, input: RecallReturnInput, accountId: number): Promise<string[]> {
  const companyId = input.company;
  const campaign = await lockCampaign(tx, companyId, campaignId);
  if (campaign.status !== 'open') throw conflict(`Đợt thu hồi ${campaign.code} đã đóng: không nhập trả thêm được`);
  const lotIds = await campaignLotIds(tx, companyId, campaignId);
  if (!lotIds.includes(input.lot_id))
    throw badRequest('VALIDATION_FAILED', 'Lô không thuộc đợt thu hồi này', { lot_id: 'Lô không thuộc đợt thu hồi này' });
  const [lot] = await tx
    .select({
      lot: stockLots,
      baseUnit: sql<string>`coalesce((select ${variantUnits.unit} from ${variantUnits} where ${variantUnits.variantId} = ${stockLots.variantId} and ${variantUnits.factor} = 1 limit 1), '')`,
    })
    .from(stockLots)
    .where(and(eq(stockLots.companyId, companyId), eq(stockLots.id, input.lot_id)));
  const [customer] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, input.customer_id)));
  if (!customer) throw notFound('Không tìm thấy khách hàng');
  const { shipments } = await shipmentsOf(tx, companyId, [input.lot_id], new Map());
  const returns = await returnsOf(tx, companyId, campaignId);
  const mine = (row: { customer_id: string; lot_id: number }) => row.customer_id === customer.id && row.lot_id === input.lot_id;
  const shipped = shipments.filter(mine).reduce((sum, row) => sum + row.quantity, 0);
  const returned = returns.filter(mine).reduce((sum, row) => sum + row.quantity, 0);
  const problem = recallReturnProblem({ shipped, returned }, input.quantity, lot!.baseUnit);
  if (problem) throw badRequest('VALIDATION_FAILED', problem, { quantity: problem });
  const codes = await postReturns(tx, { campaign, input, accountId, customer, lot: lot!.lot, baseUnit: lot!.baseUnit });
  const allShipped = shipments.filter((row) => row.customer_id === customer.id).reduce((sum, row) => sum + row.quantity, 0);
  const allReturned = returns.filter((row) => row.customer_id === customer.id).reduce((sum, row) => sum + row.quantity, 0) + input.quantity;
  if (allReturned >= allShipped) await resolveRecallNotices(tx, companyId, campaignId, [customer.id]);
  return codes;
}

/** The return receipts, latest order first, each for what is still out with that order. */
async function postReturns(
  tx: Db,
  booking: {
    campaign: CampaignRow;
    input: RecallReturnInput;
    accountId: number;
    customer: typeof customers.$inferSelect;
    lot: typeof stockLots.$inferSelect;
    baseUnit: string;
  },
): Promise<string[]> {
  const { campaign, input, customer, lot } = booking;
  let wanted = input.quantity;
  const codes: string[] = [];
  for (const order of await ordersHolding(tx, campaign.companyId, customer.id, lot.id)) {
    if (wanted <= 0) break;
    const take = Math.min(wanted, order.out);
    const warehouseId = await orderWarehouse(tx, campaign.companyId, input.warehouse_id ?? order.warehouseId);
    const receiptId = await createReceipt(tx, {
      companyId: campaign.companyId,
      kind: 'import',
      header: {
        warehouseId,
        partnerName: customer.name,
        partnerAddress: [customer.street, customer.wardName, customer.provinceName].filter(Boolean).join(', ') || null,
        sourceDocument: `Thu hồi theo đợt ${campaign.code}, quyết định ${campaign.decisionNumber}`,
        orderId: order.orderId,
        isReturn: true,
        documentDate: input.document_date,
        note: input.note,
      },
      lines: [
        {
          variant_id: lot.variantId,
          unit: booking.baseUnit,
          quantity: take,
          document_quantity: take,
          unit_price: Math.round(order.value / order.out),
          lot_id: lot.id,
          lot_no: lot.lotNo,
          manufactured_on: lot.manufacturedOn,
          expires_on: lot.expiresOn,
        },
      ],
      accountId: booking.accountId,
      status: 'completed',
    });
    const [receipt] = await tx.select({ code: stockReceipts.code }).from(stockReceipts).where(eq(stockReceipts.id, receiptId));
    await tx.insert(recallReturns).values({
      id: uuidv7(),
      companyId: campaign.companyId,
      campaignId: campaign.id,
      customerId: customer.id,
      lotId: lot.id,
      quantity: take,
      receiptId,
      createdBy: booking.accountId,
    });
    codes.push(receipt!.code);
    wanted -= take;
  }
  // Goods that came back earlier by the order's own return are no longer out: say how much is.
  if (wanted > 0)
    throw new HttpError(
      409,
      'CONFLICT',
      `Khách hàng chỉ còn ${input.quantity - wanted} ${booking.baseUnit} của lô ${lot.lotNo} chưa nhập trả về kho`,
    );
  return codes;
}

/** Closes the campaign; with goods still out, only with a note saying why (the report shows it). */
export async function closeRecall(tx: Db, companyId: number, id: number, note: string | null, accountId: number) {
  const campaign = await lockCampaign(tx, companyId, id);
  if (campaign.status === 'closed') throw conflict(`Đợt thu hồi ${campaign.code} đã đóng`);
  // Read behind the lock: a return booked a moment ago counts.
  const progress = await campaignProgress(tx, companyId, campaign, vietnamDay());
  const outstanding = progress.customers.reduce((sum, one) => sum + one.outstanding, 0);
  if (outstanding > 0 && !note)
    throw badRequest('VALIDATION_FAILED', 'Còn hàng chưa thu hồi: ghi lý do đóng đợt', {
      note: 'Còn hàng chưa thu hồi: ghi lý do đóng đợt',
    });
  await tx
    .update(recallCampaigns)
    .set({ status: 'closed', closedBy: accountId, closedAt: new Date(), closeNote: note })
    .where(and(eq(recallCampaigns.companyId, companyId), eq(recallCampaigns.id, id)));
  // Every rep's task of this campaign stops waiting, returned in full or not.
  const notified = await tx
    .selectDistinct({ customerId: recallNotices.customerId })
    .from(recallNotices)
    .where(and(eq(recallNotices.companyId, companyId), eq(recallNotices.campaignId, id)));
  await resolveRecallNotices(
    tx,
    companyId,
    id,
    notified.map((row) => row.customerId),
  );
  return campaign;
}
