/**
 * Who received a campaign's lots and how much came back: shipped per customer and lot from the
 * warehouse's own "who received lot X" (lotRecipients, every export of the lot with its order),
 * returned from the returns booked against the campaign, set against each other by the contract's
 * arithmetic so the screen and the close-out report say the same.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { recallProgress, type RecallCustomerProgress, type RecallOtherRecipient, type RecallQuantity } from '@contract/pharma-recalls';
import type { Db } from '@server/kernel/db/client';
import { atOnce } from '@server/kernel/sql';
import { orders, recallLots, recallReturns, stockLots } from '@server/kernel/db/schema';
import { lotRecipients } from '@server/modules/warehouse';

export type CampaignProgress = {
  lotIds: number[];
  lotNos: Map<number, string>;
  shipments: RecallQuantity[];
  returns: RecallQuantity[];
  others: RecallOtherRecipient[];
  customers: RecallCustomerProgress[];
};

export async function campaignLotIds(db: Db, companyId: number, campaignId: number): Promise<number[]> {
  const rows = await db
    .select({ lotId: recallLots.lotId })
    .from(recallLots)
    .where(and(eq(recallLots.companyId, companyId), eq(recallLots.campaignId, campaignId)));
  return rows.map((row) => row.lotId).sort((a, b) => a - b);
}

/** Base units of each lot shipped to each customer (exports of an order), and the exports to no customer. */
export async function shipmentsOf(
  db: Db,
  companyId: number,
  lotIds: readonly number[],
  lotNos: ReadonlyMap<number, string>,
): Promise<{ shipments: RecallQuantity[]; others: RecallOtherRecipient[] }> {
  // One lot after another: inside a transaction the connection takes one query at a time.
  const perLot: { lotId: number; recipients: Awaited<ReturnType<typeof lotRecipients>> }[] = [];
  for (const lotId of lotIds) perLot.push({ lotId, recipients: await lotRecipients(db, companyId, lotId) });
  const orderIds = [...new Set(perLot.flatMap(({ recipients }) => recipients.flatMap((row) => (row.order_id ? [row.order_id] : []))))];
  const customerOf = new Map(
    orderIds.length === 0
      ? []
      : (
          await db
            .select({ id: orders.id, customerId: orders.customerId })
            .from(orders)
            .where(and(eq(orders.companyId, companyId), inArray(orders.id, orderIds)))
        ).map((row) => [row.id, row.customerId]),
  );
  const shipments: RecallQuantity[] = [];
  const others: RecallOtherRecipient[] = [];
  for (const { lotId, recipients } of perLot) {
    for (const row of recipients) {
      const customerId = row.order_id ? customerOf.get(row.order_id) : undefined;
      if (customerId) shipments.push({ customer_id: customerId, lot_id: lotId, quantity: row.quantity });
      else
        others.push({
          receipt_code: row.receipt_code,
          partner_name: row.partner_name,
          lot_no: lotNos.get(lotId) ?? '',
          quantity: row.quantity,
          document_date: row.document_date,
        });
    }
  }
  return { shipments, others };
}

export async function returnsOf(db: Db, companyId: number, campaignId: number): Promise<RecallQuantity[]> {
  const rows = await db
    .select({ customerId: recallReturns.customerId, lotId: recallReturns.lotId, quantity: recallReturns.quantity })
    .from(recallReturns)
    .where(and(eq(recallReturns.companyId, companyId), eq(recallReturns.campaignId, campaignId)));
  return rows.map((row) => ({ customer_id: row.customerId, lot_id: row.lotId, quantity: row.quantity }));
}

/** The whole picture of one campaign on a given day. */
export async function campaignProgress(
  db: Db,
  companyId: number,
  campaign: { id: number; deadline: string },
  today: string,
): Promise<CampaignProgress> {
  const lotIds = await campaignLotIds(db, companyId, campaign.id);
  const lotRows = lotIds.length
    ? await db
        .select({ id: stockLots.id, lotNo: stockLots.lotNo })
        .from(stockLots)
        .where(and(eq(stockLots.companyId, companyId), inArray(stockLots.id, lotIds)))
    : [];
  const lotNos = new Map(lotRows.map((row) => [row.id, row.lotNo]));
  const [{ shipments, others }, returns] = await atOnce(
    db,
    () => shipmentsOf(db, companyId, lotIds, lotNos),
    () => returnsOf(db, companyId, campaign.id),
  );
  const customers = recallProgress(shipments, returns, { today, deadline: campaign.deadline });
  return { lotIds, lotNos, shipments, returns, others, customers };
}
