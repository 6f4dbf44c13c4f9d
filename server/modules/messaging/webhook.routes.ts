/**
 * Zalo's webhook (docs/messaging.md "Conversations"): no sign-in, the signature decides. The event
 * names its app and OA; each connected OA of that app and id whose OA secret key reproduces the
 * `X-ZEvent-Signature` (sha256 of app id, raw body, timestamp and key) gets the event, kept once per
 * (OA, message or event) by server/kernel/inbound-events.ts and processed by a job after the answer,
 * which Zalo wants within 2 seconds. An event no connected OA's key signs (a bad signature, an OA
 * unknown or disconnected here) is dropped: nothing is kept or done, yet the answer is still 200,
 * because Zalo retries any other answer for hours and may switch the app's webhook off
 * (simulators/zalo/fixtures/webhook-user-send-text.json), which would silence every OA of the app.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { findConnection } from '@server/kernel/connections';
import { zaloOas } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { receiveEvent } from '@server/kernel/inbound-events';
import { ok } from '@server/kernel/respond';
import { NUL_MESSAGE } from '@server/kernel/validate';
import { ZALO_PROVIDER, type ZaloSecrets, type ZaloSettings } from './oa-store';
import { WEBHOOK_QUEUE, type ZaloEvent } from './webhook-events';

const DROPPED = 'Sự kiện Zalo không khớp OA nào đang kết nối (chữ ký không hợp lệ hoặc OA chưa kết nối): đã bỏ qua';

function signatureOk(header: string, appId: string, raw: string, timestamp: string, key: string): boolean {
  const given = header.trim().replace(/^mac=/i, '');
  const expected = crypto.createHash('sha256').update(`${appId}${raw}${timestamp}${key}`).digest('hex');
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The OA an event is about: `oa_id`, else the recipient of what a user sent, else the sender. */
function oaIdOf(event: ZaloEvent): string {
  if (event.oa_id) return String(event.oa_id);
  return String(event.event_name.startsWith('user_') ? (event.recipient?.id ?? '') : (event.sender?.id ?? ''));
}

function eventKey(oaRowId: number, event: ZaloEvent): string {
  const user = event.sender?.id ?? event.follower?.id ?? event.user_id_by_app ?? '';
  return `${oaRowId}:${event.message?.msg_id ?? `${event.event_name}:${user}:${event.timestamp}`}`;
}

export function webhookRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post('/webhook', async (c) => {
    const raw = await c.req.text();
    let event: ZaloEvent;
    try {
      event = JSON.parse(raw) as ZaloEvent;
    } catch {
      throw badRequest('INVALID_JSON');
    }
    if (typeof event !== 'object' || event === null || typeof event.event_name !== 'string' || !event.app_id || !event.timestamp) {
      throw badRequest('VALIDATION_FAILED', 'Sự kiện Zalo thiếu app_id, event_name hoặc timestamp');
    }
    if (raw.includes('\\u0000')) throw badRequest('VALIDATION_FAILED', NUL_MESSAGE);
    const header = c.req.header('x-zevent-signature') ?? '';
    const oaId = oaIdOf(event).slice(0, 40);
    const candidates = await deps.db
      .select()
      .from(zaloOas)
      .where(and(eq(zaloOas.oaId, oaId), eq(zaloOas.appId, String(event.app_id).slice(0, 40))));
    let accepted = 0;
    for (const oa of candidates) {
      const connection = await findConnection<ZaloSettings, ZaloSecrets>(deps, oa.companyId, oa.connectionId);
      const key = connection?.secrets.oaSecretKey;
      if (!connection || connection.status === 'disconnected' || !key || !signatureOk(header, oa.appId, raw, String(event.timestamp), key))
        continue;
      accepted += 1;
      await receiveEvent(
        deps.db,
        { provider: ZALO_PROVIDER, eventKey: eventKey(oa.id, event), companyId: oa.companyId, payload: { oa: oa.id, event } },
        WEBHOOK_QUEUE,
      );
    }
    if (accepted === 0) {
      deps.logger.warn({ event: 'zalo_webhook_dropped', oaId, eventName: event.event_name.slice(0, 60) }, DROPPED);
      return ok(c, { received: false }, { message: DROPPED });
    }
    deps.jobs.kick();
    return ok(c, { received: true });
  });

  return app;
}
