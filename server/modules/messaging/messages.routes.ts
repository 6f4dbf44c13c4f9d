/**
 * messages and conversations (docs/messaging.md "Messages", "Conversations"): sending one message
 * (a customer-service text inside the 7-day window, refused outside it with the rule explained and
 * ZNS offered; or a ZNS by phone, its data given or bound from an order or a customer), the message
 * log, the inbox with unread counts, one conversation, and marking it read.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CompanyQuery,
  ConversationListQuery,
  ConversationReadSchema,
  MessageListQuery,
  SendMessageSchema,
  type ConversationBonus,
  type SendMessageInput,
} from '@contract/messaging';
import { csWindow, fillTemplateData, missingParamsMessage, WINDOW_CLOSED_MESSAGE } from '@contract/messaging-rules';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import type { Db } from '@server/kernel/db/client';
import { zaloConversations, zaloFollowers } from '@server/kernel/db/schema';
import { badRequest, conflict, HttpError, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { pathId } from '@server/kernel/validate';
import { fold } from '@contract/fold';
import { loadBindingSource } from './binding-source';
import { conversationRecords, conversationRow, listConversations, listMessages, oneMessage } from './inbox';
import { queueMessage } from './messages-send';
import { loadOa } from './oa-store';
import { ID, messagingGuard } from './route-guard';
import { sendableTemplate } from './templates';

const NO_CONVERSATION = 'Không tìm thấy hội thoại';
const windowClosed = () => new HttpError(409, 'ZALO_WINDOW_CLOSED', WINDOW_CLOSED_MESSAGE);

/** The follower's conversation, opened on a first message (its window runs from their last interaction). */
async function openConversation(db: Db, companyId: number, followerId: number) {
  const [follower] = await db
    .select()
    .from(zaloFollowers)
    .where(and(eq(zaloFollowers.companyId, companyId), eq(zaloFollowers.id, followerId)));
  if (!follower) throw notFound('Không tìm thấy người quan tâm');
  // Outside the window nothing can be sent: no empty conversation is left behind.
  if (!csWindow(follower.lastInteractionAt).open) throw windowClosed();
  await db
    .insert(zaloConversations)
    .values({
      companyId,
      oaRowId: follower.oaRowId,
      userId: follower.userId,
      displayName: follower.displayName,
      lastUserAt: follower.lastInteractionAt,
      searchText: fold(follower.displayName),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(zaloConversations)
    .where(
      and(
        eq(zaloConversations.companyId, companyId),
        eq(zaloConversations.oaRowId, follower.oaRowId),
        eq(zaloConversations.userId, follower.userId),
      ),
    );
  return row!;
}

export function messageRoutes(deps: AppDeps) {
  const { db } = deps;
  const guard = messagingGuard(deps);
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  async function send(input: SendMessageInput, accountId: number): Promise<boolean> {
    if (input.kind === 'cs') {
      const conversation =
        input.conversation !== undefined
          ? await conversationRow(db, input.company, input.conversation)
          : await openConversation(db, input.company, input.follower!);
      if (!conversation) throw notFound(NO_CONVERSATION);
      await loadOa(deps, input.company, conversation.oaRowId);
      if (!csWindow(conversation.lastUserAt).open) throw windowClosed();
      return db.transaction((tx) =>
        queueMessage(tx, {
          kind: 'cs',
          id: input.id,
          companyId: input.company,
          oaRowId: conversation.oaRowId,
          origin: 'manual',
          sentBy: accountId,
          conversationId: conversation.id,
          userId: conversation.userId,
          text: input.text,
        }),
      );
    }
    await loadOa(deps, input.company, input.oa);
    const template = await sendableTemplate(db, input.company, input.template, input.oa);
    const source = await loadBindingSource(db, input.company, { order: input.order, customer: input.customer });
    const { data, missing } = fillTemplateData(template.params, template.bindings, source, input.template_data);
    if (missing.length)
      throw badRequest('VALIDATION_FAILED', missingParamsMessage(missing), { template_data: missingParamsMessage(missing) });
    return db.transaction((tx) =>
      queueMessage(tx, {
        kind: 'zns',
        id: input.id,
        companyId: input.company,
        oaRowId: input.oa,
        origin: 'manual',
        sentBy: accountId,
        templateRowId: template.id,
        phone: input.phone,
        data,
        orderId: source.orderId,
        customerId: source.customerId,
        text: template.name,
      }),
    );
  }

  app.post('/messages', async (c) => {
    const { input, access } = await guard.body(c, SendMessageSchema, 'create');
    const fresh = await send(input, access.accountId);
    const message = await oneMessage(db, input.company, input.id);
    // The same id twice is the same message (a double click, a resend): answered, not sent again.
    if (!message) throw conflict('Mã tin nhắn đã được dùng');
    if (!fresh) return ok(c, message);
    deps.jobs.kick();
    return created(c, message, 'Tin nhắn đang được gửi');
  });

  app.get('/messages', async (c) => {
    const { input } = await guard.query(c, MessageListQuery);
    const { rows, count } = await listMessages(db, input);
    return ok(c, rows, { count });
  });

  app.get('/conversations', async (c) => {
    const { input } = await guard.query(c, ConversationListQuery);
    const { rows, count, unreadTotal } = await listConversations(db, input);
    return ok(c, rows, { count, bonus: { unread_total: unreadTotal } satisfies ConversationBonus });
  });

  app.get(`/conversations/${ID}`, async (c) => {
    const { input } = await guard.query(c, CompanyQuery);
    const row = await conversationRow(db, input.company, pathId(c));
    if (!row) throw notFound(NO_CONVERSATION);
    return ok(c, (await conversationRecords(db, input.company, [row]))[0]);
  });

  app.post(`/conversations/${ID}/read`, async (c) => {
    const { input } = await guard.body(c, ConversationReadSchema, 'view');
    const [row] = await db
      .update(zaloConversations)
      .set({ unread: 0 })
      .where(and(eq(zaloConversations.companyId, input.company), eq(zaloConversations.id, pathId(c))))
      .returning();
    if (!row) throw notFound(NO_CONVERSATION);
    return ok(c, (await conversationRecords(db, input.company, [row]))[0]);
  });

  return app;
}
