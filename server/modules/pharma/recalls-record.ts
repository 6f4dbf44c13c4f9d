/** Reading campaigns as the wire carries them (contract/pharma-recalls.ts): the list's rows and one campaign in full. */
import { aliasedTable, and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  RECALL_LEVEL_RULES,
  type RecallDetail,
  type RecallLevel,
  type RecallLotRow,
  type RecallRecord,
  type RecallScope,
  type RecallStatus,
} from '@contract/pharma-recalls';
import { MESSAGE_STATUS_LABELS, type MessageStatus } from '@contract/messaging';
import type { Db } from '@server/kernel/db/client';
import {
  accounts,
  customers,
  products,
  recallCampaigns,
  recallLots,
  recallNotices,
  recallReturns,
  stockLotBalances,
  stockLots,
  stockReceipts,
  variants,
  variantUnits,
  zaloMessages,
} from '@server/kernel/db/schema';
import { pagedRows } from '@server/kernel/lists';
import { likePattern } from '@server/kernel/sql';
import { campaignProgress, type CampaignProgress } from './recalls-progress';

const closer = aliasedTable(accounts, 'closer');

function campaignSelect(db: Db) {
  return db
    .select({ campaign: recallCampaigns, createdByName: accounts.fullName, closedByName: closer.fullName })
    .from(recallCampaigns)
    .innerJoin(accounts, eq(accounts.id, recallCampaigns.createdBy))
    .leftJoin(closer, eq(closer.id, recallCampaigns.closedBy))
    .$dynamic();
}
type CampaignJoin = { campaign: typeof recallCampaigns.$inferSelect; createdByName: string; closedByName: string | null };

/** The lots of some campaigns with their product and base unit. */
async function lotsOf(db: Db, companyId: number, campaignIds: readonly number[]) {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      campaignId: recallLots.campaignId,
      lotId: stockLots.id,
      lotNo: stockLots.lotNo,
      expiresOn: stockLots.expiresOn,
      productName: products.name,
      baseUnit: sql<string>`coalesce((select ${variantUnits.unit} from ${variantUnits} where ${variantUnits.variantId} = ${stockLots.variantId} and ${variantUnits.factor} = 1 limit 1), '')`,
      onHand: sql<string>`coalesce((select sum(${stockLotBalances.onHand}) from ${stockLotBalances} where ${stockLotBalances.lotId} = ${stockLots.id} and ${stockLotBalances.companyId} = ${stockLots.companyId}), 0)`,
    })
    .from(recallLots)
    .innerJoin(stockLots, and(eq(stockLots.id, recallLots.lotId), eq(stockLots.companyId, recallLots.companyId)))
    .innerJoin(variants, eq(variants.id, stockLots.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(recallLots.companyId, companyId), inArray(recallLots.campaignId, [...campaignIds])))
    .orderBy(stockLots.lotNo);
}

function toRecord(row: CampaignJoin, lots: { lotNo: string; productName: string }[], progress: CampaignProgress): RecallRecord {
  const c = row.campaign;
  return {
    id: c.id,
    company: c.companyId,
    code: c.code,
    level: c.level as RecallLevel,
    decision_number: c.decisionNumber,
    decision_date: c.decisionDate,
    deadline: c.deadline,
    reason: c.reason,
    scope: c.scope as RecallScope,
    registration_number: c.registrationNumber,
    product_name: [...new Set(lots.map((lot) => lot.productName))].join(', '),
    lot_nos: lots.map((lot) => lot.lotNo),
    status: c.status as RecallStatus,
    created_by_name: row.createdByName,
    created_at: c.createdAt.toISOString(),
    closed_by_name: row.closedByName,
    closed_at: c.closedAt?.toISOString() ?? null,
    close_note: c.closeNote,
    shipped: progress.customers.reduce((sum, one) => sum + one.shipped, 0),
    returned: progress.customers.reduce((sum, one) => sum + one.returned, 0),
    customer_count: progress.customers.length,
    // A closed campaign is settled: what it left out is in its close note, not overdue.
    overdue_customers: c.status === 'open' ? progress.customers.filter((one) => one.overdue).length : 0,
  };
}

export async function recallList(
  db: Db,
  query: { company: number; page: number; limit: number; status?: RecallStatus; search?: string },
  today: string,
): Promise<{ rows: RecallRecord[]; count: number }> {
  const where: SQL[] = [eq(recallCampaigns.companyId, query.company)];
  if (query.status) where.push(eq(recallCampaigns.status, query.status));
  if (query.search?.trim()) {
    const pattern = likePattern(query.search.trim());
    where.push(
      or(
        ilike(recallCampaigns.code, pattern),
        ilike(recallCampaigns.decisionNumber, pattern),
        ilike(recallCampaigns.registrationNumber, pattern),
        sql`exists (select 1 from ${recallLots} join ${stockLots} on ${stockLots.id} = ${recallLots.lotId} where ${recallLots.campaignId} = ${recallCampaigns.id} and ${recallLots.companyId} = ${recallCampaigns.companyId} and ${stockLots.lotNo} ilike ${pattern})`,
      )!,
    );
  }
  const paged = await pagedRows(db, campaignSelect(db).where(and(...where)), [desc(recallCampaigns.id)], query);
  // pagedRows loses the row type of a select joined to an aliased table; the select above is CampaignJoin.
  const rows = paged.rows as unknown as CampaignJoin[];
  const count = paged.count;
  const lots = await lotsOf(
    db,
    query.company,
    rows.map((row) => row.campaign.id),
  );
  const records: RecallRecord[] = [];
  for (const row of rows) {
    const progress = await campaignProgress(db, query.company, row.campaign, today);
    records.push(
      toRecord(
        row,
        lots.filter((lot) => lot.campaignId === row.campaign.id),
        progress,
      ),
    );
  }
  return { rows: records, count };
}

