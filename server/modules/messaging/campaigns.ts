/**
 * Campaigns (send-multiple; docs/messaging.md "Send to many"): created with their recipients and
 * jobs in one transaction, listed with counts and progress, retried (the failed ones, same tracking
 * ids) and stopped (the waiting ones are left unsent, with the reason).
 */
import crypto from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  campaignProgress,
  campaignStatus,
  type CampaignCounts,
  type CampaignCreateInput,
  type CampaignRecord,
  type CampaignSource,
} from '@contract/messaging-campaigns';
import type { Db } from '@server/kernel/db/client';
import { accounts, zaloCampaignRecipients, zaloCampaigns, zaloTemplates } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { pagedRows } from '@server/kernel/lists';
import { enqueueRecipients } from './campaign-send';
import { IN_FLIGHT, UNCONFIRMED } from './messages-send';
import type { Recipient } from './campaign-audience';

type CampaignRow = typeof zaloCampaigns.$inferSelect;

const NOT_FOUND = 'Không tìm thấy chiến dịch';

export async function createCampaign(
  db: Db,
  input: CampaignCreateInput & { templateRowId: number },
  recipients: readonly Recipient[],
  accountId: number,
): Promise<number> {
  const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : new Date();
  const [campaign] = await db
    .insert(zaloCampaigns)
    .values({
      companyId: input.company,
      oaRowId: input.oa,
      name: input.name,
      templateRowId: input.templateRowId,
      source: input.source,
      filter: (input.source === 'customers' ? input.customers : input.followers) ?? {},
      scheduledAt,
      createdBy: accountId,
    })
    .returning({ id: zaloCampaigns.id });
  const ids: number[] = [];
  for (let start = 0; start < recipients.length; start += 500) {
    const rows = await db
      .insert(zaloCampaignRecipients)
      .values(
        recipients.slice(start, start + 500).map((recipient) => ({
          companyId: input.company,
          campaignId: campaign!.id,
          trackingId: crypto.randomUUID(),
          phone: recipient.phone,
          name: recipient.name,
          customerId: recipient.customerId,
          followerId: recipient.followerId,
          templateData: recipient.data,
        })),
      )
      .returning({ id: zaloCampaignRecipients.id });
    ids.push(...rows.map((row) => row.id));
  }
  await enqueueRecipients(db, input.company, ids, 0, scheduledAt);
  return campaign!.id;
}

async function countsOf(db: Db, campaignIds: number[]): Promise<Map<number, CampaignCounts>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({
      campaign: zaloCampaignRecipients.campaignId,
      total: sql<number>`count(*)::int`,
      waiting: sql<number>`count(*) filter (where ${zaloCampaignRecipients.status} = 'waiting')::int`,
      sent: sql<number>`count(*) filter (where ${zaloCampaignRecipients.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${zaloCampaignRecipients.status} = 'failed')::int`,
    })
    .from(zaloCampaignRecipients)
    .where(inArray(zaloCampaignRecipients.campaignId, campaignIds))
    .groupBy(zaloCampaignRecipients.campaignId);
  return new Map(rows.map(({ campaign, ...counts }) => [campaign, counts]));
}

async function records(db: Db, rows: { campaign: CampaignRow; template: string; by: string | null }[]): Promise<CampaignRecord[]> {
  const counts = await countsOf(
    db,
    rows.map((row) => row.campaign.id),
  );
  return rows.map(({ campaign, template, by }) => {
    const count = counts.get(campaign.id) ?? { total: 0, waiting: 0, sent: 0, failed: 0 };
    const base = { scheduled_at: campaign.scheduledAt.toISOString(), cancelled_at: campaign.cancelledAt?.toISOString() ?? null };
    return {
      id: campaign.id,
      oa: campaign.oaRowId,
      name: campaign.name,
      template: { id: campaign.templateRowId, name: template },
      source: campaign.source as CampaignSource,
      ...base,
      status: campaignStatus(base, count),
      counts: count,
      progress: campaignProgress(count),
      created_by: by,
      created_at: campaign.createdAt.toISOString(),
    };
  });
}

const selection = { campaign: zaloCampaigns, template: zaloTemplates.name, by: accounts.fullName };

export async function listCampaigns(db: Db, companyId: number, page: number, limit: number) {
  const where = eq(zaloCampaigns.companyId, companyId);
  const select = db
    .select(selection)
    .from(zaloCampaigns)
    .innerJoin(zaloTemplates, eq(zaloTemplates.id, zaloCampaigns.templateRowId))
    .leftJoin(accounts, eq(accounts.id, zaloCampaigns.createdBy))
    .where(where)
    .$dynamic();
  const { rows, count } = await pagedRows(db, select, [desc(zaloCampaigns.createdAt), desc(zaloCampaigns.id)], { page, limit });
  return { rows: await records(db, rows), count };
}

export async function campaignRecord(db: Db, companyId: number, id: number): Promise<CampaignRecord> {
  const rows = await db
    .select(selection)
    .from(zaloCampaigns)
    .innerJoin(zaloTemplates, eq(zaloTemplates.id, zaloCampaigns.templateRowId))
    .leftJoin(accounts, eq(accounts.id, zaloCampaigns.createdBy))
    .where(and(eq(zaloCampaigns.companyId, companyId), eq(zaloCampaigns.id, id)));
  const [found] = await records(db, rows);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

async function lockCampaign(db: Db, companyId: number, id: number): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(zaloCampaigns)
    .where(and(eq(zaloCampaigns.companyId, companyId), eq(zaloCampaigns.id, id)))
    .for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Sends the failed recipients again (a new round of jobs; their tracking ids stay); how many. */
export async function retryFailed(db: Db, companyId: number, id: number): Promise<number> {
  const campaign = await lockCampaign(db, companyId, id);
  const round = campaign.retryRound + 1;
  const retried = await db
    .update(zaloCampaignRecipients)
    .set({ status: 'waiting', error: null, errorCode: null })
    // A send Zalo may have taken (campaign-send.ts) is not repeated: a person checks it first.
    .where(
      and(
        eq(zaloCampaignRecipients.campaignId, id),
        eq(zaloCampaignRecipients.status, 'failed'),
        sql`${zaloCampaignRecipients.errorCode} is distinct from ${UNCONFIRMED} and ${zaloCampaignRecipients.errorCode} is distinct from ${IN_FLIGHT}`,
      ),
    )
    .returning({ id: zaloCampaignRecipients.id });
  await db.update(zaloCampaigns).set({ retryRound: round, cancelledAt: null }).where(eq(zaloCampaigns.id, id));
  await enqueueRecipients(
    db,
    companyId,
    retried.map((row) => row.id).sort((a, b) => a - b),
    round,
    new Date(),
  );
  return retried.length;
}

/** Stops a campaign: who is still waiting is not sent (failed, with the reason); how many. */
export async function cancelCampaign(db: Db, companyId: number, id: number): Promise<number> {
  await lockCampaign(db, companyId, id);
  await db.update(zaloCampaigns).set({ cancelledAt: new Date() }).where(eq(zaloCampaigns.id, id));
  const stopped = await db
    .update(zaloCampaignRecipients)
    .set({ status: 'failed', error: 'Chiến dịch đã dừng trước khi gửi tới người này' })
    .where(and(eq(zaloCampaignRecipients.campaignId, id), eq(zaloCampaignRecipients.status, 'waiting')))
    .returning({ id: zaloCampaignRecipients.id });
  return stopped.length;
}
