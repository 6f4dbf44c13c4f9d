/**
 * Writing followers: what Zalo says of a user (sync, follow and unfollow events), and the link a
 * person confirms between a follower and a customer of the company (docs/messaging.md "Followers").
 */
import { and, eq } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { zaloLinkRefusal } from '@contract/customers-privacy';
import { fromZaloPhone } from '@contract/messaging-rules';
import type { Db } from '@server/kernel/db/client';
import { customers, zaloFollowers } from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import type { ZaloUserDetail } from './zalo-client';

type Where = { companyId: number; oaRowId: number };

function followerSearchText(name: string, phone: string | null): string {
  return fold(`${name} ${phone ?? ''}`);
}

export async function upsertFollower(db: Db, where: Where, detail: ZaloUserDetail, lastInteraction: Date | null): Promise<number> {
  const phone = detail.sharedPhone ? fromZaloPhone(detail.sharedPhone) : null;
  const values = {
    displayName: detail.displayName,
    avatar: detail.avatar,
    phone: phone && /^0\d{9}$/.test(phone) ? phone : null,
    tags: detail.tags,
    isFollower: detail.isFollower,
    lastInteractionAt: lastInteraction,
    searchText: followerSearchText(detail.displayName, phone),
    syncedAt: new Date(),
  };
  const [row] = await db
    .insert(zaloFollowers)
    .values({ companyId: where.companyId, oaRowId: where.oaRowId, userId: detail.userId, ...values })
    .onConflictDoUpdate({ target: [zaloFollowers.companyId, zaloFollowers.oaRowId, zaloFollowers.userId], set: values })
    .returning({ id: zaloFollowers.id });
  return row!.id;
}

/** A follow or unfollow event: the row kept (a person may follow again), its state changed. */
export async function setFollowing(db: Db, where: Where, userId: string, following: boolean, displayName: string): Promise<void> {
  await db
    .insert(zaloFollowers)
    .values({
      ...where,
      userId,
      displayName,
      isFollower: following,
      lastInteractionAt: new Date(),
      searchText: followerSearchText(displayName, null),
    })
    .onConflictDoUpdate({
      target: [zaloFollowers.companyId, zaloFollowers.oaRowId, zaloFollowers.userId],
      set: { isFollower: following, lastInteractionAt: new Date() },
    });
}

/** Links the follower to a customer of the same company (or unlinks with null); a person's customer needs consent on file. */
export async function linkFollower(
  db: Db,
  companyId: number,
  followerId: number,
  customerId: string | null,
  accountId: number,
): Promise<void> {
  if (customerId !== null) {
    const [customer] = await db
      .select({ name: customers.name, person: customers.person, consentAt: customers.consentAt, erasedAt: customers.erasedAt })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
    if (!customer) throw notFound('Không tìm thấy khách hàng');
    const privacy = {
      person: customer.person,
      consent_at: customer.consentAt?.toISOString() ?? null,
      erased_at: customer.erasedAt?.toISOString() ?? null,
    };
    const refusal = zaloLinkRefusal({ name: customer.name, privacy });
    if (refusal) throw badRequest('VALIDATION_FAILED', refusal, { customer: refusal });
  }
  const [row] = await db
    .update(zaloFollowers)
    .set({ customerId, linkedBy: customerId ? accountId : null, linkedAt: customerId ? new Date() : null })
    .where(and(eq(zaloFollowers.companyId, companyId), eq(zaloFollowers.id, followerId)))
    .returning({ id: zaloFollowers.id });
  if (!row) throw notFound('Không tìm thấy người quan tâm');
}
