/**
 * The carriers' webhooks (docs/delivery.md "Status updates"): no sign-in; the connection named in
 * the path finds the company, and the secret it was given (`?secret=` on the URL registered at
 * GHN or GHTK, the `Authorization` header Viettel Post sends) proves the sender. Each event is kept
 * once (server/kernel/inbound-events.ts; a duplicate delivery changes nothing) and answered at
 * once; a job applies it (./jobs.ts), safe out of order (contract/delivery-status.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { API_CARRIERS, type ApiCarrier } from '@contract/delivery';
import type { AppDeps } from '@server/kernel/app-types';
import { findConnection } from '@server/kernel/connections';
import { providerConnections } from '@server/kernel/db/schema';
import { receiveEvent } from '@server/kernel/inbound-events';
import type { CarrierEvent } from './carriers/carrier';
import { WEBHOOK_PARSERS } from './carriers/webhooks';
import type { CarrierConnection } from './carriers/clients';
import { EVENT_QUEUE } from './jobs';

function sameSecret(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readPayload(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(await request.text()));
  return request.json().catch(() => null);
}

export function deliveryWebhookRoutes(deps: AppDeps) {
  const app = new Hono({ strict: false });
  const refused = { success: false, message: 'Webhook không hợp lệ' };

  app.post('/webhook/:carrier/:connection{[0-9]{1,9}}', async (c) => {
    const carrier = c.req.param('carrier') as ApiCarrier;
    if (!API_CARRIERS.includes(carrier)) return c.json(refused, 404);
    const id = Number(c.req.param('connection'));
    const [owner] = await deps.db
      .select({ companyId: providerConnections.companyId })
      .from(providerConnections)
      .where(eq(providerConnections.id, id));
    const connection = owner
      ? await findConnection<Record<string, unknown>, CarrierConnection['secrets']>(deps, owner.companyId, id)
      : null;
    const secret = c.req.query('secret') ?? c.req.header('authorization') ?? '';
    if (!connection || connection.provider !== carrier || !sameSecret(secret, connection.secrets.webhookSecret))
      return c.json(refused, 401);
    const events: CarrierEvent[] = WEBHOOK_PARSERS[carrier](await readPayload(c.req.raw));
    if (events.length === 0) return c.json({ success: false, message: 'Không đọc được sự kiện' }, 400);
    let fresh = 0;
    for (const event of events) {
      const kept = await receiveEvent(
        deps.db,
        {
          provider: carrier,
          eventKey: `${connection.id}:${event.eventKey}`,
          companyId: connection.companyId,
          payload: { connectionId: connection.id, event },
        },
        EVENT_QUEUE,
      );
      if (kept) fresh += 1;
    }
    if (fresh > 0) deps.jobs.kick();
    // Carriers retry anything but 200: a repeated event is answered as received.
    return c.json({ success: true, received: events.length, new: fresh });
  });

  return app;
}
