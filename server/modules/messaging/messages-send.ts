/**
 * Sending one message (docs/messaging.md "Messages"): the row is written `waiting` with a job in the
 * same transaction, and the job sends it. A ZNS carries the row's id as Zalo's `tracking_id`, so a
 * job run again after a lost answer or a restart is still one message; a customer-service text goes
 * only inside the 7-day window. What Zalo refuses ends `failed` with the reason in Vietnamese; what
 * may pass later (rate limit, timeouts, 5xx) is retried by the queue.
 */
import { and, eq, sql } from 'drizzle-orm';
import { toZaloPhone } from '@contract/messaging-rules';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { zaloConversations, zaloMessages, zaloTemplates } from '@server/kernel/db/schema';
import { enqueueJob, PermanentJobError, RetryLaterError, type JobHandler } from '@server/kernel/jobs';
import { ProviderError } from '@server/lib/provider-http';
import { requireZaloOn } from './messaging-switch';
import type { LoadedOa } from './oa-store';
import { withZalo } from './oa-tokens';
import type { ZaloApi } from './zalo-client';
import { providerCodeOf } from './zalo-errors';

export const SEND_QUEUE = 'zalo.send-message';

type NewMessage = {
  id: string;
  companyId: number;
  oaRowId: number;
  origin: string;
  sentBy?: number | null;
} & (
  | {
      kind: 'zns';
      templateRowId: number;
      phone: string;
      data: Record<string, string>;
      orderId?: string | null;
      customerId?: string | null;
      text: string;
    }
  | { kind: 'cs'; conversationId: number; userId: string; text: string }
);

/** Writes the message (waiting) and its job; false when a message with this id exists already (a resend). */
export async function queueMessage(db: Db, message: NewMessage): Promise<boolean> {
  const [row] = await db
    .insert(zaloMessages)
    .values({
      id: message.id,
      companyId: message.companyId,
      oaRowId: message.oaRowId,
      direction: 'out',
      kind: message.kind,
      text: message.text,
      origin: message.origin,
      status: 'waiting',
      sentBy: message.sentBy ?? null,
      ...(message.kind === 'zns'
        ? {
            templateRowId: message.templateRowId,
            phone: message.phone,
            templateData: message.data,
            orderId: message.orderId ?? null,
            customerId: message.customerId ?? null,
          }
        : { conversationId: message.conversationId, userId: message.userId }),
    })
    .onConflictDoNothing()
    .returning({ id: zaloMessages.id });
  if (!row) return false;
  if (message.kind === 'cs') {
    await db
      .update(zaloConversations)
      .set({ lastMessageAt: new Date(), lastMessageText: message.text.slice(0, 200), unread: 0 })
      .where(eq(zaloConversations.id, message.conversationId));
  }
  await enqueueJob(db, {
    queue: SEND_QUEUE,
    companyId: message.companyId,
    dedupeKey: `message:${message.id}`,
    payload: { company: message.companyId, message: message.id },
  });
  return true;
}

/** Sends a ZNS: `trackingId` names the message at Zalo, the same on every try. */
export async function sendZnsWith(
  api: ZaloApi,
  loaded: LoadedOa,
  input: { templateId: string; phone: string; data: Record<string, string>; trackingId: string },
): Promise<string> {
  return api.sendZns({ ...input, phone: toZaloPhone(input.phone), development: loaded.connection.environment === 'sandbox' });
}

/**
 * What a send that failed leaves: a final refusal is recorded (`failed`, reason, Zalo's code) and
 * the job ends; a passing one is thrown again for the queue to retry (after Zalo's wait, if it said).
 */
export function settleFailure(error: unknown): { reason: string; code: string | null } {
  if (error instanceof ProviderError && !error.retryable) return { reason: error.message, code: providerCodeOf(error) };
  if (error instanceof ProviderError && error.failure === 'rate_limited')
    throw new RetryLaterError(error.message, error.details.retryAfterMs ?? 2_000);
  throw error;
}

/**
 * A one-time code is needed only while its message waits to be sent: once sent or failed, what the
 * template carried is masked, so no code stays readable in the database (sendOtpByZns).
 */
const maskedOtpData = sql`case when ${zaloMessages.origin} = 'otp'
  then (select coalesce(jsonb_object_agg(key, '******'), '{}'::jsonb) from jsonb_each(${zaloMessages.templateData}))
  else ${zaloMessages.templateData} end`;

async function finish(db: Db, id: string, outcome: { zaloMsgId: string } | { reason: string; code: string | null }) {
  await db
    .update(zaloMessages)
    .set({
      ...('zaloMsgId' in outcome
        ? { status: 'sent', zaloMsgId: outcome.zaloMsgId || null, sentAt: new Date(), error: null, errorCode: null }
        : { status: 'failed', error: outcome.reason, errorCode: outcome.code }),
      templateData: maskedOtpData,
    })
    .where(and(eq(zaloMessages.id, id), eq(zaloMessages.status, 'waiting')));
}

export const sendMessageJob: JobHandler<{ company: number; message: string }> = {
  queue: SEND_QUEUE,
  async run(job, deps: AppDeps) {
    const [message] = await deps.db
      .select()
      .from(zaloMessages)
      .where(and(eq(zaloMessages.companyId, job.payload.company), eq(zaloMessages.id, job.payload.message)));
    if (!message || message.status !== 'waiting') return { skipped: true };
    await requireZaloOn(deps.db, message.companyId, PermanentJobError);
    let outcome: { zaloMsgId: string } | { reason: string; code: string | null };
    try {
      const zaloMsgId = await withZalo(deps, message.companyId, message.oaRowId, async (api, loaded) => {
        if (message.kind === 'cs') return api.sendText(message.userId ?? '', message.text);
        const [template] = await deps.db
          .select()
          .from(zaloTemplates)
          .where(eq(zaloTemplates.id, message.templateRowId ?? 0));
        if (!template) throw new PermanentJobError('Mẫu ZNS không còn');
        return sendZnsWith(api, loaded, {
          templateId: template.templateId,
          phone: message.phone ?? '',
          data: message.templateData ?? {},
          trackingId: message.id,
        });
      });
      outcome = { zaloMsgId };
    } catch (error) {
      outcome = settleFailure(error);
    }
    await finish(deps.db, message.id, outcome);
    return outcome;
  },
  async onDead(job, error, deps) {
    await finish(deps.db, job.payload.message, { reason: error.message || 'Gửi tin thất bại', code: providerCodeOf(error) });
  },
};
