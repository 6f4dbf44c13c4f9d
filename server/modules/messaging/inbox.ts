/**
 * The inbox (docs/messaging.md "Conversations"): conversations newest first with their unread
 * counts and whether the 7-day window is open, and the messages of one (or the ZNS log), each with
 * its status. The screen asks again every few seconds for what is new (`after`).
 */
import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { ConversationRecord, MessageRecord, MessageStatus } from '@contract/messaging';
import { csWindow } from '@contract/messaging-rules';
import type { Db } from '@server/kernel/db/client';
import { accounts, zaloConversations, zaloFollowers, zaloMessages, zaloTemplates } from '@server/kernel/db/schema';
import { wordConditions } from '@server/kernel/sql';
import { pagedRows } from '@server/kernel/lists';
import { customerBriefs } from './followers-list';

type ConversationRow = typeof zaloConversations.$inferSelect;

export async function conversationRecords(db: Db, companyId: number, rows: ConversationRow[]): Promise<ConversationRecord[]> {
  const followers = rows.length
    ? await db
        .select({
          id: zaloFollowers.id,
          oa: zaloFollowers.oaRowId,
          userId: zaloFollowers.userId,
          avatar: zaloFollowers.avatar,
          customerId: zaloFollowers.customerId,
          last: zaloFollowers.lastInteractionAt,
        })
        .from(zaloFollowers)
        .where(
          and(
            eq(zaloFollowers.companyId, companyId),
            inArray(
              zaloFollowers.userId,
              rows.map((row) => row.userId),
            ),
          ),
        )
    : [];
  const briefs = await customerBriefs(db, companyId, {
    ids: followers.map((one) => one.customerId).filter((id): id is string => id !== null),
  });
  return rows.map((row) => {
    const follower = followers.find((one) => one.oa === row.oaRowId && one.userId === row.userId);
    const window = csWindow(row.lastUserAt);
    return {
      id: row.id,
      oa: row.oaRowId,
      user_id: row.userId,
      display_name: row.displayName,
      avatar: follower?.avatar ?? null,
      last_message_at: row.lastMessageAt.toISOString(),
      last_message_text: row.lastMessageText,
      last_user_at: row.lastUserAt?.toISOString() ?? null,
      unread: row.unread,
      follower: follower?.id ?? null,
      customer: briefs.find((one) => one.id === follower?.customerId) ?? null,
      window_open: window.open,
      window_closes_at: window.closesAt,
    };
  });
}

type ConversationQuery = { company: number; oa?: number; search?: string; unread?: '1'; page: number; limit: number };

export async function listConversations(db: Db, query: ConversationQuery) {
  const where = and(
    eq(zaloConversations.companyId, query.company),
    query.oa ? eq(zaloConversations.oaRowId, query.oa) : undefined,
    query.unread ? gt(zaloConversations.unread, 0) : undefined,
    ...wordConditions(zaloConversations.searchText, query.search),
  );
  const [{ rows, count }, [unread]] = await Promise.all([
    pagedRows(
      db,
      db.select().from(zaloConversations).where(where).$dynamic(),
      [desc(zaloConversations.lastMessageAt), desc(zaloConversations.id)],
      query,
    ),
    db
      .select({ total: sql<number>`coalesce(sum(${zaloConversations.unread}), 0)::int` })
      .from(zaloConversations)
      .where(and(eq(zaloConversations.companyId, query.company), query.oa ? eq(zaloConversations.oaRowId, query.oa) : undefined)),
  ]);
  return { rows: await conversationRecords(db, query.company, rows), count, unreadTotal: unread?.total ?? 0 };
}

export async function conversationRow(db: Db, companyId: number, id: number): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(zaloConversations)
    .where(and(eq(zaloConversations.companyId, companyId), eq(zaloConversations.id, id)));
  return row ?? null;
}

type MessageQuery = {
  company: number;
  oa?: number;
  conversation?: number;
  kind?: 'cs' | 'zns' | 'in';
  after?: string;
  page: number;
  limit: number;
};

export async function listMessages(db: Db, query: MessageQuery): Promise<{ rows: MessageRecord[]; count: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(zaloMessages.companyId, query.company),
    query.oa ? eq(zaloMessages.oaRowId, query.oa) : undefined,
    query.conversation ? eq(zaloMessages.conversationId, query.conversation) : undefined,
    query.kind === 'in' ? eq(zaloMessages.direction, 'in') : query.kind ? eq(zaloMessages.kind, query.kind) : undefined,
    query.after ? gt(zaloMessages.at, new Date(query.after)) : undefined,
  ];
  const select = db
    .select({ message: zaloMessages, template: zaloTemplates.name, by: accounts.fullName })
    .from(zaloMessages)
    .leftJoin(zaloTemplates, eq(zaloTemplates.id, zaloMessages.templateRowId))
    .leftJoin(accounts, eq(accounts.id, zaloMessages.sentBy))
    .where(and(...conditions))
    .$dynamic();
  const { rows, count } = await pagedRows(db, select, [desc(zaloMessages.at), desc(zaloMessages.id)], query);
  return {
    rows: rows.map(({ message, template, by }) => messageRecord(message, template, by)),
    count,
  };
}

export function messageRecord(message: typeof zaloMessages.$inferSelect, templateName: string | null, by: string | null): MessageRecord {
  return {
    id: message.id,
    oa: message.oaRowId,
    conversation: message.conversationId,
    direction: message.direction as 'in' | 'out',
    kind: message.kind,
    text: message.text,
    user_id: message.userId,
    phone: message.phone,
    template: message.templateRowId && templateName ? { id: message.templateRowId, name: templateName } : null,
    template_data: message.templateData ?? null,
    origin: message.origin,
    status: message.status as MessageStatus,
    error: message.error,
    error_code: message.errorCode,
    sent_by: by,
    at: message.at.toISOString(),
  };
}

export async function oneMessage(db: Db, companyId: number, id: string): Promise<MessageRecord | null> {
  const [row] = await db
    .select({ message: zaloMessages, template: zaloTemplates.name, by: accounts.fullName })
    .from(zaloMessages)
    .leftJoin(zaloTemplates, eq(zaloTemplates.id, zaloMessages.templateRowId))
    .leftJoin(accounts, eq(accounts.id, zaloMessages.sentBy))
    .where(and(eq(zaloMessages.companyId, companyId), eq(zaloMessages.id, id)));
  return row ? messageRecord(row.message, row.template, row.by) : null;
}
