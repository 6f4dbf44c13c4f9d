/**
 * Sending a campaign (docs/messaging.md "Send to many"): one job per recipient, its dedupe key naming
 * the recipient and the retry round, paced under the OA's rate (ZNS_PER_SECOND) and starting at the
 * campaign's time. Each send carries the recipient's tracking id, the same on every try and every
 * round, for matching Zalo's msg_id to the recipient; Zalo does not de-duplicate on it, so a send
 * whose answer was lost is never repeated (./messages-send.ts sendMarked): the recipient ends
 * `failed` as UNCONFIRMED and a retry of the failed leaves it out. A recipient already sent is
 * never sent again. Refusals end the recipient `failed` with the reason; Zalo's rate limit (-32,
 * 429) and its "try again later" (-100) are tried again later.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { zaloCampaignRecipients, zaloCampaigns, zaloMessages, zaloTemplates } from '@server/kernel/db/schema';
import { enqueueJobs, PermanentJobError, type JobHandler } from '@server/kernel/jobs';
import { requireZaloOn } from './messaging-switch';
import { IN_FLIGHT, sendMarked, sendZnsWith, settleFailure, UNCONFIRMED, UNCONFIRMED_REASON, type SendMarks } from './messages-send';
import { withZalo } from './oa-tokens';
import { providerCodeOf } from './zalo-errors';

export const CAMPAIGN_QUEUE = 'zalo.campaign-send';
/** Sends per second we allow ourselves per campaign (Zalo publishes no number; -32 says when it is too many). */
export const ZNS_PER_SECOND = 10;

type Payload = { company: number; recipient: number };

/** Jobs for these recipients of a campaign: round `round`, the i-th one due i/ZNS_PER_SECOND seconds after `from`. */
export async function enqueueRecipients(
  db: Db,
  companyId: number,
  recipientIds: readonly number[],
  round: number,
  from: Date,
): Promise<void> {
  await enqueueJobs(
    db,
    recipientIds.map((id, index) => ({
      queue: CAMPAIGN_QUEUE,
      companyId,
      dedupeKey: `recipient:${id}:r${round}`,
      payload: { company: companyId, recipient: id } satisfies Payload,
      runAt: new Date(from.getTime() + Math.floor((index * 1000) / ZNS_PER_SECOND)),
    })),
  );
}

type Outcome = { zaloMsgId: string } | { reason: string; code: string | null };

async function settle(db: Db, recipientId: number, outcome: Outcome) {
  await db.transaction(async (tx) => {
    const [recipient] = await tx
      .update(zaloCampaignRecipients)
      .set(
        'zaloMsgId' in outcome
          ? { status: 'sent', zaloMsgId: outcome.zaloMsgId || null, sentAt: new Date(), error: null, errorCode: null }
          : { status: 'failed', error: outcome.reason, errorCode: outcome.code },
      )
      // A message Zalo took is sent, even if the campaign was stopped while it was on its way.
      .where(
        and(
          eq(zaloCampaignRecipients.id, recipientId),
          'zaloMsgId' in outcome ? ne(zaloCampaignRecipients.status, 'sent') : eq(zaloCampaignRecipients.status, 'waiting'),
        ),
      )
      .returning();
    if (!recipient || !('zaloMsgId' in outcome)) return;
    const [campaign] = await tx.select().from(zaloCampaigns).where(eq(zaloCampaigns.id, recipient.campaignId));
    // The message log (messages?kind=zns) shows campaign sends too; the tracking id is its id.
    await tx
      .insert(zaloMessages)
      .values({
        id: recipient.trackingId,
        companyId: recipient.companyId,
        oaRowId: campaign!.oaRowId,
        direction: 'out',
        kind: 'zns',
        text: campaign!.name,
        phone: recipient.phone,
        templateRowId: campaign!.templateRowId,
        templateData: recipient.templateData,
        origin: 'campaign',
        customerId: recipient.customerId,
        status: 'sent',
        zaloMsgId: outcome.zaloMsgId || null,
        sentBy: campaign!.createdBy,
        sentAt: new Date(),
      })
      .onConflictDoNothing();
  });
}

function inFlightMarks(db: Db, id: number): SendMarks {
  const where = and(eq(zaloCampaignRecipients.id, id), eq(zaloCampaignRecipients.status, 'waiting'));
  return {
    mark: () => db.update(zaloCampaignRecipients).set({ errorCode: IN_FLIGHT }).where(where),
    clear: () => db.update(zaloCampaignRecipients).set({ errorCode: null }).where(where),
  };
}

export const campaignSendJob: JobHandler<Payload> = {
  queue: CAMPAIGN_QUEUE,
  async run(job, deps: AppDeps) {
    const [row] = await deps.db
      .select({ recipient: zaloCampaignRecipients, campaign: zaloCampaigns, templateId: zaloTemplates.templateId })
      .from(zaloCampaignRecipients)
      .innerJoin(zaloCampaigns, eq(zaloCampaigns.id, zaloCampaignRecipients.campaignId))
      .innerJoin(zaloTemplates, eq(zaloTemplates.id, zaloCampaigns.templateRowId))
      .where(and(eq(zaloCampaignRecipients.companyId, job.payload.company), eq(zaloCampaignRecipients.id, job.payload.recipient)));
    if (!row || row.recipient.status !== 'waiting' || row.campaign.cancelledAt) return { skipped: true };
    await requireZaloOn(deps.db, job.payload.company, PermanentJobError);
    const { recipient, campaign } = row;
    if (recipient.errorCode === IN_FLIGHT) {
      // A run before this one called Zalo and died before it knew the answer.
      const outcome = { reason: UNCONFIRMED_REASON, code: UNCONFIRMED };
      await settle(deps.db, recipient.id, outcome);
      return outcome;
    }
    await deps.db
      .update(zaloCampaignRecipients)
      .set({ attempts: sql`${zaloCampaignRecipients.attempts} + 1` })
      .where(eq(zaloCampaignRecipients.id, recipient.id));
    const state = { unconfirmed: false };
    let outcome: Outcome;
    try {
      const input = { templateId: row.templateId, phone: recipient.phone, data: recipient.templateData, trackingId: recipient.trackingId };
      const zaloMsgId = await withZalo(deps, campaign.companyId, campaign.oaRowId, (api, loaded) =>
        sendMarked(inFlightMarks(deps.db, recipient.id), state, () => sendZnsWith(api, loaded, input)),
      );
      outcome = { zaloMsgId };
    } catch (error) {
      outcome = settleFailure(error, state);
    }
    await settle(deps.db, recipient.id, outcome);
    return outcome;
  },
  async onDead(job, error, deps) {
    await settle(deps.db, job.payload.recipient, { reason: error.message || 'Gửi tin thất bại', code: providerCodeOf(error) });
  },
};
