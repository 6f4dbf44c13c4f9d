/**
 * Writing notifications, in the transaction of the event that causes them, with a Web Push job for
 * each (./web-push.ts). A waiting item (`subjectKey`) is sent once per person while it waits and is
 * resolved for everyone when someone acts on it.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationKind } from '@contract/notifications';
import type { Db } from '@server/kernel/db/client';
import { notifications, pushSubscriptions } from '@server/kernel/db/schema';
import { enqueueJob } from '@server/kernel/jobs';
import { PUSH_QUEUE } from './push-queue';

export type NewNotification = {
  companyId: number | null;
  kind: NotificationKind;
  subjectKey?: string | null;
  title: string;
  body?: string;
  link?: string | null;
};

/** Notifies each account once (the one who caused it is left out by the callers). */
export async function notify(tx: Db, accountIds: readonly number[], notification: NewNotification): Promise<number[]> {
  const recipients = [...new Set(accountIds)];
  if (recipients.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      recipients.map((accountId) => ({
        accountId,
        companyId: notification.companyId,
        kind: notification.kind,
        subjectKey: notification.subjectKey ?? null,
        title: notification.title.slice(0, 300),
        body: (notification.body ?? '').slice(0, 1000),
        link: notification.link ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id, accountId: notifications.accountId });
  // Pushed only to people with a browser subscribed: the others' bells ask the server.
  const subscribed = new Set(
    rows.length === 0
      ? []
      : (
          await tx
            .selectDistinct({ accountId: pushSubscriptions.accountId })
            .from(pushSubscriptions)
            .where(
              inArray(
                pushSubscriptions.accountId,
                rows.map((row) => row.accountId),
              ),
            )
        ).map((row) => row.accountId),
  );
  for (const row of rows.filter((candidate) => subscribed.has(candidate.accountId))) {
    await enqueueJob(tx, { queue: PUSH_QUEUE, payload: { notificationId: row.id }, dedupeKey: `push:${row.id}`, maxAttempts: 5 });
  }
  return rows.map((row) => row.id);
}

/** The item no longer waits (approved, refused, withdrawn): for everyone it was sent to. */
export async function resolveWaiting(tx: Db, companyId: number, subjectKeys: readonly string[]): Promise<void> {
  if (subjectKeys.length === 0) return;
  await tx
    .update(notifications)
    .set({ resolvedAt: new Date() })
    .where(
      and(eq(notifications.companyId, companyId), inArray(notifications.subjectKey, [...subjectKeys]), isNull(notifications.resolvedAt)),
    );
}
