/**
 * The caller's notifications (contract/notifications.ts): list, unread count, marking read, and the
 * browser subscriptions of Web Push. A person sees only their own rows, and in a company only while
 * an accepted member of it.
 */
import { and, count, desc, eq, isNull, max, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  NotificationListQuery,
  PushSubscriptionSchema,
  ReadAllSchema,
  UnreadQuery,
  UnsubscribeSchema,
  type NotificationKind,
  type NotificationRecord,
  type UnreadCount,
} from '@contract/notifications';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { notifications, pushSubscriptions } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { requireMembership } from '@server/kernel/membership';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { pagedRows } from '@server/kernel/lists';
import { saveSubscription } from './push-subscriptions';
import { vapidKeys } from './web-push';

type Row = typeof notifications.$inferSelect;

function toRecord(row: Row): NotificationRecord {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    company: row.companyId,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read: row.readAt !== null,
    resolved: row.resolvedAt !== null,
  };
}

/** The caller's rows of a company, and those of no company (about the account itself). */
const mine = (accountId: number, companyId: number) =>
  and(eq(notifications.accountId, accountId), or(eq(notifications.companyId, companyId), isNull(notifications.companyId)));

/** Unread and still relevant: what the bell counts. */
const waiting = and(isNull(notifications.readAt), isNull(notifications.resolvedAt));

export function notificationRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/notification', async (c) => {
    const query = parseQuery(c, NotificationListQuery);
    const auth = c.get('auth');
    await requireMembership(db, auth, query.company);
    const filters: SQL[] = [mine(auth.accountId, query.company)!];
    if (query.unread === '1') filters.push(waiting!);
    const { rows, count } = await pagedRows(
      db,
      db
        .select()
        .from(notifications)
        .where(and(...filters))
        .$dynamic(),
      [desc(notifications.id)],
      query,
    );
    return ok(c, rows.map(toRecord), { count });
  });

  app.get('/unread', async (c) => {
    const query = parseQuery(c, UnreadQuery);
    const auth = c.get('auth');
    await requireMembership(db, auth, query.company);
    const [row] = await db
      .select({ n: count(), latest: max(notifications.id) })
      .from(notifications)
      .where(and(mine(auth.accountId, query.company), waiting));
    return ok<UnreadCount>(c, {
      count: Number(row?.n ?? 0),
      latest_id: row?.latest === null || row?.latest === undefined ? null : Number(row.latest),
    });
  });

  app.put('/notification/:id/read', async (c) => {
    const id = pathId(c);
    const { accountId } = c.get('auth');
    const [row] = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
      .returning();
    if (!row) throw notFound('Không tìm thấy thông báo');
    return ok(c, toRecord(row));
  });

  app.put('/read-all', async (c) => {
    const input = await parseBody(c, ReadAllSchema);
    const auth = c.get('auth');
    await requireMembership(db, auth, input.company);
    const rows = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(mine(auth.accountId, input.company), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return ok(c, { updated: rows.length }, { message: 'Đã đánh dấu tất cả là đã đọc' });
  });

  app.get('/push/key', async (c) => ok(c, { public_key: (await vapidKeys(deps)).publicKey }));

  /** A browser of the caller subscribes (again): push-subscriptions.ts says when it may. */
  app.post('/push/subscription', async (c) => {
    const input = await parseBody(c, PushSubscriptionSchema);
    await saveSubscription(deps, c.get('auth').accountId, input, c.req.header('user-agent')?.slice(0, 300) ?? null);
    return created(c, { endpoint: input.endpoint }, 'Đã bật thông báo trên thiết bị này');
  });

  app.delete('/push/subscription', async (c) => {
    const input = await parseBody(c, UnsubscribeSchema);
    const { accountId } = c.get('auth');
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.accountId, accountId)));
    return ok(c, null, { message: 'Đã tắt thông báo trên thiết bị này' });
  });

  return app;
}
