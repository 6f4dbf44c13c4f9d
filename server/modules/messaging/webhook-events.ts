/**
 * What a Zalo event changes, after the webhook answered (./webhook.routes.ts): a user's message opens
 * or updates the conversation (unread count, the 7-day window from now) and is kept once by its
 * msg_id; follow and unfollow change the follower. The user's name comes from Zalo's user detail
 * when we do not know them yet.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { fold } from '@contract/fold';
import type { AppDeps } from '@server/kernel/app-types';
import { zaloConversations, zaloFollowers, zaloMessages } from '@server/kernel/db/schema';
import { PermanentJobError, type JobHandler } from '@server/kernel/jobs';
import { ProviderError } from '@server/lib/provider-http';
import { requireZaloOn } from './messaging-switch';
import { setFollowing, upsertFollower } from './followers-write';
import { oaRow } from './oa-store';
import { withZalo } from './oa-tokens';
import type { ZaloUserDetail } from './zalo-client';

export const WEBHOOK_QUEUE = 'zalo.webhook-event';

export type ZaloEvent = {
  app_id?: string | number;
  oa_id?: string | number;
  event_name: string;
  timestamp?: string | number;
  user_id_by_app?: string;
  sender?: { id?: string };
  recipient?: { id?: string };
  follower?: { id?: string };
  message?: { msg_id?: string; text?: string; attachments?: unknown[] };
};

const KIND_LABELS: Record<string, string> = {
  image: '[Hình ảnh]',
  file: '[Tệp]',
  sticker: '[Nhãn dán]',
  gif: '[Ảnh GIF]',
  location: '[Vị trí]',
  link: '[Liên kết]',
  audio: '[Tin nhắn thoại]',
  video: '[Video]',
};

async function userDetail(deps: AppDeps, companyId: number, oaRowId: number, userId: string): Promise<ZaloUserDetail | null> {
  try {
    return await withZalo(deps, companyId, oaRowId, (api) => api.userDetail(userId));
  } catch (error) {
    if (error instanceof ProviderError) return null;
    throw error;
  }
}

async function knownName(deps: AppDeps, companyId: number, oaRowId: number, userId: string): Promise<string> {
  const [follower] = await deps.db
    .select({ name: zaloFollowers.displayName })
    .from(zaloFollowers)
    .where(and(eq(zaloFollowers.companyId, companyId), eq(zaloFollowers.oaRowId, oaRowId), eq(zaloFollowers.userId, userId)));
  if (follower) return follower.name;
  const detail = await userDetail(deps, companyId, oaRowId, userId);
  return detail?.displayName ?? `Người dùng Zalo ${userId.slice(-4)}`;
}

async function userMessage(deps: AppDeps, companyId: number, oaRowId: number, event: ZaloEvent) {
  const userId = String(event.sender?.id ?? '');
  if (!userId) return { ignored: 'no sender' };
  const kind = event.event_name.replace(/^user_send_/, '');
  const text =
    kind === 'text'
      ? String(event.message?.text ?? '')
      : `${KIND_LABELS[kind] ?? '[Tin nhắn]'}${event.message?.text ? ` ${event.message.text}` : ''}`;
  const at = new Date(Number(event.timestamp) || Date.now());
  const name = await knownName(deps, companyId, oaRowId, userId);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(zaloConversations)
      .values({ companyId, oaRowId, userId, displayName: name, searchText: fold(name), lastMessageAt: at, lastUserAt: at })
      .onConflictDoNothing();
    const [conversation] = await tx
      .select()
      .from(zaloConversations)
      .where(and(eq(zaloConversations.companyId, companyId), eq(zaloConversations.oaRowId, oaRowId), eq(zaloConversations.userId, userId)));
    const [kept] = await tx
      .insert(zaloMessages)
      .values({
        id: crypto.randomUUID(),
        companyId,
        oaRowId,
        conversationId: conversation!.id,
        direction: 'in',
        kind: KIND_LABELS[kind] || kind === 'text' ? kind : 'other',
        text: text.slice(0, 4000),
        userId,
        status: 'received',
        zaloMsgId: event.message?.msg_id ? String(event.message.msg_id).slice(0, 100) : null,
        at,
      })
      .onConflictDoNothing()
      .returning({ id: zaloMessages.id });
    if (!kept) return;
    await tx
      .update(zaloConversations)
      .set({ lastMessageAt: at, lastMessageText: text.slice(0, 200), lastUserAt: at, unread: sql`${zaloConversations.unread} + 1` })
      .where(eq(zaloConversations.id, conversation!.id));
    await tx
      .update(zaloFollowers)
      .set({ lastInteractionAt: at })
      .where(and(eq(zaloFollowers.companyId, companyId), eq(zaloFollowers.oaRowId, oaRowId), eq(zaloFollowers.userId, userId)));
  });
  return { message: userId };
}

type Payload = { eventId: number; companyId: number; payload: { oa: number; event: ZaloEvent } };

export const webhookEventJob: JobHandler<Payload> = {
  queue: WEBHOOK_QUEUE,
  async run(job, deps) {
    const { companyId } = job.payload;
    const { oa: oaRowId, event } = job.payload.payload;
    await requireZaloOn(deps.db, companyId, PermanentJobError);
    if (!(await oaRow(deps.db, companyId, oaRowId))) return { ignored: 'no OA' };
    if (event.event_name.startsWith('user_send_')) return userMessage(deps, companyId, oaRowId, event);
    if (event.event_name === 'follow' || event.event_name === 'unfollow') {
      const userId = String(event.follower?.id ?? '');
      if (!userId) return { ignored: 'no follower' };
      const following = event.event_name === 'follow';
      const detail = following ? await userDetail(deps, companyId, oaRowId, userId) : null;
      if (detail) await upsertFollower(deps.db, { companyId, oaRowId }, { ...detail, isFollower: true }, new Date());
      else await setFollowing(deps.db, { companyId, oaRowId }, userId, following, `Người dùng Zalo ${userId.slice(-4)}`);
      return { [event.event_name]: userId };
    }
    return { ignored: event.event_name };
  },
};
