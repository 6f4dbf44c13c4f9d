/**
 * Saving a browser's Web Push subscription. The endpoint is a URL the server will call, so it must
 * belong to a browser's push service (contract/notifications.ts). A subscription moves to another
 * account only with the browser's own keys (the same browser, another person signed in): knowing an
 * endpoint is not enough to take someone's notifications away. An account keeps its newest
 * MAX_PER_ACCOUNT browsers, so one member cannot make the server call endpoints without end.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { pushEndpointProblem } from '@contract/notifications';
import type { AppDeps } from '@server/kernel/app-types';
import { pushSubscriptions } from '@server/kernel/db/schema';
import { badRequest, conflict } from '@server/kernel/errors';

export const MAX_PER_ACCOUNT = 10;

export const TAKEN_BY_ANOTHER = 'Địa chỉ nhận thông báo này đang thuộc một thiết bị của tài khoản khác';

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export async function saveSubscription(deps: AppDeps, accountId: number, input: Subscription, userAgent: string | null): Promise<void> {
  const problem = pushEndpointProblem(input.endpoint, deps.env.pushServiceHosts);
  if (problem) throw badRequest('VALIDATION_FAILED', problem, { endpoint: problem });
  const values = {
    accountId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent,
    createdAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    const [held] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)).for('update');
    if (held && held.accountId !== accountId && (held.p256dh !== values.p256dh || held.auth !== values.auth)) {
      throw conflict(TAKEN_BY_ANOTHER, { endpoint: TAKEN_BY_ANOTHER });
    }
    await tx.insert(pushSubscriptions).values(values).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.accountId, accountId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PER_ACCOUNT);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.accountId, accountId), notInArray(pushSubscriptions.id, newest)));
  });
}
