/**
 * Labels (product-spec.md §7 "print tags"; docs/delivery.md "Labels"): printtag/ takes up to 100
 * deliveries at once and answers what to open, per carrier account: GHN's and Viettel Post's own
 * print pages (a token they issue), GHTK's PDF through our server (it needs the account's token,
 * which never reaches the browser), and the app's own A6 / 80 mm labels for self delivery. The
 * deliveries are marked printed (printStatus) in the same call.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  DELIVERY_MESSAGES,
  DELIVERY_SWITCH,
  deliveryPaths,
  LABEL_SIZES,
  PrintTagSchema,
  type Carrier,
  type DeliveryRecord,
  type LabelSize,
  type PrintJob,
} from '@contract/delivery';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { deliveryOrders, orders } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { requireSwitch } from '@server/kernel/switches';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { orderScope, requirePermission } from '@server/modules/roles';
import { carrierAccount } from './accounts';
import { carrierClient } from './carriers/clients';
import { askCarrier } from './carrier-errors';
import { deliveryRecords } from './delivery-record';
import { contentDisposition } from '@server/kernel/content-disposition';

const UUID = ':id{[0-9a-fA-F-]{36}}';
const LabelQuery = v.object({ company: companyQueryField, size: v.optional(v.picklist(LABEL_SIZES, 'Khổ giấy không hợp lệ'), 'a5') });

/** The app's own label page for self delivery (src/routes/transport.labels.tsx). */
export const selfLabelsUrl = (ids: readonly string[], size: LabelSize) =>
  `/transport/labels?ids=${ids.join(',')}&size=${size === 'a5' ? 'a6' : size}`;

export function labelRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  async function allowed(c: Context<AppEnv>, companyId: number) {
    const access = await requirePermission(db, c.get('auth'), companyId, 'orders', 'edit');
    await requireSwitch(db, companyId, DELIVERY_SWITCH);
    const scope = await orderScope(db, access);
    return scope ? inArray(deliveryOrders.orderId, db.select({ id: orders.id }).from(orders).where(scope)) : undefined;
  }

  app.post('/printtag', async (c) => {
    const input = await parseBody(c, PrintTagSchema);
    const scope = await allowed(c, input.company);
    const ids = [...new Set(input.deliveries)];
    const found = await deliveryRecords(db, input.company, and(inArray(deliveryOrders.id, ids), scope));
    if (found.length !== ids.length) throw notFound(DELIVERY_MESSAGES.notFound);
    const unready = found.filter((delivery) => delivery.carrier !== 'self' && (!delivery.tracking_code || delivery.status === 'cancelled'));
    if (unready.length > 0) {
      throw conflict(`Chưa in được nhãn của ${unready.map((delivery) => delivery.code).join(', ')}: đơn chưa có mã vận đơn hoặc đã hủy`);
    }
    const groups = new Map<string, DeliveryRecord[]>();
    for (const delivery of found) {
      const key = delivery.carrier === 'self' ? 'self' : `${delivery.connection_id}`;
      groups.set(key, [...(groups.get(key) ?? []), delivery]);
    }
    const jobs: PrintJob[] = [];
    for (const [key, deliveries] of groups) {
      const carrier = deliveries[0]!.carrier as Carrier;
      const groupIds = deliveries.map((delivery) => delivery.id);
      if (key === 'self') {
        jobs.push({ carrier, ids: groupIds, url: selfLabelsUrl(groupIds, input.size), message: null });
        continue;
      }
      const account = await carrierAccount(deps, input.company, deliveries[0]!.connection_id ?? 0);
      const client = carrierClient(deps, account);
      if (carrier === 'ghtk') {
        // A PDF per shipment, fetched through our server with the account's token.
        for (const delivery of deliveries)
          jobs.push({
            carrier,
            ids: [delivery.id],
            url: `${deliveryPaths.carrierLabel(delivery.id)}?company=${input.company}&size=${input.size}`,
            message: null,
          });
        continue;
      }
      const label = await askCarrier(() =>
        client.label(
          deliveries.map((delivery) => delivery.tracking_code!),
          input.size,
        ),
      );
      if (label.kind === 'url') jobs.push({ carrier, ids: groupIds, url: label.url, message: null });
    }
    await db
      .update(deliveryOrders)
      .set({ printStatus: 'printed', printedAt: new Date(), printCount: sql`${deliveryOrders.printCount} + 1`, updatedAt: new Date() })
      .where(and(eq(deliveryOrders.companyId, input.company), inArray(deliveryOrders.id, ids)));
    return ok(c, jobs, { message: `Đã chuẩn bị nhãn của ${ids.length} đơn` });
  });

  app.get(`/printtag/${UUID}/label`, async (c) => {
    const input = parseQuery(c, LabelQuery);
    const scope = await allowed(c, input.company);
    const [delivery] = await deliveryRecords(db, input.company, and(eq(deliveryOrders.id, c.req.param('id')), scope));
    if (!delivery?.tracking_code || delivery.carrier === 'self') throw notFound(DELIVERY_MESSAGES.notFound);
    const account = await carrierAccount(deps, input.company, delivery.connection_id ?? 0);
    const label = await askCarrier(() => carrierClient(deps, account).label([delivery.tracking_code!], input.size));
    if (label.kind === 'url') return c.redirect(label.url);
    return c.body(label.bytes.slice().buffer, 200, {
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition('inline', `nhan-${delivery.tracking_code}.pdf`),
    });
  });

  return app;
}
