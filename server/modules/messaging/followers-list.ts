/**
 * The followers screen (docs/messaging.md "Followers"): an OA's followers, searched by name or phone,
 * filtered by link (linked to a customer, with a suggestion, neither). A follower not linked yet is
 * suggested the company's customers with the phone the user shared with the OA; a person confirms.
 */
import { and, desc, eq, exists, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { CustomerBrief, FollowerLinkFilter, FollowerRecord } from '@contract/messaging';
import type { Db } from '@server/kernel/db/client';
import { customers, zaloConversations, zaloFollowers } from '@server/kernel/db/schema';
import { anyText, wordConditions } from '@server/kernel/sql';
import { pagedRows } from '@server/kernel/lists';

type Query = { company: number; oa: number; search?: string; link?: FollowerLinkFilter; page: number; limit: number };

const suggestedCustomer = (db: Db) =>
  db
    .select({ one: sql`1` })
    .from(customers)
    .where(and(eq(customers.companyId, zaloFollowers.companyId), eq(customers.phone, zaloFollowers.phone)));

function linkCondition(db: Db, link: FollowerLinkFilter | undefined): SQL | undefined {
  if (link === 'linked') return isNotNull(zaloFollowers.customerId);
  if (link === 'suggested') return and(isNull(zaloFollowers.customerId), exists(suggestedCustomer(db)));
  if (link === 'unlinked') return isNull(zaloFollowers.customerId);
  return undefined;
}

export async function customerBriefs(
  db: Db,
  companyId: number,
  by: { ids?: string[]; phones?: string[] },
): Promise<(CustomerBrief & { phone: string | null })[]> {
  const conditions = [
    by.ids?.length ? inArray(customers.id, by.ids) : undefined,
    by.phones?.length ? anyText(customers.phone, by.phones) : undefined,
  ].filter(Boolean);
  if (conditions.length === 0) return [];
  return db
    .select({ id: customers.id, code: customers.code, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), sql.join(conditions as SQL[], sql` or `)));
}

export async function listFollowers(db: Db, query: Query): Promise<{ rows: FollowerRecord[]; count: number }> {
  const where = and(
    eq(zaloFollowers.companyId, query.company),
    eq(zaloFollowers.oaRowId, query.oa),
    linkCondition(db, query.link),
    ...wordConditions(zaloFollowers.searchText, query.search),
  );
  const order = [desc(zaloFollowers.isFollower), sql`${zaloFollowers.lastInteractionAt} desc nulls last`, zaloFollowers.id];
  const { rows, count } = await pagedRows(db, db.select().from(zaloFollowers).where(where).$dynamic(), order, query);
  return { rows: await followerRecords(db, query.company, rows), count };
}

export async function followerRecords(db: Db, companyId: number, rows: (typeof zaloFollowers.$inferSelect)[]): Promise<FollowerRecord[]> {
  const ids = rows.map((row) => row.customerId).filter((id): id is string => id !== null);
  const phones = rows.filter((row) => row.customerId === null && row.phone).map((row) => row.phone!);
  const [briefs, conversations] = await Promise.all([
    customerBriefs(db, companyId, { ids, phones }),
    rows.length
      ? db
          .select({ id: zaloConversations.id, oa: zaloConversations.oaRowId, userId: zaloConversations.userId })
          .from(zaloConversations)
          .where(
            and(
              eq(zaloConversations.companyId, companyId),
              inArray(
                zaloConversations.userId,
                rows.map((row) => row.userId),
              ),
            ),
          )
      : [],
  ]);
  const brief = ({ id, code, name, phone }: CustomerBrief): CustomerBrief => ({ id, code, name, phone });
  return rows.map((row) => ({
    id: row.id,
    oa: row.oaRowId,
    user_id: row.userId,
    display_name: row.displayName,
    avatar: row.avatar,
    phone: row.phone,
    tags: row.tags,
    is_follower: row.isFollower,
    last_interaction_at: row.lastInteractionAt?.toISOString() ?? null,
    customer: row.customerId ? (briefs.find((one) => one.id === row.customerId) ?? null) : null,
    suggestions: row.customerId === null && row.phone ? briefs.filter((one) => one.phone === row.phone).map(brief) : [],
    conversation: conversations.find((one) => one.oa === row.oaRowId && one.userId === row.userId)?.id ?? null,
  }));
}
