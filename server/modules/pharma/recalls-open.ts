/**
 * Opening a recall campaign: the lots it covers (the one named, or every lot of a registration
 * number as it stands today), each marked Thu hồi everywhere (so no order may ship it: the
 * warehouse's lot rule, contract/warehouse-ledger.ts lotProblem), the legal deadline fixed from the
 * decision date, and a notice to every customer who received the lots. One transaction: a campaign
 * is never left open without its lots marked or its notices recorded.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type OpenRecallInput, recallDeadline } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { formatCode, nextCounter } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import { products, recallCampaigns, recallLots, stockLots, variants, variantUnits } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { campaignProgress } from './recalls-progress';
import { sendRecallNotices } from './recalls-notices';

type CampaignLot = {
  id: number;
  lotNo: string;
  variantId: number;
  productName: string;
  registrationNumber: string | null;
  baseUnit: string;
};

const dayText = (day: string) => day.split('-').reverse().join('/');

/** The lots a new campaign covers: the one named, or every numbered lot of the registration number's products. */
async function lotsToRecall(tx: Db, companyId: number, input: OpenRecallInput): Promise<CampaignLot[]> {
  const baseUnit = sql<string>`coalesce((select ${variantUnits.unit} from ${variantUnits} where ${variantUnits.variantId} = ${stockLots.variantId} and ${variantUnits.factor} = 1 limit 1), '')`;
  const where =
    input.scope === 'lot'
      ? eq(stockLots.id, input.lot_id!)
      : sql`upper(trim(${products.registrationNumber})) = upper(${input.registration_number!})`;
  const rows = await tx
    .select({
      id: stockLots.id,
      lotNo: stockLots.lotNo,
      variantId: stockLots.variantId,
      productName: products.name,
      registrationNumber: products.registrationNumber,
      baseUnit,
    })
    .from(stockLots)
    .innerJoin(variants, eq(variants.id, stockLots.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(stockLots.companyId, companyId), ne(stockLots.lotNo, ''), where))
    .orderBy(stockLots.id);
  if (rows.length === 0 && input.scope === 'lot') throw notFound('Không tìm thấy lô hàng');
  if (rows.length === 0)
    throw badRequest('VALIDATION_FAILED', `Chưa có lô nào của số đăng ký ${input.registration_number}`, {
      registration_number: 'Chưa có lô nào của số đăng ký này',
    });
  return rows;
}

/** A lot already in an open campaign is refused: one recall per lot at a time, so returns are booked once. */
async function refuseLotsInOpenCampaign(tx: Db, companyId: number, lots: readonly CampaignLot[]): Promise<void> {
  const [busy] = await tx
    .select({ code: recallCampaigns.code, lotId: recallLots.lotId })
    .from(recallLots)
    .innerJoin(recallCampaigns, and(eq(recallCampaigns.id, recallLots.campaignId), eq(recallCampaigns.companyId, recallLots.companyId)))
    .where(
      and(
        eq(recallLots.companyId, companyId),
        eq(recallCampaigns.status, 'open'),
        inArray(
          recallLots.lotId,
          lots.map((lot) => lot.id),
        ),
      ),
    )
    .limit(1);
  if (busy) {
    const lotNo = lots.find((lot) => lot.id === busy.lotId)?.lotNo ?? '';
    throw conflict(`Lô ${lotNo} đang trong đợt thu hồi ${busy.code}: đóng đợt đó trước khi mở đợt mới`);
  }
}

/** Opens the campaign; its id. */
export async function openRecall(tx: Db, input: OpenRecallInput, accountId: number): Promise<number> {
  const companyId = input.company;
  if (input.decision_date > vietnamDay())
    throw badRequest('VALIDATION_FAILED', 'Ngày quyết định không được sau hôm nay', {
      decision_date: 'Ngày quyết định không được sau hôm nay',
    });
  const lots = await lotsToRecall(tx, companyId, input);
  await refuseLotsInOpenCampaign(tx, companyId, lots);
  const code = formatCode('TH', await nextCounter(tx, companyId, 'recall'));
  const deadline = recallDeadline(input.decision_date, input.level);
  const [campaign] = await tx
    .insert(recallCampaigns)
    .values({
      companyId,
      code,
      level: input.level,
      decisionNumber: input.decision_number,
      decisionDate: input.decision_date,
      deadline,
      reason: input.reason,
      scope: input.scope,
      lotId: input.scope === 'lot' ? lots[0]!.id : null,
      // As the catalogue writes it, whatever case the person typed.
      registrationNumber: lots[0]!.registrationNumber ?? input.registration_number,
      createdBy: accountId,
    })
    .returning({ id: recallCampaigns.id });
  const id = campaign!.id;
  await tx.insert(recallLots).values(lots.map((lot) => ({ companyId, campaignId: id, lotId: lot.id })));
  // A lot recalled earlier keeps the reason it was recalled for; the others say which campaign.
  await tx
    .update(stockLots)
    .set({
      status: 'recalled',
      statusReason: `Đợt thu hồi ${code}, quyết định ${input.decision_number} ngày ${dayText(input.decision_date)}: ${input.reason}`.slice(
        0,
        1000,
      ),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(stockLots.companyId, companyId),
        inArray(
          stockLots.id,
          lots.map((lot) => lot.id),
        ),
        ne(stockLots.status, 'recalled'),
      ),
    );
  // Phones hear that these variants' sellable stock changed.
  await recordUpserts(tx, companyId, 'stock', [...new Set(lots.map((lot) => lot.variantId))]);
  const progress = await campaignProgress(tx, companyId, { id, deadline }, vietnamDay());
  await sendRecallNotices(
    tx,
    {
      id,
      companyId,
      code,
      level: input.level,
      deadline,
      decisionNumber: input.decision_number,
      productName: lots[0]!.productName,
      lotNos: lots.map((lot) => lot.lotNo),
      baseUnit: lots[0]!.baseUnit,
    },
    progress.customers,
    { templateRowId: input.zns_template, accountId },
  );
  return id;
}
