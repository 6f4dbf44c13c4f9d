/**
 * Sending one message (docs/messaging.md "Messages"): the row is written `waiting` with a job in the
 * same transaction, and the job sends it; a customer-service text goes only inside the 7-day window.
 * What Zalo refuses ends `failed` with the reason in Vietnamese; what Zalo answers "later" to (its
 * rate limit, -32 or 429, and ZNS's -100) is retried by the queue.
 *
 * Sent at most once is ours to keep: Zalo does not de-duplicate on ZNS's `tracking_id` (no source
 * says it does; it is there to match Zalo's msg_id to ours, docs/provider-sources.md "Zalo OA /
 * ZNS"), and no Zalo call finds a message by it. So the row is marked in flight (`error_code`
 * IN_FLIGHT) just before the call, and a send whose answer never came (timeout, broken connection,
 * 5xx, an answer we cannot read) or a job that finds the mark left by a run that died mid-call is
 * not sent again: it ends `failed` as UNCONFIRMED, saying the customer may have it, for a person to
 * check before sending anew.
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

/** Sends a ZNS: `trackingId` is our id for it, which Zalo keeps beside its msg_id (not a de-duplication key). */
export async function sendZnsWith(
  api: ZaloApi,
  loaded: LoadedOa,
  input: { templateId: string; phone: string; data: Record<string, string>; trackingId: string },
): Promise<string> {
  return api.sendZns({ ...input, phone: toZaloPhone(input.phone), development: loaded.connection.environment === 'sandbox' });
}

/** `error_code` of a message or recipient while its send is on its way to Zalo. */
export const IN_FLIGHT = 'in_flight';
/** `error_code` of a send Zalo may or may not have taken: never repeated by itself. */
export const UNCONFIRMED = 'unconfirmed';
export const UNCONFIRMED_REASON =
  'Không nhận được phản hồi của Zalo nên không rõ tin đã tới khách hay chưa. Hệ thống không tự gửi lại để khách không nhận hai lần; ' +
  'vui lòng kiểm tra với khách trước khi gửi lại.';

/** Zalo answered the call (a refusal in its shape, or 429): nothing was sent, so trying again is safe. */
function answeredByZalo(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return true;
  if (error.details.providerCode !== undefined) return true;
  return error.failure === 'rate_limited' || error.failure === 'auth' || error.failure === 'rejected';
}

export type SendMarks = { mark: () => Promise<unknown>; clear: () => Promise<unknown> };

/**
 * Runs one send call with the in-flight mark around it. `state.unconfirmed` tells the caller the
 * call went out and no answer came back: whether Zalo took it is unknown.
 */
export async function sendMarked<T>(marks: SendMarks, state: { unconfirmed: boolean }, send: () => Promise<T>): Promise<T> {
  await marks.mark();
  state.unconfirmed = false;
  try {
    return await send();
  } catch (error) {
    if (!answeredByZalo(error)) {
      state.unconfirmed = true;
      throw error;
    }
    await marks.clear();
    throw error;
  }
}

/**
 * What a send that failed leaves: a final refusal is recorded (`failed`, reason, Zalo's code) and
 * the job ends; a send with no answer is recorded UNCONFIRMED, not retried; a passing refusal is
 * thrown again for the queue to retry (after Zalo's wait, if it said).
 */
export function settleFailure(
  error: unknown,
  state: { unconfirmed: boolean } = { unconfirmed: false },
): { reason: string; code: string | null } {
  if (state.unconfirmed) return { reason: UNCONFIRMED_REASON, code: UNCONFIRMED };
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

function inFlightMarks(db: Db, id: string): SendMarks {
  const where = and(eq(zaloMessages.id, id), eq(zaloMessages.status, 'waiting'));
  return {
    mark: () => db.update(zaloMessages).set({ errorCode: IN_FLIGHT }).where(where),
    clear: () => db.update(zaloMessages).set({ errorCode: null }).where(where),
  };
}

export const sendMessageJob: JobHandler<{ company: number; message: string }> = {
  queue: SEND_QUEUE,
  async run(job, deps: AppDeps) {
    const [message] = await deps.db
      .select()
      .from(zaloMessages)
      .where(and(eq(zaloMessages.companyId, job.payload.company), eq(zaloMessages.id, job.payload.message)));
    if (!message || message.status !== 'waiting') return { skipped: true };
    const marks = inFlightMarks(deps.db, message.id);
    if (message.errorCode === IN_FLIGHT) {
      // A run before this one called Zalo and died before it knew the answer.
      const outcome = { reason: UNCONFIRMED_REASON, code: UNCONFIRMED };
      await finish(deps.db, message.id, outcome);
      return outcome;
    }
    await requireZaloOn(deps.db, message.companyId, PermanentJobError);
    const state = { unconfirmed: false };
    let outcome: { zaloMsgId: string } | { reason: string; code: string | null };
    try {
      const zaloMsgId = await withZalo(deps, message.companyId, message.oaRowId, async (api, loaded) => {
        if (message.kind === 'cs') return sendMarked(marks, state, () => api.sendText(message.userId ?? '', message.text));
        const [template] = await deps.db
          .select()
          .from(zaloTemplates)
          .where(eq(zaloTemplates.id, message.templateRowId ?? 0));
        if (!template) throw new PermanentJobError('Mẫu ZNS không còn');
        const input = {
          templateId: template.templateId,
          phone: message.phone ?? '',
          data: message.templateData ?? {},
          trackingId: message.id,
        };
        return sendMarked(marks, state, () => sendZnsWith(api, loaded, input));
      });
      outcome = { zaloMsgId };
    } catch (error) {
      outcome = settleFailure(error, state);
    }
    await finish(deps.db, message.id, outcome);
    return outcome;
  },
  async onDead(job, error, deps) {
    await finish(deps.db, job.payload.message, { reason: error.message || 'Gửi tin thất bại', code: providerCodeOf(error) });
  },
};
