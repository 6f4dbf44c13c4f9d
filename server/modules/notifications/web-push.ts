/**
 * Web Push (RFC 8030, payload encrypted per RFC 8291, the server identified by VAPID, RFC 8292)
 * with the `web-push` package. The VAPID key pair is kept like the JWT secret
 * (server/kernel/secrets.ts): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, otherwise made by the
 * first server and kept in app_secrets, so every process and restart signs with the same pair and
 * browsers' subscriptions stay valid.
 *
 * One job per notification (dedupe key `push:<id>`) makes one send job per browser of the person
 * (`push:<id>:<subscription>`), retried on its own. Push services have no idempotency key; the
 * `Topic` header (`n<id>`) makes a send repeated after a lost answer replace the undelivered one
 * instead of showing twice. A subscription the service says is gone (404, 410) is deleted; 429,
 * 5xx and network failures are retried; another refusal is final. Only endpoints of browsers' push
 * services are called, and only at public addresses (server/lib/outbound-guard.ts): a subscription
 * that fails either is deleted, never retried.
 */
import { eq } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { pushEndpointProblem, type PushPayload } from '@contract/notifications';
import { HELP_DESK } from '@contract/auth-help-desk';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { appSecrets, notifications, pushSubscriptions } from '@server/kernel/db/schema';
import { enqueueJob, PermanentJobError, RetryLaterError, type JobHandler } from '@server/kernel/jobs';
import { InternalAddressError, publicOnlyAgent } from '@server/lib/outbound-guard';
import { PUSH_QUEUE, PUSH_SEND_QUEUE } from './push-queue';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const loaded = new WeakMap<Db, Promise<VapidKeys>>();

async function loadOrMake(deps: Pick<AppDeps, 'db' | 'env'>): Promise<VapidKeys> {
  const subject = deps.env.vapid.subject ?? `mailto:${HELP_DESK.email}`;
  if (deps.env.vapid.publicKey && deps.env.vapid.privateKey)
    return { publicKey: deps.env.vapid.publicKey, privateKey: deps.env.vapid.privateKey, subject };
  await deps.db
    .insert(appSecrets)
    .values({ name: 'vapid', value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
  if (!row) throw new Error('could not store the VAPID keys');
  const keys = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { ...keys, subject };
}

export function vapidKeys(deps: Pick<AppDeps, 'db' | 'env'>): Promise<VapidKeys> {
  let keys = loaded.get(deps.db);
  if (!keys) {
    keys = loadOrMake(deps);
    keys.catch(() => loaded.delete(deps.db));
    loaded.set(deps.db, keys);
  }
  return keys;
}

/** Fans a notification out: one send job per browser of the person, each retried on its own. */
export const PUSH_JOB: JobHandler<{ notificationId: number }> = {
  queue: PUSH_QUEUE,
  async run(job, deps) {
    const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, job.payload.notificationId));
    // Read or settled before it could be pushed: nothing to say any more.
    if (!row || row.readAt || row.resolvedAt) return { browsers: 0 };
    const subscriptions = await deps.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.accountId, row.accountId));
    for (const subscription of subscriptions) {
      await enqueueJob(deps.db, {
        queue: PUSH_SEND_QUEUE,
        fairKey: `account:${row.accountId}`,
        payload: { notificationId: row.id, subscriptionId: subscription.id },
        dedupeKey: `push:${row.id}:${subscription.id}`,
        maxAttempts: 5,
      });
    }
    if (subscriptions.length > 0) deps.jobs.kick();
    return { browsers: subscriptions.length };
  },
};

export const PUSH_SEND_JOB: JobHandler<{ notificationId: number; subscriptionId: number }> = {
  queue: PUSH_SEND_QUEUE,
  // Endpoints are what browsers (or callers) gave: half the loops at most, one person's one at a time.
  concurrency: 2,
  perKey: 1,
  async run(job, deps) {
    const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, job.payload.notificationId));
    const [subscription] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, job.payload.subscriptionId));
    // The browser moved to another account (same endpoint) or unsubscribed: not theirs to see.
    if (!row || !subscription || subscription.accountId !== row.accountId) return { sent: false };
    // Saved before the endpoint rule, or the settings changed: not a push service, never called.
    if (pushEndpointProblem(subscription.endpoint, deps.env.pushServiceHosts)) return forget(deps, subscription.id, 'refused');
    const payload: PushPayload = { id: row.id, title: row.title, body: row.body, link: row.link, company: row.companyId };
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: await vapidKeys(deps),
          TTL: 24 * 60 * 60,
          topic: `n${row.id}`,
          urgency: 'normal',
          // A push service answers in well under a second; a hung endpoint must not hold a job loop.
          timeout: Math.min(deps.env.providerTimeoutMs, PUSH_TIMEOUT_MS),
          agent: publicOnlyAgent(new Set(deps.env.pushServiceHosts)),
        },
      );
      return { sent: true };
    } catch (error) {
      if (error instanceof InternalAddressError) return forget(deps, subscription.id, 'refused');
      const status = error instanceof WebPushError ? error.statusCode : 0;
      if (status === 404 || status === 410) return forget(deps, subscription.id, 'gone');
      if (status === 429) throw new RetryLaterError('Dịch vụ Web Push đang giới hạn, sẽ gửi lại sau', 10_000);
      if (status === 0 || status >= 500) throw new Error(`Không gửi được tới dịch vụ Web Push (${status || 'mạng'})`, { cause: error });
      throw new PermanentJobError(`Dịch vụ Web Push từ chối thông báo (${status})`);
    }
  },
};

const PUSH_TIMEOUT_MS = 5_000;

/** The subscription is dropped: the service says it is gone, or its endpoint is one the server never calls. */
async function forget(deps: AppDeps, subscriptionId: number, why: 'gone' | 'refused') {
  await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  return { sent: false, [why]: true };
}
