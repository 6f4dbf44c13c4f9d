/**
 * A delivery's temperature readings as its cold goods leave (contract/pharma-cold.ts coldPaths.delivery):
 * GET lists them with the order's cold goods (orders view), POST adds one taken by the caller (orders
 * edit), both with the DLO switch on and only for a delivery whose order is in the caller's scope.
 * Registered on the delivery routes' own app, so they share its sign-in middleware.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { DELIVERY_MESSAGES, DELIVERY_SWITCH } from '@contract/delivery';
import { TemperatureReadingSchema, type TemperatureAnswer } from '@contract/pharma-cold';
import type { PermissionAction } from '@contract/roles';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { deliveryOrders, orders } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { requireSwitch } from '@server/kernel/switches';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { orderScope, requirePermission } from '@server/modules/roles';
import { addReading, readingsOf } from '@server/modules/warehouse';
import { orderGoods } from './order-parcel';

const CompanyQuery = v.object({ company: companyQueryField });
const UUID = ':id{[0-9a-fA-F-]{36}}';

/** The delivery's order, once the caller may do this with orders and sees that order. */
async function deliveryOrder(db: Db, c: Context<AppEnv>, companyId: number, action: PermissionAction) {
  const access = await requirePermission(db, c.get('auth'), companyId, 'orders', action);
  await requireSwitch(db, companyId, DELIVERY_SWITCH);
  const scope = await orderScope(db, access);
  const [row] = await db
    .select({ id: deliveryOrders.id, orderId: deliveryOrders.orderId })
    .from(deliveryOrders)
    .where(
      and(
        eq(deliveryOrders.companyId, companyId),
        eq(deliveryOrders.id, c.req.param('id') ?? ''),
        scope ? inArray(deliveryOrders.orderId, db.select({ id: orders.id }).from(orders).where(scope)) : undefined,
      ),
    );
  if (!row) throw notFound(DELIVERY_MESSAGES.notFound);
  return row;
}

async function answer(db: Db, companyId: number, delivery: { id: string; orderId: string }): Promise<TemperatureAnswer> {
  const goods = await orderGoods(db, companyId, delivery.orderId);
  return { cold_items: goods.cold, readings: await readingsOf(db, companyId, 'delivery', delivery.id, goods.storages) };
}

export function addDeliveryTemperatureRoutes(app: Hono<AppEnv>, { db }: AppDeps) {
  app.get(`/orderdlo/${UUID}/temperature`, async (c) => {
    const input = parseQuery(c, CompanyQuery);
    const delivery = await deliveryOrder(db, c, input.company, 'view');
    return ok(c, await answer(db, input.company, delivery));
  });
  app.post(`/orderdlo/${UUID}/temperature`, async (c) => {
    const input = await parseBody(c, TemperatureReadingSchema);
    const delivery = await deliveryOrder(db, c, input.company, 'edit');
    await addReading(db, {
      companyId: input.company,
      subject: 'delivery',
      subjectId: delivery.id,
      celsius: input.celsius,
      note: input.note,
      accountId: c.get('auth').accountId,
    });
    return created(c, await answer(db, input.company, delivery), 'Đã ghi nhiệt độ');
  });
}