/** One campaign in full, or null when it is not the company's. */
export async function recallDetail(db: Db, companyId: number, id: number, today: string): Promise<RecallDetail | null> {
  const [row] = (await campaignSelect(db).where(
    and(eq(recallCampaigns.companyId, companyId), eq(recallCampaigns.id, id)),
  )) as unknown as CampaignJoin[];
  if (!row) return null;
  const lots = await lotsOf(db, companyId, [id]);
  const progress = await campaignProgress(db, companyId, row.campaign, today);
  const record = toRecord(row, lots, progress);
  const lotRows: RecallLotRow[] = lots.map((lot) => {
    const mine = progress.customers.flatMap((one) => one.lots.filter((entry) => entry.lot_id === lot.lotId));
    return {
      lot_id: lot.lotId,
      lot_no: lot.lotNo,
      product_name: lot.productName,
      base_unit: lot.baseUnit,
      expires_on: lot.expiresOn,
      shipped: mine.reduce((sum, entry) => sum + entry.shipped, 0),
      returned: mine.reduce((sum, entry) => sum + entry.returned, 0),
      on_hand: Number(lot.onHand),
    };
  });
  return {
    ...record,
    level_rule: RECALL_LEVEL_RULES[record.level],
    lots: lotRows,
    customers: await customerRows(db, companyId, progress, record.status === 'open'),
    other_recipients: progress.others,
    notices: await noticeRows(db, companyId, id, record.code),
    returns: await returnRows(db, companyId, id),
  };
}

async function customerRows(db: Db, companyId: number, progress: CampaignProgress, open: boolean): Promise<RecallDetail['customers']> {
  const ids = progress.customers.map((one) => one.customer_id);
  const rows = ids.length
    ? await db
        .select({ id: customers.id, code: customers.code, name: customers.name, phone: customers.phone, repName: accounts.fullName })
        .from(customers)
        .leftJoin(accounts, eq(accounts.id, customers.staffId))
        .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids)))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return progress.customers
    .map((one) => {
      const customer = byId.get(one.customer_id);
      return {
        ...one,
        overdue: open && one.overdue,
        customer_code: customer?.code ?? '',
        customer_name: customer?.name ?? '',
        customer_phone: customer?.phone ?? null,
        rep_name: customer?.repName ?? null,
        lots: one.lots.map((lot) => ({ ...lot, lot_no: progress.lotNos.get(lot.lot_id) ?? '' })),
      };
    })
    .sort((a, b) => a.customer_name.localeCompare(b.customer_name, 'vi'));
}

/** Where each queued ZNS stands now: the messaging module sends it later and may fail. */
async function messageStates(db: Db, companyId: number, code: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ customerId: zaloMessages.customerId, status: zaloMessages.status, error: zaloMessages.error })
    .from(zaloMessages)
    .where(and(eq(zaloMessages.companyId, companyId), eq(zaloMessages.origin, `recall:${code}`)));
  return new Map(
    rows.map((row) => {
      const label = MESSAGE_STATUS_LABELS[row.status as MessageStatus] ?? row.status;
      return [row.customerId ?? '', row.error ? `${label}: ${row.error}` : label];
    }),
  );
}

async function noticeRows(db: Db, companyId: number, id: number, code: string): Promise<RecallDetail['notices']> {
  const rows = await db
    .select({ notice: recallNotices, customerName: customers.name })
    .from(recallNotices)
    .innerJoin(customers, and(eq(customers.id, recallNotices.customerId), eq(customers.companyId, recallNotices.companyId)))
    .where(and(eq(recallNotices.companyId, companyId), eq(recallNotices.campaignId, id)))
    .orderBy(customers.name, recallNotices.id);
  const messages = await messageStates(db, companyId, code);
  return rows.map(({ notice, customerName }) => ({
    id: notice.id,
    customer_id: notice.customerId,
    customer_name: customerName,
    channel: notice.channel as 'app' | 'zns',
    status: notice.status as 'sent' | 'queued' | 'not_sent',
    detail: notice.detail,
    message: notice.status === 'queued' ? (messages.get(notice.customerId) ?? null) : null,
    created_at: notice.createdAt.toISOString(),
  }));
}

async function returnRows(db: Db, companyId: number, id: number): Promise<RecallDetail['returns']> {
  const rows = await db
    .select({
      back: recallReturns,
      customerName: customers.name,
      lotNo: stockLots.lotNo,
      receiptCode: stockReceipts.code,
      documentDate: stockReceipts.documentDate,
      createdByName: accounts.fullName,
    })
    .from(recallReturns)
    .innerJoin(customers, and(eq(customers.id, recallReturns.customerId), eq(customers.companyId, recallReturns.companyId)))
    .innerJoin(stockLots, and(eq(stockLots.id, recallReturns.lotId), eq(stockLots.companyId, recallReturns.companyId)))
    .innerJoin(stockReceipts, and(eq(stockReceipts.id, recallReturns.receiptId), eq(stockReceipts.companyId, recallReturns.companyId)))
    .innerJoin(accounts, eq(accounts.id, recallReturns.createdBy))
    .where(and(eq(recallReturns.companyId, companyId), eq(recallReturns.campaignId, id)))
    .orderBy(recallReturns.createdAt);
  return rows.map((row) => ({
    id: row.back.id,
    customer_id: row.back.customerId,
    customer_name: row.customerName,
    lot_id: row.back.lotId,
    lot_no: row.lotNo,
    quantity: row.back.quantity,
    receipt_id: row.back.receiptId,
    receipt_code: row.receiptCode,
    document_date: row.documentDate,
    created_by_name: row.createdByName,
    created_at: row.back.createdAt.toISOString(),
  }));
}
